// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import config from 'virtual:site-shell';
import { AppProviders } from '../app/App.tsx';
import { createRoutes } from '../app/routes.tsx';
import type { Page } from '../generated/config-types.ts';
import { SiteLayout } from '../layout/SiteLayout.tsx';
import { ErrorBoundary, ErrorResetKey } from '../layout/ErrorScreen.tsx';
import { renderSite } from '../testing/render-site.tsx';

afterEach(cleanup);

describe('the page renderer', () => {
  it('renders a page of existing sections, in order, from config alone', async () => {
    // A route and texts no author would pick, so the page never meets one of config/.
    const testPage: Page = {
      route: '/__renderer-test-page__',
      title: 'Renderer test page title',
      description: 'Renderer test page description.',
      sections: [
        { type: 'page-hero', heading: 'Renderer test heading', text: 'Renderer test text.' },
        {
          type: 'call-to-action',
          heading: 'Renderer test call',
          actions: [{ label: 'Renderer test action', href: '/' }],
        },
      ],
    };
    await renderSite(testPage.route, createRoutes({ pages: [...config.pages, testPage] }));
    const first = await screen.findByRole('heading', { level: 1, name: 'Renderer test heading' });
    const second = await screen.findByRole('heading', { level: 2, name: 'Renderer test call' });
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.title).toBe(testPage.title);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(testPage.description);
  });

  it("describes a profile with its creator's bio in words, as a page's description can only be", async () => {
    const profile = config.pages.find((page) => page.route === '/influencers/:id')!;
    const described: Page = { ...profile, description: 'About them: {influencer.bio}' };
    const pages = config.pages.map((page) => (page === profile ? described : page));
    await renderSite('/influencers/1', createRoutes({ pages }));
    await screen.findByRole('heading', { level: 1 });
    const bio = document.querySelector('[aria-labelledby="profile-about"] p')!.textContent;
    expect(bio).toBeTruthy();
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(`About them: ${bio}`);
  });

  it('draws entries that say the same thing twice (a duplicated button, stat or paragraph) without a warning', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const twice: Page = {
      route: '/__renderer-test-twice__',
      title: 'Twice',
      description: 'Twice.',
      sections: [
        {
          type: 'page-hero',
          heading: 'Twice heading',
          text: 'Twice text.',
          stats: [
            { value: '1', label: 'Same' },
            { value: '1', label: 'Same' },
          ],
        },
        {
          type: 'call-to-action',
          heading: 'Twice call',
          actions: [
            { label: 'Same', href: '/' },
            { label: 'Same', href: '/' },
          ],
        },
      ],
    };
    await renderSite(twice.route, createRoutes({ pages: [twice] }));
    expect(await screen.findAllByRole('link', { name: 'Same' })).toHaveLength(2);
    expect(screen.getAllByText('Same', { selector: 'dd, dt, p, span, div' }).length).toBeGreaterThanOrEqual(2);
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    errors.mockRestore();
  });

  it('shows a visible placeholder, never nothing, for a section type it does not know (development build)', async () => {
    const broken = {
      route: '/__renderer-test-broken__',
      title: 'Broken',
      description: 'Broken page.',
      sections: [{ type: 'carousel' }],
    } as unknown as Page;
    await renderSite(broken.route, createRoutes({ pages: [broken] }));
    expect((await screen.findByRole('alert')).textContent).toContain('Unknown section type "carousel"');
  });

  it('shows "Unexpected Application Error!" when a page fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Failing = () => {
      throw new Error('boom');
    };
    await renderSite('/', [
      {
        path: '/',
        element: (
          <ErrorBoundary>
            <SiteLayout />
          </ErrorBoundary>
        ),
        children: [{ index: true, element: <Failing /> }],
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    vi.restoreAllMocks();
  });

  it("draws again once what failed changes, where a reset key is given (the editor's preview after the next edit)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    const Sometimes = () => {
      if (failing) throw new Error('boom');
      return <p>Drawn again</p>;
    };
    const at = (key: number) => (
      <AppProviders>
        <ErrorResetKey value={key}>
          <ErrorBoundary>
            <Sometimes />
          </ErrorBoundary>
        </ErrorResetKey>
      </AppProviders>
    );
    const { rerender } = render(at(1));
    expect(await screen.findByRole('heading', { level: 1, name: config.site.errorScreen.heading })).toBeTruthy();
    // The same key again: still the error screen, whatever changed meanwhile.
    failing = false;
    rerender(at(1));
    expect(screen.queryByText('Drawn again')).toBeNull();
    rerender(at(2));
    expect(await screen.findByText('Drawn again')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
