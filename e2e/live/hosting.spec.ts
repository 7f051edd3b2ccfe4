import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { deliveryOrigins } from '../../src/build/security-headers.ts';
import { publicAddress } from '../../src/content/site-address.ts';
import { folderForm } from '../../src/content/site-folder.ts';
import { LIVE_SITE_DIR } from '../../src/testing/sites.ts';
import { expect, test, visit } from '../fixtures.ts';
import { fixedPages, formsOnPages, MISSING_PAGE_PATH, profilePage, profilePath, site } from './live-site.ts';

const origin = site.site.url;

test.describe('hosting (the server npm start runs)', () => {
  test('sends the strict security headers with every page', async ({ request }) => {
    for (const path of [...fixedPages.map((page) => page.route), MISSING_PAGE_PATH]) {
      const headers = (await request.get(path)).headers();
      const csp = headers['content-security-policy'];
      expect(csp, path).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Pages may connect to the site and to where its forms deliver (config/forms/), and nowhere else.
      expect(csp!.split('; ').filter((directive) => directive.startsWith('connect-src'))).toEqual([
        ["connect-src 'self'", ...deliveryOrigins(site)].join(' '),
      ]);
      // The page carries the same policy for hosts that send no headers, less what only a header can say.
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(
        await (await request.get(path)).text(),
      )?.[1];
      expect(meta, path).toBe(
        csp!
          .split('; ')
          .filter((directive) => !directive.startsWith('frame-ancestors'))
          .join('; '),
      );
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  test('compresses text (Brotli where the browser takes it), caches hashed assets for a year and revalidates pages', async ({
    request,
  }) => {
    const page = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.headers()['content-encoding']).toBe('gzip');
    expect(page.headers()['cache-control']).toBe('no-cache');
    const html = await page.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await request.get(script, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toBe('br');
    expect((await asset.text()).length).toBeGreaterThan(0);
    // A page the browser already holds (prefetched a moment ago) is not sent again.
    const again = await request.get('/', {
      headers: {
        'Accept-Encoding': 'br',
        'If-None-Match': (await request.get('/', { headers: { 'Accept-Encoding': 'br' } })).headers().etag!,
      },
    });
    expect(again.status()).toBe(304);
    const brotli = await request.get('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(await brotli.text()).toBe(html);
  });

  test('serves each page at its folder address and moves a short address there, as the hosts do', async ({
    request,
  }) => {
    const pages = fixedPages.map((page) => page.route).filter((route) => route !== '/');
    expect(pages.length).toBeGreaterThan(0);
    for (const route of pages) {
      expect((await request.get(folderForm(route), { maxRedirects: 0 })).status(), route).toBe(200);
      const short = await request.get(`${route}?q=1`, { maxRedirects: 0 });
      expect(short.status(), route).toBe(308);
      expect(short.headers().location).toBe(`${folderForm(route)}?q=1`);
    }
    expect((await request.get(MISSING_PAGE_PATH, { maxRedirects: 0 })).status()).toBe(404);
  });

  test("moves a short address only to the page's own folder, never to another site", async ({ baseURL }) => {
    const route = fixedPages.map((page) => page.route).find((candidate) => candidate !== '/');
    test.skip(!route, 'the site has only a home page');
    // Sent as written (a browser or fetch would tidy the path first): "/.//about" must not lead to //about/, another
    // host.
    const { hostname, port } = new URL(baseURL!);
    const location = await new Promise<string | undefined>((resolve, reject) => {
      get({ hostname, port, path: `/.//${route!.slice(1)}` }, (answer) => {
        answer.resume();
        resolve(answer.headers.location);
      }).on('error', reject);
    });
    expect(location).toBe(folderForm(route!));
  });

  test('publishes robots.txt and a sitemap of every page and profile', async ({ request }) => {
    expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const paths = [...fixedPages.map((page) => page.route), ...(profilePage ? site.influencers.map(profilePath) : [])];
    for (const path of paths) expect(sitemap).toContain(`<loc>${publicAddress(origin, path)}</loc>`);
    expect(sitemap.match(/<loc>/g)).toHaveLength(paths.length);
  });

  test('no page carries or loads any of the editor: it lives in admin/ alone, which no page names', () => {
    const dist = join(LIVE_SITE_DIR, 'dist');
    const editorFolder = join(dist, 'admin');
    const built = readdirSync(dist, { recursive: true, withFileTypes: true }).filter(
      (entry) =>
        entry.isFile() && /\.(js|html|css|json)$/.test(entry.name) && !entry.parentPath.startsWith(editorFolder),
    );
    expect(built.length).toBeGreaterThan(5);
    const withEditor = built.filter((entry) =>
      /editor-token|editor-draft:|\/admin\//.test(readFileSync(join(entry.parentPath, entry.name), 'utf8')),
    );
    expect(withEditor.map((entry) => entry.name)).toEqual([]);
  });

  test('ships no inline script (what a page carries is JSON or Speculation Rules, never run), and no script uses eval or new Function', async ({
    page,
    request,
  }) => {
    const withForm = formsOnPages()[0];
    const path = withForm?.path ?? '/';
    for (const address of [
      ...fixedPages.map((fixed) => fixed.route),
      ...(profilePage && site.influencers[0] ? [profilePath(site.influencers[0])] : []),
    ]) {
      const html = await (await request.get(address)).text();
      expect(html, address).not.toMatch(/<script(?![^>]*\b(src=|type="(application\/json|speculationrules)"))[^>]*>/);
    }
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    await visit(page, path);
    // A submit runs the form's validators, which must work without eval under the Content-Security-Policy.
    if (withForm)
      await page.getByRole('main').getByRole('button', { name: withForm.form.submit.label, exact: true }).click();
    const code = await Promise.all(scripts);
    expect(code.length).toBeGreaterThan(3);
    for (const source of code) expect(source).not.toMatch(/new Function\(|\beval\(/);
  });
});
