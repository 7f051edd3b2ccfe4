import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { folderForm } from '../../src/content/site-folder.ts';
import {
  countText,
  emptyFieldMessage,
  firstSection,
  formsOnPages,
  influencersMatching,
  site,
  validAnswer,
} from './live-site.ts';

/**
 * The islands' own code (what the page lists for its script to fetch when needed: React, the design system, the
 * section, the form's renderer) is held back until the function returned is called; the page script and the first
 * answers arrive as usual. So the visitor acts before React has attached, as on a slow phone.
 */
async function holdIslands(page: Page, path: string): Promise<() => void> {
  const html = await (await page.request.get(folderForm(path))).text();
  const held = (/<meta name="island-files" content="([^"]*)">/.exec(html)?.[1] ?? '').split(' ').filter(Boolean);
  expect(held, `${path} names no island files`).not.toEqual([]);
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    if (held.includes(new URL(route.request().url()).pathname)) await arrived;
    await route.continue();
  });
  return arrive;
}

/**
 * What the page shows in each frame it draws from now on: the elements matching `selector` that are drawn, by id and
 * text; `stop` ends it and gives them.
 */
async function watchFrames(page: Page, selector: string): Promise<{ stop: () => Promise<string[]> }> {
  await page.evaluate((selector) => {
    const watch = window as unknown as { framesSeen: string[]; watching: boolean };
    watch.framesSeen = [];
    watch.watching = true;
    const frame = () => {
      const drawn = [...document.querySelectorAll(selector)]
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => `${element.id}:${element.textContent}`);
      watch.framesSeen.push(drawn.join('|'));
      if (watch.watching) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, selector);
  return {
    stop: () =>
      page.evaluate(() => {
        const watch = window as unknown as { framesSeen: string[]; watching: boolean };
        watch.watching = false;
        return watch.framesSeen;
      }),
  };
}

const attached = (page: Page) => page.locator('[data-island][data-attached]').first().waitFor({ state: 'attached' });

test.describe('before React attaches, the page answers at once on its own HTML, and React takes over unseen', () => {
  for (const { path, name, form } of formsOnPages()) {
    test(`Send on ${name} marks the empty fields and focuses the first; typing checks again; attaching changes nothing`, async ({
      page,
    }) => {
      const required = form.schema.required ?? [];
      test.skip(required.length < 2, 'the form asks for fewer than two answers');
      const [written, ...empty] = required;
      const answer = validAnswer(written!, form.schema.properties[written!]!)!;
      const codeArrives = await holdIslands(page, path);
      await page.goto(folderForm(path), { waitUntil: 'domcontentloaded' });
      const formElement = page.locator('form.rjsf');
      await page.locator(`#root_${written}`).fill(answer);
      await page.locator('form button[type="submit"]').click();
      // Answered with React still on its way.
      await expect(page.locator(`#root_${empty[0]}`)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('[data-island][data-attached]')).toHaveCount(0);
      for (const field of empty)
        await expect(page.locator(`#root_${field}__error`)).toHaveText(emptyFieldMessage(form, field));
      await expect(page.locator(`#root_${written}`)).not.toHaveAttribute('aria-invalid');
      await expect(page.locator(`#root_${empty[0]}`)).toBeFocused();
      await expect(page.locator(`#root_${empty[0]}`)).toHaveAttribute(
        'aria-describedby',
        new RegExp(`\\broot_${empty[0]}__error\\b`),
      );
      // After that first Send, a field answered loses its message as the visitor types, as the form does.
      const next = empty[0]!;
      const nextAnswer = validAnswer(next, form.schema.properties[next]!);
      test.skip(nextAnswer === undefined, `no valid answer is known for ${next}`);
      await page.locator(`#root_${next}`).fill(nextAnswer!);
      await expect(page.locator(`#root_${next}`)).not.toHaveAttribute('aria-invalid');
      await expect(page.locator(`#root_${next}__error`)).toHaveCount(0);

      const before = await formElement.evaluate((element) => element.outerHTML);
      const frames = await watchFrames(page, 'form.rjsf [aria-invalid="true"], form.rjsf .field-error');
      codeArrives();
      await attached(page);
      const seen = await frames.stop();
      // The same form, mark for mark, and the focus where the visitor left it; no frame showed anything else.
      expect(await formElement.evaluate((element) => element.outerHTML)).toBe(before);
      await expect(page.locator(`#root_${next}`)).toBeFocused();
      expect(new Set(seen).size).toBe(1);
      await expect(page.locator(`#root_${written}`)).toHaveValue(answer);
      // React carries on where the first answer left off: emptying a field marks it again as the visitor types.
      await page.locator(`#root_${written}`).fill('');
      await expect(page.locator(`#root_${written}__error`)).toHaveText(emptyFieldMessage(form, written!));
      // The toast a Send with missing answers owes is shown, once, when the form can draw it.
      if (form.behaviour.whenIncomplete === 'show-toast' && form.toasts.incomplete)
        await expect(page.getByRole('status').filter({ hasText: form.toasts.incomplete.title })).toHaveCount(1);
      expect(new URL(page.url()).pathname).toBe(folderForm(path));
    });
  }

  test('a Send with every answer right waits for the form, which sends it', async ({ page }) => {
    const [first] = formsOnPages();
    test.skip(!first, 'no page has a form');
    const { path, form } = first!;
    const answers = Object.entries(form.schema.properties).map(
      ([name, field]) => [name, validAnswer(name, field)] as const,
    );
    test.skip(
      (form.schema.required ?? []).some((name) => answers.find(([field]) => field === name)?.[1] === undefined),
      'no valid answer is known for a required field',
    );
    const codeArrives = await holdIslands(page, path);
    await page.goto(folderForm(path), { waitUntil: 'domcontentloaded' });
    for (const [name, answer] of answers) {
      if (answer === undefined || !(form.schema.required ?? []).includes(name)) continue;
      const control = page.locator(`#root_${name}`);
      if ((await control.evaluate((element) => element.tagName)) === 'SELECT') await control.selectOption(answer);
      else await control.fill(answer);
    }
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    codeArrives();
    await expect(page.getByRole('status').filter({ hasText: form.toasts.success.title }).first()).toBeVisible();
  });

  test('the search filters the cards on the page, keeps the count and the address right, and React shows the same', async ({
    page,
  }) => {
    const directory = firstSection('influencer-directory');
    test.skip(!directory, 'no page has the directory');
    const { page: directoryPage, section } = directory!;
    const word = site.influencers[0]!.name.split(' ')[0]!.toLowerCase();
    const matching = influencersMatching(word);
    test.skip(site.influencers.length > section.pageSize, 'the directory has more creators than its first page');
    await page.goto('/');
    const codeArrives = await holdIslands(page, directoryPage.route);
    await page.goto(folderForm(directoryPage.route), { waitUntil: 'domcontentloaded' });
    const cards = page.locator('[data-cards] > article:visible');
    const count = page.getByRole('status').filter({ hasText: /\d/ });
    await page.getByRole('searchbox').pressSequentially(word);
    await expect(count).toHaveText(countText(section, matching.length));
    await expect(cards).toHaveCount(matching.length);
    for (const influencer of matching) await expect(cards.filter({ hasText: influencer.name })).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
    await expect(page.locator('[data-island][data-attached]')).toHaveCount(0);
    // Nothing matches: the directory says so, and Clear filters brings everyone back.
    await page.getByRole('searchbox').pressSequentially('zqxzqx');
    await expect(count).toHaveText(countText(section, 0));
    await expect(page.getByText(section.emptyText)).toBeVisible();
    await page.getByRole('button', { name: section.clearFiltersLabel }).click();
    await expect(page.getByRole('searchbox')).toHaveValue('');
    await expect(count).toHaveText(countText(section, site.influencers.length));
    await expect(cards).toHaveCount(site.influencers.length);
    await expect(page.getByText(section.emptyText)).toBeHidden();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('searchbox').pressSequentially(word);
    await expect(cards).toHaveCount(matching.length);

    const frames = await watchFrames(page, '[data-island] [role="status"], [data-cards] > article h3');
    codeArrives();
    await attached(page);
    const seen = await frames.stop();
    expect(new Set(seen).size).toBe(1);
    await expect(count).toHaveText(countText(section, matching.length));
    await expect(cards).toHaveCount(matching.length);
    await expect(page.getByRole('searchbox')).toHaveValue(word);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
    // The search replaced the address, as the island does: Back leaves the directory.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });
});
