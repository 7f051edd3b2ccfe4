import { expectNoAxeViolations, expect, mainNav, test, visit } from '../fixtures.ts';

/** Every route of the spec with its h1 and title, as the spec site words them. */
const ROUTES = [
  {
    path: '/',
    h1: 'Weaving Stories Into Impact',
    title: 'Loom Media | Production, Strategy and Influencer Marketing in West Africa',
  },
  { path: '/work', h1: "Stories We've Brought to Life", title: 'Our Work | Loom Media' },
  { path: '/services', h1: 'Everything Your Story Needs', title: 'Services | Loom Media' },
  { path: '/influencers', h1: 'Find the Right Voices for Your Brand', title: 'Influencer Network | Loom Media' },
  { path: '/influencers/apply', h1: 'Join Our Influencer Network', title: 'Apply to Join Our Network | Loom Media' },
  { path: '/influencers/1', h1: 'Amara Okafor', title: 'Amara Okafor (@amara.styles) | Loom Media' },
  { path: '/influencers/999', h1: 'Influencer Not Found', title: 'Influencer Not Found | Loom Media', status: 404 },
  { path: '/about', h1: 'We Are Loom Media', title: 'About Us | Loom Media' },
  { path: '/contact', h1: "Let's Connect", title: 'Contact Us | Loom Media' },
  { path: '/no-such-page', h1: 'Page Not Found', title: 'Page Not Found | Loom Media', status: 404 },
] as const;

// The pre-rendered page holds the spec's texts; what the page is once its script has run (the same title, one h1, the
// landmarks, axe, a phone's width) is checked on every page of the live site, in one visit each (e2e/live/pages.spec.ts).
for (const route of ROUTES) {
  test(`route ${route.path} serves its content pre-rendered, with its title, description and one h1`, async ({
    request,
  }) => {
    const response = await request.get(route.path);
    expect(response.status()).toBe('status' in route ? route.status : 200);
    const html = await response.text();
    expect(html).toContain(`<title>${route.title.replace(/'/g, '&#x27;')}</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    // One h1 on the page (a <template>, such as the error screen's, is no part of it), with the spec's words.
    const headings = [...html.replace(/<template[\s\S]*?<\/template>/g, '').matchAll(/<h1[\s>][\s\S]*?<\/h1>/g)];
    expect(headings.map(([h1]) => h1.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'"))).toEqual([route.h1]);
    expect(html).toMatch(/<html lang="en"/);
    for (const landmark of ['<header', '<main', '<footer']) expect(html).toContain(landmark);
  });
}

test.describe('shared layout', () => {
  test('the top bar links every page and highlights the current one', async ({ page }) => {
    await visit(page, '/services');
    const nav = mainNav(page, 'Main');
    for (const [name, href] of [
      ['Home', '/'],
      ['Work', '/work/'],
      ['Services', '/services/'],
      ['Influencers', '/influencers/'],
      ['About', '/about/'],
      ['Contact', '/contact/'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await nav.getByRole('link', { name: 'Work' }).click();
    await expect(page).toHaveURL(/\/work\/$/);
    await expect(nav.getByRole('link', { name: 'Work' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Services' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('Get Started goes to the contact page', async ({ page }) => {
    await visit(page, '/');
    await mainNav(page, 'Main').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/contact\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Let's Connect");
  });

  test('the top bar stays fixed while scrolling', async ({ page }) => {
    await visit(page, '/about');
    await page.mouse.wheel(0, 1500);
    await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed');
    await expect(page.getByRole('banner')).toBeInViewport();
  });

  test('the footer has the 2025 copyright line and links to About, Contact and Work', async ({ page }) => {
    await visit(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('© 2025 Loom Media. All rights reserved.');
    for (const [name, href] of [
      ['About', '/about/'],
      ['Contact', '/contact/'],
      ['Work', '/work/'],
    ] as const) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await footer.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about\/$/);
  });

  test('a keyboard user can skip straight to the content', async ({ page }) => {
    await visit(page, '/work');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main-content$/);
  });

  test('client-side navigation updates the title and keeps one h1', async ({ page }) => {
    await visit(page, '/');
    await mainNav(page, 'Main').getByRole('link', { name: 'Influencers' }).click();
    await expect(page).toHaveTitle('Influencer Network | Loom Media');
    await expect(page.locator('title')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find the Right Voices for Your Brand');
  });

  test('a page opened from the footer starts at its top, and Back returns to where the visitor was', async ({
    page,
  }) => {
    await visit(page, '/');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    const footerScroll = await page.evaluate(() => window.scrollY);
    expect(footerScroll).toBeGreaterThan(500);
    await footer.getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We Are Loom Media');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(footerScroll - 50);
  });
});

test.describe('on a phone (375 × 812)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu button opens and closes the links, and announces its state', async ({ page }) => {
    await visit(page, '/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Services', exact: true })).toBeHidden();
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page, 'Main').getByRole('link', { name: 'Services' })).toBeVisible();
    await close.click();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Services', exact: true })).toBeHidden();
  });

  test('following a link from the menu closes it', async ({ page }) => {
    await visit(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await mainNav(page, 'Main').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about\/$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the menu, and the open menu passes axe', async ({ page }) => {
    await visit(page, '/contact');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(mainNav(page, 'Main').getByRole('link', { name: 'Get Started' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
