import { PROJECT_SITE, removedFromProjectSite } from '../../src/testing/project-site.ts';
import { expect, expectNoAxeViolations, mainNav, test, visit } from '../fixtures.ts';

/**
 * The spec site published in a folder of its address, as GitHub Pages publishes a project site, and served in that
 * folder. The base address of these tests is the folder itself, and the page fixture fails any request outside it,
 * so every test here also proves that nothing the page loads escapes the folder. Paths are written without a leading
 * "/" so they stay inside it.
 */
const { folder, url } = PROJECT_SITE;

test.describe('a site published in a folder of its address (GitHub project site)', () => {
  test('links, pictures, video, styles and scripts all come from the folder', async ({ page }) => {
    await visit(page, './');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');
    await expect(page.locator('video source[type="video/mp4"]')).toHaveAttribute(
      'src',
      new RegExp(`^${folder}/media/`),
    );
    const links = await page
      .locator('a[href^="/"]')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((href) => href !== folder && !href.startsWith(`${folder}/`))).toEqual([]);
    // The shared stylesheet applied: the skip link is out of sight until focused.
    await expect(page.getByRole('link', { name: /skip/i })).not.toBeInViewport();
  });

  test('moves between pages by the menu and by address, with the current page highlighted', async ({ page }) => {
    await visit(page, 'services');
    const nav = mainNav(page, 'Main');
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(new RegExp(`${folder}/about/$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We Are Loom Media');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');
    // Hosts answer a page's folder address ("/about/") as well.
    await visit(page, 'work/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Stories We've Brought to Life");
  });

  test('the directory searches, and a profile opened from it loads its data from the folder', async ({ page }) => {
    await visit(page, 'influencers?q=amara');
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/data/')) dataRequests.push(new URL(request.url()).pathname);
    });
    await page
      .getByRole('link', { name: /Amara Okafor/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${folder}/influencers/1/$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Amara Okafor');
    expect(dataRequests.every((path) => path.startsWith(`${folder}/data/`))).toBe(true);
  });

  test('a form loads its code from the folder and checks what is typed', async ({ page }) => {
    await visit(page, 'contact/');
    await page.getByRole('button', { name: 'Send Message' }).click();
    // The form's rules ran: its first field is marked invalid, in the form's own words.
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  });

  test("unknown addresses in the folder answer 404 with the site's own not-found pages", async ({ page }) => {
    const logged = page.waitForEvent('console', (message) => message.text().includes('non-existent route'));
    expect((await page.goto('no-such-page'))!.status()).toBe(404);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    // The path the visitor asked for, within the site.
    expect((await logged).text()).toMatch(/: \/no-such-page$/);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${folder}/?$`));

    expect((await page.goto('influencers/999'))!.status()).toBe(404);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Influencer Not Found');
  });

  test('a host that has only the root 404.html (GitHub Pages) still shows Influencer Not Found for an unknown profile', async ({
    page,
    request,
  }) => {
    // As GitHub Pages answers: the site's one 404.html, for any unknown address.
    const rootNotFound = await (await request.get('404.html')).text();
    await page.route('**/influencers/999', (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: rootNotFound }),
    );
    await page.goto('influencers/999');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Influencer Not Found');
    await expect(page).toHaveTitle('Influencer Not Found | Loom Media');
    // (Not clicked: a page the test answered for the host cannot start the browser's cross-page transition.)
    await expect(page.getByRole('link', { name: 'Back to Directory' })).toHaveAttribute(
      'href',
      `${folder}/influencers/`,
    );
  });

  test("a removed influencer's old profile leads to the page the author chose, or else says Influencer Not Found", async ({
    page,
    request,
  }) => {
    const removed = removedFromProjectSite();
    await page.goto(`influencers/${removed.showsInstead}`);
    await expect(page).toHaveURL(new RegExp(`${folder}${removed.page}/$`));
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Influencer Not Found');
    // Search engines are told where the content is now, and never list the old address.
    const moved = await (await request.get(`influencers/${removed.showsInstead}/`)).text();
    expect(moved).toContain(`<link rel="canonical" href="${url}${removed.page}/" />`);
    expect(await (await request.get('sitemap.xml')).text()).not.toContain(`/influencers/${removed.showsInstead}/`);

    expect((await page.goto(`influencers/${removed.notFound}`))!.status()).toBe(404);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Influencer Not Found');
  });

  test('search engines and link previews get addresses in the folder', async ({ request }) => {
    const html = await (await request.get('about/')).text();
    expect(html).toContain(`<link rel="canonical" href="${url}/about/" />`);
    expect(html).toContain(`<meta property="og:url" content="${url}/about/" />`);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${url}/media/`));
    const sitemap = await (await request.get('sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${url}/</loc>`);
    expect(sitemap).toContain(`<loc>${url}/influencers/1/</loc>`);
    expect(sitemap).not.toMatch(/<loc>https:\/\/loom-team\.github\.io\/(?!loom-site\/)/);
    expect(await (await request.get('robots.txt')).text()).toContain(`Sitemap: ${url}/sitemap.xml`);
  });

  test('the editor lives in the folder too: its sign-in page and everything it loads come from there', async ({
    page,
  }) => {
    await page.goto('admin/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site editor');
    // GitHub Pages runs no functions: a token the author makes on GitHub is the way in.
    await expect(page.getByRole('link', { name: 'Sign in with GitHub' })).toHaveCount(0);
    await expect(page.getByLabel('Token', { exact: true })).toHaveAttribute('type', 'password');
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
      'content',
      /script-src 'self';/,
    );
    await expectNoAxeViolations(page);
  });

  test("the editor refuses to work inside another site's frame, where the host sends no headers to forbid it", async ({
    page,
    baseURL,
  }) => {
    // As GitHub Pages serves it: no header of the host's, only the policy the page carries, which cannot forbid framing.
    await page.route('**/admin/', async (route) => {
      const response = await route.fetch();
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(
          ([name]) => !/^(content-security-policy|x-frame-options)$/i.test(name),
        ),
      );
      await route.fulfill({ response, headers });
    });
    await page.setContent(
      `<iframe title="Another site's frame" src="${baseURL}admin/" width="800" height="600"></iframe>`,
    );
    const framed = page.frameLocator('iframe');
    await expect(framed.getByRole('alert')).toContainText('The site editor does not work inside another page.');
    await expect(framed.getByRole('link', { name: `${baseURL}admin/` })).toHaveAttribute('target', '_top');
    await expect(framed.getByLabel('Token', { exact: true })).toHaveCount(0);
  });
});
