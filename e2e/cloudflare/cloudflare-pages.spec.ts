import { DELIVERY_PORTS, siteUrl } from '../ports.ts';
import { expect, test, visit } from '../fixtures.ts';

/**
 * The built site under Cloudflare Pages' own local runtime (wrangler pages dev, the program Cloudflare ships for
 * this), as the host would serve it: its _headers, its 404 rules, its caching. The site is the spec site whose forms
 * post to a receiver (test-results/delivery-json), so its policy must let pages connect there and nowhere else.
 */
const receiver = siteUrl(DELIVERY_PORTS.json.receiver);
const PAGES = [
  '/',
  '/work/',
  '/services/',
  '/influencers/',
  '/influencers/1/',
  '/influencers/apply/',
  '/about/',
  '/contact/',
];

test.describe('under Cloudflare Pages (wrangler pages dev)', () => {
  test('every page gets the security headers, and the same policy inside the page for hosts without headers', async ({
    request,
  }) => {
    for (const path of [...PAGES, '/no-such-page']) {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = headers['content-security-policy']!;
      expect(csp, path).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp.split('; ').filter((directive) => directive.startsWith('connect-src'))).toEqual([
        `connect-src 'self' ${receiver}`,
      ]);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      // A <meta> policy cannot carry frame-ancestors; everything else is the same, word for word.
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/
        .exec(await response.text())?.[1]
        ?.replace(/&#39;|&apos;/g, "'");
      expect(meta, path).toBe(
        csp
          .split('; ')
          .filter((directive) => !directive.startsWith('frame-ancestors'))
          .join('; '),
      );
    }
  });

  test('pages answer at their folder address, and the short address redirects there', async ({ request }) => {
    for (const path of PAGES) expect((await request.get(path)).status(), path).toBe(200);
    const short = await request.get('/about', { maxRedirects: 0 });
    expect([301, 308]).toContain(short.status());
    expect(new URL(short.headers().location!, 'http://host').pathname).toBe('/about/');
  });

  test('every link, script, picture, canonical address and sitemap entry answers without a redirect', async ({
    request,
  }) => {
    test.setTimeout(120_000);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, address]) => new URL(address!).pathname);
    expect(listed.length).toBeGreaterThan(PAGES.length - 1);
    // Every page the sitemap lists, and every page and file they name, followed from page to page.
    const toVisit = [...new Set(['/', ...listed])];
    const foundOn = new Map<string, string>(toVisit.map((path) => [path, '/sitemap.xml']));
    const hops: string[] = [];
    for (let index = 0; index < toVisit.length; index++) {
      const path = toVisit[index]!;
      const response = await request.get(path, { maxRedirects: 0 });
      if (response.status() !== 200) {
        hops.push(
          `${path} (named on ${foundOn.get(path)}) answers ${response.status()}${response.headers().location ? ` -> ${response.headers().location}` : ''}`,
        );
        continue;
      }
      if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) continue;
      const html = await response.text();
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      const named = [
        ...[...html.matchAll(/\s(?:href|src|poster)="(\/(?!\/)[^"#]*)/g)].map(([, target]) => target!),
        ...(canonical ? [new URL(canonical).pathname] : []),
      ];
      for (const target of named) {
        if (foundOn.has(target)) continue;
        foundOn.set(target, path);
        toVisit.push(target);
      }
    }
    expect(toVisit.length).toBeGreaterThan(listed.length);
    expect(hops).toEqual([]);
  });

  test('unknown addresses answer 404 with the nearest not-found page', async ({ request }) => {
    for (const [path, heading] of [
      ['/no-such-page', 'Page Not Found'],
      ['/deep/no/such/page', 'Page Not Found'],
      ['/influencers/999', 'Influencer Not Found'],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).toContain(`>${heading}</h1>`);
    }
  });

  test('hashed assets are cached for a year; pages are checked again on every visit', async ({ request }) => {
    const page = await request.get('/');
    expect(page.headers()['cache-control']).not.toContain('immutable');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())![1]!;
    expect((await request.get(script)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const profile = await request.get('/influencers/1/');
    expect(profile.status()).toBe(200);
    expect(profile.headers()['cache-control'] ?? '').not.toContain('immutable');
  });

  test('pages run under the policy the host sends: no violation, and React attaches', async ({ page }) => {
    for (const path of ['/', '/influencers/?q=amara', '/contact/']) {
      await visit(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
});
