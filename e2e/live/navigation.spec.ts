import { expect, mainNav, test, visit } from '../fixtures.ts';
import { site } from './live-site.ts';
import { folderForm } from '../../src/content/site-folder.ts';

const { navigation } = site;
const footer = site.site.footer;
const internal = (href: string) => href.startsWith('/');

test.describe('the layout as config/navigation.json and config/site.json describe it', () => {
  test('every link in the top bar, the Get Started button and the footer opens a page of the site', async ({
    request,
  }) => {
    for (const href of new Set(
      [...navigation.links, navigation.cta, ...footer.links].map((link) => link.href).filter(internal),
    )) {
      expect((await request.get(href)).status(), href).toBe(200);
    }
  });

  test('the top bar lists its links in order and marks the page the visitor is on', async ({ page }) => {
    await visit(page, '/');
    const nav = mainNav(page, site.site.labels.mainNavigation);
    await expect(nav.getByRole('list').getByRole('link')).toHaveText(navigation.links.map((link) => link.label));
    for (const link of navigation.links.filter((candidate) => internal(candidate.href))) {
      await nav
        .getByRole('list')
        .locator(`a[href="${folderForm(link.href)}"]`)
        .first()
        .click();
      await expect(page).toHaveURL((url) => url.pathname === folderForm(link.href));
      await expect(
        nav
          .getByRole('list')
          .locator(`a[href="${folderForm(link.href)}"]`)
          .first(),
      ).toHaveAttribute('aria-current', 'page');
      await expect(
        nav.getByRole('list').locator(`a[aria-current="page"]:not([href="${folderForm(link.href)}"])`),
      ).toHaveCount(0);
    }
  });

  test('the Get Started button goes where config says', async ({ page }) => {
    test.skip(!internal(navigation.cta.href), 'the button links outside the site');
    await visit(page, '/');
    await mainNav(page, site.site.labels.mainNavigation)
      .getByRole('link', { name: navigation.cta.label, exact: true })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === folderForm(navigation.cta.href));
  });

  test('the footer shows the copyright line and its links', async ({ page }) => {
    await visit(page, '/');
    const contentinfo = page.getByRole('contentinfo');
    await expect(contentinfo).toContainText(footer.copyright);
    await expect(contentinfo.getByRole('navigation').getByRole('link')).toHaveText(
      footer.links.map((link) => link.label),
    );
    for (const [index, link] of footer.links.entries()) {
      await expect(contentinfo.getByRole('navigation').getByRole('link').nth(index)).toHaveAttribute(
        'href',
        folderForm(link.href),
      );
    }
  });

  test('on a phone, the menu button shows and hides the same links', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await visit(page, '/');
    const open = page.getByRole('banner').getByRole('button', { name: site.site.labels.openMenu, exact: true });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    await expect(mainNav(page, site.site.labels.mainNavigation).getByRole('list').getByRole('link')).toHaveText(
      navigation.links.map((link) => link.label),
    );
    await page.getByRole('banner').getByRole('button', { name: site.site.labels.closeMenu, exact: true }).click();
    await expect(
      page.getByRole('banner').getByRole('button', { name: site.site.labels.openMenu, exact: true }),
    ).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('moving between pages (each an ordinary page load of pre-rendered HTML)', () => {
  // A page of the site the top bar links to, not the home page.
  const first = navigation.links.find((link) => internal(link.href) && link.href !== '/');

  test('a page the visitor points at is fetched before the click, and opens from that fetch with a cross-fade', async ({
    page,
  }) => {
    test.skip(!first, 'the top bar links to no page besides home');
    await page.addInitScript(() => {
      window.addEventListener('pagereveal', (event) => {
        (window as unknown as { crossFaded: boolean }).crossFaded =
          (event as Event & { viewTransition: unknown }).viewTransition !== null;
      });
    });
    await visit(page, '/');
    const link = mainNav(page, site.site.labels.mainNavigation)
      .getByRole('list')
      .locator(`a[href="${folderForm(first!.href)}"]`)
      .first();
    await link.hover();
    // Speculation Rules fetch a link the pointer rests on for a moment.
    await page.waitForTimeout(600);
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === folderForm(first!.href));
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const arrival = await page.evaluate(() => ({
      delivery: (
        performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType: string }
      ).deliveryType,
      crossFaded: (window as unknown as { crossFaded?: boolean }).crossFaded,
    }));
    expect(arrival).toEqual({ delivery: 'navigational-prefetch', crossFaded: true });
  });

  test('no cross-fade for visitors who asked for less motion', async ({ page }) => {
    test.skip(!first, 'the top bar links to no page besides home');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.addInitScript(() => {
      window.addEventListener('pagereveal', (event) => {
        (window as unknown as { crossFaded: boolean }).crossFaded =
          (event as Event & { viewTransition: unknown }).viewTransition !== null;
      });
    });
    await visit(page, '/');
    await mainNav(page, site.site.labels.mainNavigation)
      .getByRole('list')
      .locator(`a[href="${folderForm(first!.href)}"]`)
      .first()
      .click();
    await expect(page).toHaveURL((url) => url.pathname === folderForm(first!.href));
    // The address changes before the new page is revealed: asked until it has been.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { crossFaded?: boolean }).crossFaded))
      .toBe(false);
  });

  test('Back returns to the place on the page the visitor had scrolled to', async ({ page }) => {
    const pages = ['/', ...navigation.links.map((link) => link.href).filter((href) => internal(href) && href !== '/')];
    test.skip(pages.length < 2, 'the top bar links to no page besides home');
    // The first page long enough to scroll (an author may keep some pages short).
    let from: string | undefined;
    let scrolled = 0;
    for (const candidate of pages) {
      await visit(page, candidate);
      scrolled = await page.evaluate(() => {
        window.scrollTo({
          top: Math.min(900, document.documentElement.scrollHeight - window.innerHeight),
          behavior: 'instant',
        });
        return window.scrollY;
      });
      if (scrolled > 0) {
        from = candidate;
        break;
      }
    }
    test.skip(from === undefined, 'no page of the top bar is long enough to scroll');
    const to = pages.find((href) => href !== from)!;
    // Followed as a visitor's click would, without scrolling the link into view first.
    await page.evaluate(
      (href) => document.querySelector<HTMLAnchorElement>(`header a[href="${href}"]`)!.click(),
      folderForm(to),
    );
    await expect(page).toHaveURL((url) => url.pathname === folderForm(to));
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === folderForm(from!));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test('on a phone with script turned off, the menu opens, closes with Escape and gives focus back to its button', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    try {
      const page = await context.newPage();
      await page.goto('/');
      const button = page.getByRole('banner').getByRole('button', { name: site.site.labels.openMenu, exact: true });
      const menuLinks = mainNav(page, site.site.labels.mainNavigation).getByRole('list').getByRole('link');
      // What a screen reader is told of the button's state: the browser's own accessibility tree, with no script.
      const cdp = await context.newCDPSession(page);
      const announcedExpanded = async () => {
        const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
          nodes: {
            role?: { value: string };
            name?: { value: string };
            properties?: { name: string; value: { value: unknown } }[];
          }[];
        };
        const node = nodes.find(
          (candidate) => candidate.role?.value === 'button' && candidate.name?.value === site.site.labels.openMenu,
        );
        return node?.properties?.find((property) => property.name === 'expanded')?.value.value;
      };
      await expect(menuLinks.first()).toBeHidden();
      expect(await announcedExpanded()).toBe(false);
      await button.click();
      await expect(menuLinks).toHaveText(navigation.links.map((link) => link.label));
      expect(await announcedExpanded()).toBe(true);
      await page.keyboard.press('Escape');
      await expect(menuLinks.first()).toBeHidden();
      await expect(button).toBeFocused();
      expect(await announcedExpanded()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
