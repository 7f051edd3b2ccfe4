import { expect, test, visit } from '../fixtures.ts';
import { MISSING_PAGE_PATH, notFoundPage, type SectionOf } from './live-site.ts';
import { folderForm } from '../../src/content/site-folder.ts';

const section = notFoundPage?.sections.find(
  (candidate): candidate is SectionOf<'not-found'> => candidate.type === 'not-found',
);

test.describe('an address no page has', () => {
  test.skip(!section, 'config/pages has no not-found page');

  test('answers 404 with the not-found page, and logs the missing path', async ({ page }) => {
    const logged = page.waitForEvent('console', (message) => message.text().includes(MISSING_PAGE_PATH));
    const response = await page.goto(MISSING_PAGE_PATH);
    expect(response!.status()).toBe(404);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(section!.heading);
    expect((await logged).text()).toContain(`${section!.consoleMessage} ${MISSING_PAGE_PATH}`);
  });

  test('its home button goes where config says', async ({ page }) => {
    await visit(page, MISSING_PAGE_PATH);
    await page.getByRole('main').getByRole('link', { name: section!.homeAction.label, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === folderForm(section!.homeAction.href));
  });
});
