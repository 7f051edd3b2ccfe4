// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import config from 'virtual:site-config';
import type { Section } from '../generated/config-types';
import { renderSite } from '../page/render-site.test-support';
import type { SectionType } from './registry';

afterEach(cleanup);

/** The first page in config that shows a section of this type, and that section. */
function firstUse<T extends SectionType>(type: T): { path: string; section: Extract<Section, { type: T }> } {
  for (const page of config.pages) {
    const section = page.sections.find((candidate) => candidate.type === type);
    if (section) return { path: page.route === '*' ? '/no-such-page' : page.route.replace(':id', '1'), section: section as Extract<Section, { type: T }> };
  }
  throw new Error(`No page uses ${type}`);
}

describe('each section type renders its config', () => {
  it('video-hero: the h1, its text and actions over the poster', async () => {
    const { path, section } = firstUse('video-hero');
    renderSite(path);
    expect(await screen.findByRole('heading', { level: 1, name: section.heading })).toBeTruthy();
    expect(screen.getByText(section.text)).toBeTruthy();
    for (const action of section.actions) expect(screen.getAllByRole('link', { name: action.label })[0]!.getAttribute('href')).toBe(action.href);
    expect(document.querySelector(`img[src="${section.video.poster}"]`)).toBeTruthy();
  });

  it('page-hero: eyebrow, h1, text and stats', async () => {
    const { path, section } = firstUse('page-hero');
    renderSite(path);
    expect(await screen.findByRole('heading', { level: 1, name: section.heading })).toBeTruthy();
    expect(screen.getByText(section.text)).toBeTruthy();
  });

  it('project-highlights: the first projects as cards linking to the portfolio', async () => {
    const { path, section } = firstUse('project-highlights');
    renderSite(path);
    const heading = await screen.findByRole('heading', { level: 2, name: section.heading });
    const block = heading.closest('section')!;
    const titles = within(block).getAllByRole('heading', { level: 3 }).map((node) => node.textContent);
    expect(titles).toEqual(config.projects.slice(0, section.limit).map((project) => project.title));
    expect(within(block).getByRole('link', { name: section.action.label }).getAttribute('href')).toBe(section.action.href);
  });

  it('service-highlights: a card per service', async () => {
    const { path, section } = firstUse('service-highlights');
    renderSite(path);
    const block = (await screen.findByRole('heading', { level: 2, name: section.heading })).closest('section')!;
    expect(within(block).getAllByRole('link').map((link) => link.textContent)).toEqual([...config.services.map((service) => service.name), section.action.label]);
  });

  it('project-gallery: every project and the filters, the first one pressed', async () => {
    const { path, section } = firstUse('project-gallery');
    renderSite(path);
    const group = await screen.findByRole('group', { name: section.filtersLabel });
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual(section.filters.map((filter) => filter.label));
    expect(within(group).getByRole('button', { name: section.filters[0]!.label }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('article')).toHaveLength(config.projects.length);
  });

  it('service-details: each service with all its features', async () => {
    const { path } = firstUse('service-details');
    renderSite(path);
    for (const service of config.services) {
      const headings = await screen.findAllByRole('heading', { level: 3, name: service.name });
      const card = headings.map((heading) => heading.closest('article')).find(Boolean)!;
      expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual(service.features);
    }
  });

  it('process-steps: the steps in order', async () => {
    const { path, section } = firstUse('process-steps');
    renderSite(path);
    const block = (await screen.findByRole('heading', { level: 2, name: section.heading })).closest('section')!;
    expect(within(block).getAllByRole('heading', { level: 3 }).map((node) => node.textContent)).toEqual(config.processSteps.map((step) => step.title));
  });

  it('point-grid: the points of the collection it names', async () => {
    const { path, section } = firstUse('point-grid');
    renderSite(path);
    const block = (await screen.findByRole('heading', { level: 2, name: section.heading })).closest('section')!;
    const source = section.source === 'values' ? config.values : config.whyChoose;
    expect(within(block).getAllByRole('heading', { level: 3 }).map((node) => node.textContent)).toEqual(source.map((point) => point.title));
  });

  it('influencer-directory: search, both filter groups, the count and a card per influencer', async () => {
    const { path, section } = firstUse('influencer-directory');
    renderSite(path);
    expect(await screen.findByRole('searchbox', { name: section.searchLabel })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: section.platformFilterLabel })).getAllByRole('button')).toHaveLength(config.platforms.length + 1);
    expect(within(screen.getByRole('group', { name: section.nicheFilterLabel })).getAllByRole('button')).toHaveLength(config.niches.length + 1);
    expect(screen.getByRole('status').textContent).toBe(section.countOther.replace('{count}', String(config.influencers.length)));
    for (const influencer of config.influencers) expect(screen.getByRole('link', { name: influencer.name }).getAttribute('href')).toBe(`/influencers/${influencer.id}`);
  });

  it('influencer-profile: the influencer of the address, titled with their name', async () => {
    const { section } = firstUse('influencer-profile');
    const amara = config.influencers[0]!;
    renderSite(`/influencers/${amara.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: amara.name })).toBeTruthy();
    expect(screen.getByText(amara.rates)).toBeTruthy();
    expect(screen.getByRole('link', { name: section.backAction.label }).getAttribute('href')).toBe(section.backAction.href);
    expect(document.title).toContain(amara.name);
  });

  it('influencer-profile: not found for an unknown or non-numeric id', async () => {
    const { section } = firstUse('influencer-profile');
    for (const id of ['999', 'abc']) {
      renderSite(`/influencers/${id}`);
      expect(await screen.findByRole('heading', { level: 1, name: section.notFound.heading })).toBeTruthy();
      expect(document.title).toBe(section.notFound.title);
      cleanup();
    }
  });

  it('story: paragraphs, facts and mission', async () => {
    const { path, section } = firstUse('story');
    renderSite(path);
    expect(await screen.findByRole('heading', { level: 2, name: section.heading })).toBeTruthy();
    for (const paragraph of section.paragraphs) expect(screen.getByText(paragraph)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: section.mission.title })).toBeTruthy();
  });

  it('contact-panel: the form slot beside email, phone, office and socials', async () => {
    const { path, section } = firstUse('contact-panel');
    renderSite(path);
    expect(await screen.findByRole('heading', { level: 2, name: section.formHeading })).toBeTruthy();
    expect(screen.getByRole('link', { name: config.site.contact.email }).getAttribute('href')).toBe(`mailto:${config.site.contact.email}`);
    expect(screen.getByRole('link', { name: config.site.contact.phone }).getAttribute('href')).toMatch(/^tel:\+?[0-9]+$/);
    for (const social of config.site.socials) expect(screen.getByRole('link', { name: social.label }).getAttribute('href')).toBe(social.url);
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeTruthy();
  });

  it('faq-list: every question with its answer', async () => {
    const { path, section } = firstUse('faq-list');
    renderSite(path);
    expect(await screen.findByRole('heading', { level: 2, name: section.heading })).toBeTruthy();
    for (const faq of config.faqs) {
      expect(screen.getByText(faq.question)).toBeTruthy();
      expect(screen.getByText(faq.answer)).toBeTruthy();
    }
  });

  it('form: the form it names', async () => {
    const { path } = firstUse('form');
    renderSite(path);
    expect(await screen.findByRole('button', { name: 'Submit Application' })).toBeTruthy();
  });

  it('call-to-action: heading, text and buttons', async () => {
    const { path, section } = firstUse('call-to-action');
    renderSite(path);
    const block = (await screen.findByRole('heading', { level: 2, name: section.heading })).closest('section')!;
    for (const action of section.actions) expect(within(block).getByRole('link', { name: action.label }).getAttribute('href')).toBe(action.href);
  });

  it('not-found: code, heading, Go Home and Go Back', async () => {
    const { path, section } = firstUse('not-found');
    renderSite(path);
    expect(await screen.findByRole('heading', { level: 1, name: section.heading })).toBeTruthy();
    expect(screen.getByText(section.code)).toBeTruthy();
    expect(screen.getByRole('link', { name: section.homeAction.label }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: section.backLabel })).toBeTruthy();
  });
});
