import { expect, test, visit } from '../fixtures.ts';
import { emulatePhone } from '../../src/testing/page-weight.ts';
import {
  addressesToVisit,
  countText,
  site,
  emptyFieldMessage,
  firstSection,
  formsOnPages,
  influencersMatching,
  validAnswer,
} from './live-site.ts';
import { folderForm } from '../../src/content/site-folder.ts';

/**
 * What a framework that renders components carries in its code (React DOM, or the React compatibility layer of Preact,
 * which runs the islands of a built page), and a page of plain HTML and CSS never loads.
 */
const FRAMEWORK_SIGNATURE = /isReactComponent|react\.dev\/errors|Minified React error|__reactContainer/;
/**
 * The page script every page runs (menu, prefetching, finding islands) and the page's behaviours, uncompressed: about
 * 7 KB today, a twentieth of React's DOM alone (the budgets in scripts/bench.ts hold the gzip sizes).
 */
const PAGE_SCRIPT_LIMIT = 12 * 1024;
/**
 * What the Markdown parser carries (names of the parts of a text it reads). Formatted text is drawn when the page is
 * built; an island never draws it, so no page sends the parser's 17 KB gzip.
 */
const MARKDOWN_PARSER_SIGNATURE = /codeFenced|thematicBreak/;

test.describe('code only where a visitor interacts (islands)', () => {
  for (const expected of addressesToVisit()) {
    test(`${expected.path} loads code for its islands only`, async ({ page }) => {
      // Every script the page asks for, read once it has arrived: what reaching for an island fetched is awaited too.
      const scripts: Promise<{ url: string; code: string }>[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script')
          scripts.push(
            request.response().then(async (response) => ({ url: request.url(), code: (await response?.text()) ?? '' })),
          );
      });
      await page.goto(expected.path);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      // A React island has its props beside it; any other island is a section with a behaviour (plain DOM code).
      const islandsNow = () =>
        page.locator('[data-island]').evaluateAll((elements) =>
          elements.map((element) => ({
            id: element.id,
            type: element.getAttribute('data-island'),
            react: element.id !== '' && document.querySelector(`script[data-island-props="${element.id}"]`) !== null,
            // React marks the element it renders into with its container; Preact with its root (__k, its children).
            attached: Object.keys(element).some((key) => key.startsWith('__reactContainer') || key === '__k'),
          })),
        );
      // A React island attaches when the visitor reaches for it: not before, then at once.
      for (const island of (await islandsNow()).filter((candidate) => candidate.react)) {
        expect(island.attached, `${island.type} attached before the visitor reached for it`).toBe(false);
        await page
          .locator(`[id="${island.id}"] > *`)
          .first()
          .hover({ position: { x: 1, y: 1 } });
        await page.locator(`[id="${island.id}"][data-attached]`).waitFor({ state: 'attached' });
      }
      const islands = await islandsNow();
      const loaded = await Promise.all(scripts);
      const reactIslands = islands.filter((island) => island.react);
      if (reactIslands.length === 0) {
        // Text, and at most a few behaviours: no framework, only the page script and those behaviours.
        expect(loaded.filter((script) => FRAMEWORK_SIGNATURE.test(script.code)).map((script) => script.url)).toEqual(
          [],
        );
        expect(loaded.reduce((sum, script) => sum + script.code.length, 0)).toBeLessThan(PAGE_SCRIPT_LIMIT);
      } else {
        // Each React island is attached to its own pre-rendered HTML, and nothing else is.
        expect(reactIslands.filter((island) => !island.attached).map((island) => island.type)).toEqual([]);
        expect(loaded.some((script) => FRAMEWORK_SIGNATURE.test(script.code))).toBe(true);
      }
      expect(islands.filter((island) => !island.react && island.attached).map((island) => island.type)).toEqual([]);
      expect(
        loaded.filter((script) => MARKDOWN_PARSER_SIGNATURE.test(script.code)).map((script) => script.url),
      ).toEqual([]);
      const root = await page
        .locator('#root')
        .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactContainer') || key === '__k'));
      expect(root, 'the page as a whole is never hydrated').toBe(false);
    });
  }
});

/**
 * The code of a page's islands, React's and behaviours' (everything but the page script and its parts), arrives late,
 * as on a slow phone connection: only when the function returned is called, once the visitor has acted. (The page's
 * load may wait for it: a test opens the page to its DOMContentLoaded.)
 */
