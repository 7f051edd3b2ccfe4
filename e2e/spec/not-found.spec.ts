import { expect, test, visit } from '../fixtures.ts';

test.describe('not-found page', () => {
  test('shows 404 and Page Not Found, and logs the missing path', async ({ page }) => {
    const logged = page.waitForEvent('console', (message) => message.text().includes('/some/missing-page'));
    const response = await page.goto('/some/missing-page');
    expect(response!.status()).toBe(404);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    expect((await logged).text()).toContain(
      '404 Error: User attempted to access non-existent route: /some/missing-page',
    );
  });

  test('Go Home goes to the home page', async ({ page }) => {
    await visit(page, '/some/missing-page');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');
  });

  test('Go Back returns to the page the visitor came from', async ({ page, baseURL }) => {
    await visit(page, '/about');
    await page.goto('/old-link', { referer: `${baseURL}/about` });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/about\/$/);
  });

  test('Go Back after a typed address returns to the page before it, not home', async ({ page }) => {
    await visit(page, '/work');
    // Typed into the address bar: a new page load with no referrer, and no link of this site followed.
    await page.goto('/typed-address-that-does-not-exist');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/work\/$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page Not Found');
  });

  test('Go Back after a link followed inside the site returns to it', async ({ page }) => {
    await visit(page, '/about');
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/a-broken-link';
      link.textContent = 'broken';
      document.querySelector('main')!.append(link);
    });
    await page.getByRole('link', { name: 'broken' }).click();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/about\/$/);
  });

  test('Go Back goes home when there is no previous page (a link opened in a new tab)', async ({ page }) => {
    await visit(page, '/about');
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(() => void window.open('/old-link', '_blank', 'noopener')),
    ]);
    await tab.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await tab.evaluate(() => window.history.length)).toBe(1);
    await tab.getByRole('button', { name: 'Go Back' }).click();
    await expect(tab).toHaveURL(/\/$/);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');
  });
});
