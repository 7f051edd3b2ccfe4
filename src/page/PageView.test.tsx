// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import config from 'virtual:site-config';
import { createRoutes } from '../app/routes';
import type { Page } from '../generated/config-types';
import { SiteLayout } from '../layout/SiteLayout';
import { ErrorBoundary } from '../layout/ErrorScreen';
import { renderSite } from './render-site.test-support';

afterEach(cleanup);

describe('the page renderer', () => {
  it('renders a page of existing sections, in order, from config alone', async () => {
    const careers: Page = {
      route: '/careers',
      title: 'Careers | Test',
      description: 'Work with us.',
      sections: [
        { type: 'page-hero', heading: 'Join the Team', text: 'We are hiring.' },
        { type: 'call-to-action', heading: 'Say hello', actions: [{ label: 'Contact Us', href: '/contact' }] },
      ],
    };
    renderSite('/careers', createRoutes({ pages: [...config.pages, careers] }));
    const first = await screen.findByRole('heading', { level: 1, name: 'Join the Team' });
    const second = await screen.findByRole('heading', { level: 2, name: 'Say hello' });
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.title).toBe('Careers | Test');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Work with us.');
  });

  it('shows a visible placeholder, never nothing, for a section type it does not know (development build)', async () => {
    const broken = { route: '/broken', title: 'Broken', description: 'Broken page.', sections: [{ type: 'carousel' }] } as unknown as Page;
    renderSite('/broken', createRoutes({ pages: [broken] }));
    expect((await screen.findByRole('alert')).textContent).toContain('Unknown section type "carousel"');
  });

  it('shows "Unexpected Application Error!" when a page fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Failing = () => {
      throw new Error('boom');
    };
    renderSite('/', [{ path: '/', element: <ErrorBoundary><SiteLayout /></ErrorBoundary>, children: [{ index: true, element: <Failing /> }] }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    vi.restoreAllMocks();
  });
});
