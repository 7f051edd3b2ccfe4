import { expect, mainNav, test, visit } from '../fixtures';
import { site } from './live-site';

const { navigation } = site;
const footer = site.site.footer;
const internal = (href: string) => href.startsWith('/');

test.describe('the layout as config/navigation.json and config/site.json describe it', () => {
  test('every link in the top bar, the Get Started button and the footer opens a page of the site', async ({ request }) => {
    for (const href of new Set([...navigation.links, navigation.cta, ...footer.links].map((link) => link.href).filter(internal))) {
      expect((await request.get(href)).status(), href).toBe(200);
    }
  });

  test('the top bar lists its links in order and marks the page the visitor is on', async ({ page }) => {
    await visit(page, '/');
    const nav = mainNav(page, site.site.labels.mainNavigation);
    await expect(nav.getByRole('list').getByRole('link')).toHaveText(navigation.links.map((link) => link.label));
    for (const link of navigation.links.filter((candidate) => internal(candidate.href))) {
      await nav.getByRole('list').locator(`a[href="${link.href}"]`).first().click();
      await expect(page).toHaveURL((url) => url.pathname === link.href);
      await expect(nav.getByRole('list').locator(`a[href="${link.href}"]`).first()).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('list').locator(`a[aria-current="page"]:not([href="${link.href}"])`)).toHaveCount(0);
    }
  });

  test('the Get Started button goes where config says', async ({ page }) => {
    test.skip(!internal(navigation.cta.href), 'the button links outside the site');
    await visit(page, '/');
    await mainNav(page, site.site.labels.mainNavigation).getByRole('link', { name: navigation.cta.label, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === navigation.cta.href);
  });

  test('the footer shows the copyright line and its links', async ({ page }) => {
    await visit(page, '/');
    const contentinfo = page.getByRole('contentinfo');
    await expect(contentinfo).toContainText(footer.copyright);
    await expect(contentinfo.getByRole('navigation').getByRole('link')).toHaveText(footer.links.map((link) => link.label));
    for (const [index, link] of footer.links.entries()) {
      await expect(contentinfo.getByRole('navigation').getByRole('link').nth(index)).toHaveAttribute('href', link.href);
    }
  });

  test('on a phone, the menu button shows and hides the same links', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await visit(page, '/');
    const open = page.getByRole('banner').getByRole('button', { name: site.site.labels.openMenu, exact: true });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    await expect(mainNav(page, site.site.labels.mainNavigation).getByRole('list').getByRole('link')).toHaveText(navigation.links.map((link) => link.label));
    await page.getByRole('banner').getByRole('button', { name: site.site.labels.closeMenu, exact: true }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: site.site.labels.openMenu, exact: true })).toHaveAttribute('aria-expanded', 'false');
  });
});
