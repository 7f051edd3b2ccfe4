// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { siteUnderTest } from '../testing/site-under-test.ts';
import type { FormConfig, Section } from '../generated/config-types.ts';
import { renderSite } from '../testing/render-site.tsx';
import type { SectionType } from './registry.ts';

afterEach(cleanup);

const config = siteUnderTest();

const firstInfluencer = config.influencers[0]!;

/** The first page in config that shows a section of this type, and that section; undefined when no page does. */
function firstUse<T extends SectionType>(
  type: T,
): { path: string; section: Extract<Section, { type: T }> } | undefined {
  for (const page of config.pages) {
    const section = page.sections.find((candidate) => candidate.type === type);
    const path =
      page.route === '*' ? '/__no-page-has-this-address__' : page.route.replace(':id', String(firstInfluencer.id));
    if (section) return { path, section: section as Extract<Section, { type: T }> };
  }
  return undefined;
}

/** The address of a profile, from the page whose route has :id. */
const profilePath = (id: number | string) =>
  config.pages.find((page) => page.route.includes(':id'))!.route.replace(':id', String(id));

/**
 * Some link among those with a name goes where config says (the same words may also be a link elsewhere on the page).
 */
function expectLink(links: HTMLElement[], href: string) {
  expect(links.map((link) => link.getAttribute('href'))).toContain(href);
}

/** The config of a form of config/forms/, as the page that shows it loads it. */
async function formConfig(name: string): Promise<FormConfig> {
  const module = (await import(/* @vite-ignore */ `virtual:form/${name}`)) as { form: FormConfig };
  return module.form;
}

/** A test per section type, run when the site has a page that uses the type, and skipped with the reason when not. */
function itRenders<T extends SectionType>(
  type: T,
  what: string,
  check: (use: { path: string; section: Extract<Section, { type: T }> }) => Promise<void>,
) {
  const use = firstUse(type);
  (use ? it : it.skip)(`${type}: ${what}`, () => check(use!));
}

