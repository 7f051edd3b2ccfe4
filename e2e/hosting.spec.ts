import { expect, test, visit } from './fixtures';

test.describe('hosting (the server npm start runs)', () => {
  test('sends the strict security headers with every page', async ({ request }) => {
    for (const path of ['/', '/influencers/apply', '/no-such-page']) {
      const headers = (await request.get(path)).headers();
      const csp = headers['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  test('compresses text and caches hashed assets for a year', async ({ request }) => {
    const page = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.headers()['content-encoding']).toBe('gzip');
    expect(page.headers()['cache-control']).toBe('no-cache');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())![1]!;
    const asset = await request.get(script, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toBe('gzip');
  });

  test('answers unknown addresses with status 404 and the not-found page', async ({ request }) => {
    const response = await request.get('/definitely/not/here');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Page Not Found');
  });

  test('publishes robots.txt and a sitemap of every page and profile', async ({ request }) => {
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: https://loommedia.com.gh/sitemap.xml');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of ['/', '/work', '/services', '/influencers', '/influencers/apply', '/influencers/6', '/about', '/contact']) {
      expect(sitemap).toContain(`<loc>https://loommedia.com.gh${path}</loc>`);
    }
  });

  test('ships no inline script, and no script the browser loads uses eval or new Function', async ({ page, request }) => {
    const html = await (await request.get('/influencers/apply')).text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    await visit(page, '/influencers/apply');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    const code = await Promise.all(scripts);
    expect(code.length).toBeGreaterThan(3);
    for (const source of code) expect(source).not.toMatch(/new Function\(|\beval\(/);
  });
});
