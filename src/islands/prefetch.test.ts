// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { prefetchOnIntent, speculationRules } from './prefetch.ts';

/** A link on the page, pointed at as a visitor's mouse would. */
function pointAt(href: string, attributes: Record<string, string> = {}): void {
  const link = Object.assign(document.createElement('a'), { href });
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  link.append(document.createElement('span'));
  document.body.append(link);
  link.firstElementChild!.dispatchEvent(new Event('pointerover', { bubbles: true }));
}

const prefetched = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.getAttribute('href'));

describe('prefetching where Speculation Rules are not read', () => {
  // jsdom, like Firefox and Safari today, does not read Speculation Rules.
  beforeAll(() => prefetchOnIntent());

  it('fetches a page of the site once when the visitor points at its link, and nothing else', () => {
    window.history.replaceState(null, '', '/about');
    pointAt('/work');
    pointAt('/work');
    pointAt('/influencers?q=ama');
    pointAt('/about');
    pointAt('/media/hero-poster.jpg');
    pointAt('https://elsewhere.example/work');
    pointAt('/contact', { target: '_blank' });
    pointAt('/media/brochure', { download: '' });
    expect(prefetched()).toEqual(['/work', '/influencers?q=ama']);
  });
});

describe('Speculation Rules', () => {
  it('name the pages of the site, in its folder, and no file', () => {
    expect(JSON.parse(speculationRules('/loom-site'))).toEqual({
      prefetch: [
        {
          source: 'document',
          where: { and: [{ href_matches: '/loom-site/*' }, { not: { href_matches: '/loom-site/*.*' } }] },
          eagerness: 'moderate',
        },
      ],
    });
  });
});
