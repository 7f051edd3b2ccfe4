import { expect, test } from '../fixtures';
import { addressesToVisit, firstSection } from './live-site';

/** What React's production build carries in its code, and a page of plain HTML and CSS never loads. */
const REACT_SIGNATURE = /react\.dev\/errors|Minified React error|__reactContainer/;
/**
 * The page script every page runs (menu, prefetching, finding islands) and the page's behaviours, uncompressed: about
 * 7 KB today, a twentieth of React's DOM alone (the budgets in scripts/bench.ts hold the gzip sizes).
 */
const PAGE_SCRIPT_LIMIT = 12 * 1024;

test.describe('code only where a visitor interacts (islands)', () => {
  for (const expected of addressesToVisit()) {
    test(`${expected.path} loads code for its islands only`, async ({ page }) => {
      const scripts: Promise<{ url: string; code: string }>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.text().then((code) => ({ url: response.url(), code })));
      });
      await page.goto(expected.path);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      // A React island has its props beside it; any other island is a section with a behaviour (plain DOM code).
      const islands = await page.locator('[data-island]').evaluateAll((elements) =>
        elements.map((element) => ({
          type: element.getAttribute('data-island'),
          react: element.id !== '' && document.querySelector(`script[data-island-props="${element.id}"]`) !== null,
          attached: Object.keys(element).some((key) => key.startsWith('__reactContainer')),
        })),
      );
      const loaded = await Promise.all(scripts);
      const reactIslands = islands.filter((island) => island.react);
      if (reactIslands.length === 0) {
        // Text, and at most a few behaviours: no framework, only the page script and those behaviours.
        expect(loaded.filter((script) => REACT_SIGNATURE.test(script.code)).map((script) => script.url)).toEqual([]);
        expect(loaded.reduce((sum, script) => sum + script.code.length, 0)).toBeLessThan(PAGE_SCRIPT_LIMIT);
      } else {
        // Each React island is attached to its own pre-rendered HTML, and nothing else is.
        expect(reactIslands.filter((island) => !island.attached).map((island) => island.type)).toEqual([]);
        expect(loaded.some((script) => REACT_SIGNATURE.test(script.code))).toBe(true);
      }
      expect(islands.filter((island) => !island.react && island.attached).map((island) => island.type)).toEqual([]);
      const root = await page.locator('#root').evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactContainer')));
      expect(root, 'the page as a whole is never hydrated').toBe(false);
    });
  }
});

test('a button pressed before its island has attached is not lost: the island answers it once attached', async ({ page }) => {
  const gallery = firstSection('project-gallery');
  test.skip(!gallery || gallery.section.filters.length < 2, 'no page has a project filter with two choices');
  const { page: galleryPage, section } = gallery!;
  // The filter's code arrives late, as on a slow connection.
  await page.route('**/assets/behaviour-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(galleryPage.route);
  const choice = page.getByRole('group', { name: section.filtersLabel }).getByRole('button', { name: section.filters[1]!.label, exact: true });
  await choice.click();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(choice).toHaveAttribute('aria-pressed', 'true');
});