async function slowIslands(page: import('@playwright/test').Page): Promise<() => void> {
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await page.route(/\/assets\/(?!index-|page-)[^/]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  return arrive;
}

test('a button pressed before its island has attached is not lost: the island answers it once attached', async ({
  page,
}) => {
  const gallery = firstSection('project-gallery');
  test.skip(!gallery || gallery.section.filters.length < 2, 'no page has a project filter with two choices');
  const { page: galleryPage, section } = gallery!;
  // The filter's code arrives late, as on a slow connection: once the button has been pressed.
  const codeArrives = await slowIslands(page);
  await page.goto(folderForm(galleryPage.route), { waitUntil: 'domcontentloaded' });
  const choice = page
    .getByRole('group', { name: section.filtersLabel })
    .getByRole('button', { name: section.filters[1]!.label, exact: true });
  await choice.click();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  codeArrives();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(choice).toHaveAttribute('aria-pressed', 'true');
});

test('typing in the search before its island has attached keeps every letter, and the search answers them once attached', async ({
  page,
}) => {
  const directory = firstSection('influencer-directory');
  test.skip(!directory, 'no page has the directory');
  const { page: directoryPage, section } = directory!;
  const word = site.influencers[0]!.name.split(' ')[0]!.toLowerCase();
  const codeArrives = await slowIslands(page);
  await page.goto(directoryPage.route, { waitUntil: 'domcontentloaded' });
  const box = page.getByRole('searchbox');
  await box.pressSequentially(word);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  codeArrives();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(box).toHaveValue(word);
  await expect(page.getByText(countText(section, influencersMatching(word).length), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
});

test('a letter typed the moment the search attaches joins the ones typed before it', async ({ page }) => {
  const directory = firstSection('influencer-directory');
  test.skip(!directory, 'no page has the directory');
  const word = site.influencers[0]!.name.split(' ')[0]!.toLowerCase();
  test.skip(word.length < 2, 'the first name is a single letter');
  // The island's code is held back until the first letter is typed, so that letter always comes before it attaches.
  const codeArrives = await slowIslands(page);
  await page.goto(folderForm(directory!.page.route), { waitUntil: 'domcontentloaded' });
  // The moment attaching begins (it sets the box to the value it rendered, or marks the island attached, whichever comes
  // first), the next letter arrives: a key is a task of its own, and this one is the very next task, as from a visitor
  // typing fast.
  await page.getByRole('searchbox').evaluate((box: HTMLInputElement, next) => {
    const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
    const island = box.closest<HTMLElement>('[data-island]')!;
    let typed = false;
    const typeNext = () => {
      if (typed) return;
      typed = true;
      delete (box as { value?: string }).value;
      observer.disconnect();
      setTimeout(() => {
        value.set!.call(box, `${value.get!.call(box) as string}${next}`);
        box.dispatchEvent(new InputEvent('input', { bubbles: true, data: next, inputType: 'insertText' }));
      }, 0);
    };
    const observer = new MutationObserver(() => {
      if (island.dataset.attached !== undefined) typeNext();
    });
    observer.observe(island, { attributes: true, attributeFilter: ['data-attached'] });
    Object.defineProperty(box, 'value', {
      configurable: true,
      get: () => value.get!.call(box) as string,
      set: (text: string) => {
        value.set!.call(box, text);
        if (text === '') typeNext();
      },
    });
  }, word[1]!);
  // The first letter, typed before the island has attached.
  await page.getByRole('searchbox').press(word[0]!);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  codeArrives();
  await expect(page.getByRole('searchbox')).toHaveValue(word.slice(0, 2));
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word.slice(0, 2)}`));
});

test('a form sent before its island has attached is not lost: what was typed stays, and the form answers the send', async ({
  page,
}) => {
  const [first] = formsOnPages();
  test.skip(!first, 'no page has a form');
  const { path, form } = first!;
  const required = form.schema.required ?? [];
  test.skip(required.length < 2, 'the form asks for fewer than two answers');
  // One answer written, the rest left empty, and Send pressed, all before the form's code has arrived.
  const [written, ...empty] = required;
  const answer = validAnswer(written!, form.schema.properties[written!]!)!;
  const codeArrives = await slowIslands(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await page.locator(`[name="${written}"], #root_${written}`).first().fill(answer);
  await page.locator('form button[type="submit"]').first().click();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  codeArrives();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.locator(`#root_${written}`)).toHaveValue(answer);
  await expect(page.getByText(emptyFieldMessage(form, empty[0]!), { exact: true }).first()).toBeVisible();
  expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe(path.replace(/\/$/, ''));
});

test('a Send given by assistive technology (a click with no pointer or key before it) attaches the form and is answered', async ({
  page,
}) => {
  const [first] = formsOnPages();
  test.skip(!first, 'no page has a form');
  const { path, form } = first!;
  const [required] = form.schema.required ?? [];
  test.skip(!required, 'the form asks for no answer');
  // Once the page is ready for input: the form's code is there, and the form waits for the visitor's intent.
  await visit(page, path);
  await page.locator('form button[type="submit"]').first().dispatchEvent('click');
  await expect(page.getByText(emptyFieldMessage(form, required!), { exact: true }).first()).toBeVisible();
  expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe(path.replace(/\/$/, ''));
});

test('on a phone (slow CPU and network), a form filled in and sent at once is never dropped: it keeps the answer and answers the send', async ({
  browser,
}) => {
  const [first] = formsOnPages();
  test.skip(!first, 'no page has a form');
  const { path, form } = first!;
  const required = form.schema.required ?? [];
  test.skip(required.length < 2, 'the form asks for fewer than two answers');
  test.setTimeout(90_000);
  const [written, ...empty] = required;
  const answer = validAnswer(written!, form.schema.properties[written!]!)!;
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await emulatePhone(page);
    await page.goto(path, { waitUntil: 'commit' });
    // As soon as the form shows, before any of its code can have arrived.
    const field = page.locator(`#root_${written}`);
    await field.fill(answer, { timeout: 30_000 });
    await page.locator('form button[type="submit"]').first().tap();
    await expect(page.getByText(emptyFieldMessage(form, empty[0]!), { exact: true }).first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(field).toHaveValue(answer);
    expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe(path.replace(/\/$/, ''));
  } finally {
    await context.close();
  }
});