describe('each section type renders its config', () => {
  itRenders('video-hero', 'the h1, its text and actions over the poster', async ({ path, section }) => {
    await renderSite(path);
    expect(await screen.findByRole('heading', { level: 1, name: section.heading })).toBeTruthy();
    expect(screen.getAllByText(section.text).length).toBeGreaterThan(0);
    for (const action of section.actions) expectLink(screen.getAllByRole('link', { name: action.label }), action.href);
    expect(document.querySelector(`img[src="${section.video.poster}"]`)).toBeTruthy();
  });

  itRenders('page-hero', 'eyebrow, h1, text and stats', async ({ path, section }) => {
    await renderSite(path);
    expect(await screen.findByRole('heading', { level: 1, name: section.heading })).toBeTruthy();
    expect(screen.getAllByText(section.text).length).toBeGreaterThan(0);
  });

  itRenders('project-highlights', 'the first projects as cards linking to the portfolio', async ({ path, section }) => {
    await renderSite(path);
    const heading = await screen.findByRole('heading', { level: 2, name: section.heading });
    const block = heading.closest('section')!;
    const titles = within(block)
      .getAllByRole('heading', { level: 3 })
      .map((node) => node.textContent);
    expect(titles).toEqual(config.projects.slice(0, section.limit).map((project) => project.title));
    expectLink(within(block).getAllByRole('link', { name: section.action.label }), section.action.href);
  });

  itRenders('service-highlights', 'a card per service', async ({ path, section }) => {
    await renderSite(path);
    const block = (await screen.findByRole('heading', { level: 2, name: section.heading })).closest('section')!;
    expect(
      within(block)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([...config.services.map((service) => service.name), section.action.label]);
  });

  itRenders('project-gallery', 'every project and the filters, the first one pressed', async ({ path, section }) => {
    await renderSite(path);
    const group = await screen.findByRole('group', { name: section.filtersLabel });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(section.filters.map((filter) => filter.label));
    expect(within(group).getAllByRole('button')[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('article')).toHaveLength(config.projects.length);
  });

  itRenders('service-details', 'each service with all its features', async ({ path }) => {
    await renderSite(path);
    for (const service of config.services) {
      const headings = await screen.findAllByRole('heading', { level: 3, name: service.name });
      const card = headings.map((heading) => heading.closest('article')).find(Boolean)!;
      // A link to /services#<id> leads to the service.
      expect(card.id).toBe(service.id);
      expect(
        within(card)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(service.features);
    }
  });

  itRenders('process-steps', 'the steps in order', async ({ path, section }) => {
    await renderSite(path);
    const block = (await screen.findByRole('heading', { level: 2, name: section.heading })).closest('section')!;
    expect(
      within(block)
        .getAllByRole('heading', { level: 3 })
        .map((node) => node.textContent),
    ).toEqual(config.processSteps.map((step) => step.title));
  });

  itRenders('point-grid', 'the points of the collection it names', async ({ path, section }) => {
    await renderSite(path);
    const block = (await screen.findByRole('heading', { level: 2, name: section.heading })).closest('section')!;
    const source = config.points[section.source]!;
    expect(
      within(block)
        .getAllByRole('heading', { level: 3 })
        .map((node) => node.textContent),
    ).toEqual(source.map((point) => point.title));
  });

  itRenders(
    'influencer-directory',
    'search, both filter groups, the count and a card per influencer of the first page',
    async ({ path, section }) => {
      await renderSite(path);
      expect(await screen.findByRole('searchbox', { name: section.searchLabel })).toBeTruthy();
      expect(
        within(screen.getByRole('group', { name: section.platformFilterLabel })).getAllByRole('button'),
      ).toHaveLength(config.platforms.length + 1);
      expect(within(screen.getByRole('group', { name: section.nicheFilterLabel })).getAllByRole('button')).toHaveLength(
        config.niches.length + 1,
      );
      const count = config.influencers.length;
      expect(screen.getByRole('status').textContent).toBe(
        (count === 1 ? section.countOne : section.countOther).replace('{count}', String(count)),
      );
      for (const influencer of config.influencers.slice(0, section.pageSize))
        expectLink(screen.getAllByRole('link', { name: influencer.name }), profilePath(influencer.id));
      expect(screen.getAllByRole('article')).toHaveLength(Math.min(count, section.pageSize));
    },
  );

  itRenders(
    'influencer-profile',
    'the influencer of the address, titled with their name',
    async ({ path, section }) => {
      await renderSite(path);
      expect(await screen.findByRole('heading', { level: 1, name: firstInfluencer.name })).toBeTruthy();
      expect(screen.getAllByText(firstInfluencer.rates).length).toBeGreaterThan(0);
      expectLink(screen.getAllByRole('link', { name: section.backAction.label }), section.backAction.href);
      expect(document.title).toContain(firstInfluencer.name);
    },
  );

  itRenders('influencer-profile', 'not found for an unknown or non-numeric id', async ({ section }) => {
    const unusedId = Math.max(...config.influencers.map((influencer) => influencer.id)) + 1;
    for (const id of [String(unusedId), 'abc']) {
      await renderSite(profilePath(id));
      expect(await screen.findByRole('heading', { level: 1, name: section.notFound.heading })).toBeTruthy();
      expect(document.title).toBe(section.notFound.title);
      cleanup();
    }
  });

  itRenders('story', 'paragraphs, facts and mission', async ({ path, section }) => {
    await renderSite(path);
    expect(await screen.findByRole('heading', { level: 2, name: section.heading })).toBeTruthy();
    for (const paragraph of section.paragraphs) expect(screen.getAllByText(paragraph).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('heading', { level: 3, name: section.mission.title }).length).toBeGreaterThan(0);
  });

  itRenders('contact-panel', 'the form slot beside email, phone, office and socials', async ({ path, section }) => {
    await renderSite(path);
    expect(await screen.findByRole('heading', { level: 2, name: section.formHeading })).toBeTruthy();
    expectLink(screen.getAllByRole('link', { name: config.site.contact.email }), `mailto:${config.site.contact.email}`);
    expect(
      screen
        .getAllByRole('link', { name: config.site.contact.phone })
        .some((link) => /^tel:\+?[0-9]+$/.test(link.getAttribute('href') ?? '')),
    ).toBe(true);
    for (const social of config.site.socials)
      expectLink(screen.getAllByRole('link', { name: social.label }), social.url);
    expect(await screen.findByRole('button', { name: (await formConfig(section.form)).submit.label })).toBeTruthy();
  });

  itRenders('faq-list', 'every question with its answer', async ({ path, section }) => {
    await renderSite(path);
    expect(await screen.findByRole('heading', { level: 2, name: section.heading })).toBeTruthy();
    for (const faq of config.faqs) {
      expect(screen.getAllByText(faq.question).length).toBeGreaterThan(0);
      expect(screen.getAllByText(faq.answer).length).toBeGreaterThan(0);
    }
  });

  itRenders('form', 'the form it names', async ({ path, section }) => {
    await renderSite(path);
    expect(await screen.findByRole('button', { name: (await formConfig(section.form)).submit.label })).toBeTruthy();
  });

  itRenders('call-to-action', 'heading, text and buttons', async ({ path, section }) => {
    await renderSite(path);
    const block = (await screen.findByRole('heading', { level: 2, name: section.heading })).closest('section')!;
    for (const action of section.actions)
      expectLink(within(block).getAllByRole('link', { name: action.label }), action.href);
  });

  itRenders('not-found', 'code, heading, Go Home and Go Back', async ({ path, section }) => {
    await renderSite(path);
    expect(await screen.findByRole('heading', { level: 1, name: section.heading })).toBeTruthy();
    expect(screen.getAllByText(section.code).length).toBeGreaterThan(0);
    expectLink(screen.getAllByRole('link', { name: section.homeAction.label }), section.homeAction.href);
    expect(screen.getAllByRole('button', { name: section.backLabel }).length).toBeGreaterThan(0);
  });
});
