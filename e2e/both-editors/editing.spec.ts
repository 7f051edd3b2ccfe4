/**
 * What an author does and sees the same in both editors, run on each (editor-under-test.ts): npm run edit in the
 * editor project, the editor at /admin/ in the cloudflare-pages project. Where the two differ, the spec says how.
 */
import { siteFolders } from '../../src/checker/project-folders.ts';
import { validateConfig } from '../../src/checker/validate-config.ts';
import { problemWords } from '../../src/editor/app/problem-words.ts';
import { SPEC_SITE_DIR } from '../../src/testing/sites.ts';
import { expectNoAxeViolations } from '../fixtures.ts';
import {
  changedLines,
  fileList,
  openFile,
  original,
  preview,
  saveButton,
  status,
  errorsOfSite,
  previewShows,
  ABOUT,
  HOME,
} from '../editor/editor-page.ts';
import { PREVIEW_WIDTHS } from '../../src/editor/app/PreviewPane.tsx';
import { expect, test } from './editor-under-test.ts';

const INFLUENCERS = 'config/collections/influencers.json';
const FAQS = 'config/collections/faqs.json';

test.describe('both editors', () => {
  test('a changed headline shows in the preview as typed, is kept through a reload, and saves as one line', async ({
    page,
    editor,
  }) => {
    await editor.open(page);
    await openFile(page, 'Pages', 'Home');
    const headline = page.locator('#root_sections_0_heading');
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');
    await headline.fill('Stories That Move Accra');
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Stories That Move Accra');
    await expect(saveButton(page)).toHaveText('Save (1 file)');
    // Not saved, and kept in the browser: a reload (the tab asks first, as it should) finds it again.
    expect(editor.saved(HOME)).toBe(original(HOME));
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(status(page)).toHaveText(`Restored your unsaved changes to ${HOME}.`);
    await openFile(page, 'Pages', 'Home');
    await expect(headline).toHaveValue('Stories That Move Accra');

    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${HOME}.`);
    expect(changedLines(HOME, editor.saved(HOME) ?? '')).toEqual(['      "heading": "Stories That Move Accra",']);
    // On the author's computer, the checker npm run validate runs agrees with what the editor saved (at /admin/, the
    // host's content gate checks the site once it is published).
    if (editor.kind === 'npm run edit') expect(errorsOfSite()).toEqual([]);
  });

  test("a mistake shows at its field in the validator's words, the preview keeps the last valid version, and Save refuses it", async ({
    page,
    editor,
  }) => {
    await editor.open(page);
    await openFile(page, 'Pages', 'Home');
    await page.locator('#root_route').fill('home');
    const problems = page.getByRole('region', { name: /problem/ });
    const expected = validateConfig(siteFolders(SPEC_SITE_DIR), {
      unsaved: new Map([['pages/home.json', original(HOME).replace('"route": "/"', '"route": "home"')]]),
    }).problems.find((problem) => problem.file === HOME && problem.path === 'route')!;
    // Said in the form's words, with the file and line in small print for a code editor.
    const said = problemWords(expected, 'Home').sentence;
    await expect(problems).toContainText(`${said} Home · ${HOME}, line ${expected.position.line}`);
    await expect(
      page
        .locator('#root_route')
        .locator('xpath=ancestor::div[contains(@class,"form-group")][1]')
        .locator('.error-detail'),
    ).toHaveText(`Error: ${said}`);
    await expect(page.getByText('The preview shows the last version without errors')).toBeVisible();
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');
    await saveButton(page).click();
    await expect(status(page)).toHaveText('Not saved: 1 problem needs fixing first. Your changes are kept.');
    expect(editor.saved(HOME)).toBe(original(HOME));
    // The list takes the author to the field.
    await problems.getByRole('button', { name: /Error: Route: / }).click();
    await expect(page.locator('#root_route')).toBeFocused();
    // Fixed, the refusal no longer stands: the status says so.
    await page.locator('#root_route').fill('/');
    await expect(status(page)).toHaveText('The problems are fixed: Save writes your changes.');
    await expect(problems).toHaveCount(0);
  });

  test('deletes a page after naming what points to it, points those links elsewhere, in one valid save', async ({
    page,
    editor,
  }) => {
    await editor.open(page);
    await openFile(page, 'Pages', 'About');
    await page.getByRole('button', { name: 'Delete About' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete About?' });
    await expect(dialog).toContainText('Its address, /about, will show');
    // The menu's link to it is named before anything is removed.
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(/places? points? to it/);
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Navigation' })).toHaveText([
      /^Navigation › Link \d+ \(About\)$/,
    ]);
    await expectNoAxeViolations(page);
    expect(editor.saved(ABOUT)).toBeDefined();

    await dialog.getByLabel('Point them to another page').check();
    await dialog.getByLabel('The page they point to instead').selectOption('/contact');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(status(page)).toContainText('Deleted About Us page.');
    await expect(status(page)).toContainText('now point');
    expect(editor.saved(ABOUT)).toBeUndefined();
    expect(editor.saved('config/navigation.json')).toContain('{ "label": "About", "href": "/contact" }');
    await expect(fileList(page).getByRole('button', { name: 'About', exact: true })).toHaveCount(0);
    // The preview goes on drawing the site without it.
    await openFile(page, 'Pages', 'Home');
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');
  });

  test('can be used with the keyboard alone: open a file, edit it, make a page', async ({ page, editor }) => {
    await editor.open(page);
    await fileList(page).getByRole('button', { name: 'New page' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'A new page' });
    await expect(dialog.getByLabel('Address')).toBeFocused();
    await page.keyboard.type('/press');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Press | {name}');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /^Pages: Press/ })).toBeVisible();
    await page.locator('#root_title').focus();
    await page.keyboard.press('Tab');
    await expect(page.locator('#root_description')).toBeFocused();
  });

  test('formats an answer with Bold and Link from the keyboard: the preview shows them, Save writes their marks', async ({
    page,
    editor,
  }) => {
    await editor.open(page);
    // Another file opens at its top, not where the one before was scrolled to.
    await openFile(page, 'Pages', 'Home');
    const main = page.locator('.editor-main');
    await expect(page.locator('#root_sections_0_heading')).toBeVisible();
    await expect
      .poll(() => main.evaluate((element) => (element.scrollTo(0, element.scrollHeight), element.scrollTop)))
      .toBeGreaterThan(0);
    await openFile(page, 'FAQs', 'FAQs');
    await expect(page.locator('#file-heading')).toContainText('FAQs');
    expect(await main.evaluate((element) => element.scrollTop)).toBe(0);
    const answer = page.locator('#root_faqs_0_answer');
    const text = await answer.inputValue();
    const [first, second] = text.split(' ') as [string, string];
    // The first word, chosen with the keyboard, made bold.
    await answer.focus();
    await answer.press('Home');
    await answer.press('ControlOrMeta+Home');
    for (let letter = 0; letter < first.length; letter++) await answer.press('Shift+ArrowRight');
    await answer.press('ControlOrMeta+b');
    await expect(answer).toHaveValue(text.replace(first, `**${first}**`));
    // The answer shows once its question is opened, as a visitor opens it.
    await preview(page)
      .getByText(await page.locator('#root_faqs_0_question').inputValue(), { exact: true })
      .click();
    await expect(preview(page).locator('strong', { hasText: first })).toBeVisible();
    // The second word, by the caret inside it, linked to the Contact page picked by its address.
    const inSecond = (await answer.inputValue()).indexOf(` ${second} `) + 2;
    await answer.evaluate((box: HTMLTextAreaElement, at) => box.setSelectionRange(at, at), inSecond);
    await answer.press('ControlOrMeta+k');
    await page.getByLabel('Link to a page of the site, or a web address').fill('/contact');
    await page.keyboard.press('Enter');
    const written = text.replace(first, `**${first}**`).replace(` ${second} `, ` [${second}](/contact) `);
    await expect(answer).toHaveValue(written);
    await expect(answer).toBeFocused();
    await expect(preview(page).getByRole('link', { name: second, exact: true })).toHaveAttribute('href', /\/contact$/);
    await expectNoAxeViolations(page);
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${FAQS}.`);
    expect((JSON.parse(editor.saved(FAQS)!) as { faqs: { answer: string }[] }).faqs[0]!.answer).toBe(written);
  });

  test('shows the preview at phone and desktop widths, fitted to its pane or larger', async ({ page, editor }) => {
    await editor.open(page);
    await openFile(page, 'Pages', 'About');
    // Read inside the frame: the preview is another origin, which the editor's page itself cannot look into.
    const width = () =>
      preview(page)
        .locator('html')
        .evaluate(() => window.innerWidth);
    expect(await width()).toBe(PREVIEW_WIDTHS.Desktop);
    // Fitted to its pane, or drawn larger and scrolled sideways, at the author's choice.
    const frame = page.locator('iframe[title^="Preview of"]');
    const pane = await page.locator('.preview-box').boundingBox();
    expect((await frame.boundingBox())!.width).toBeLessThanOrEqual(pane!.width + 1);
    await page.getByLabel('Size').selectOption('1');
    await expect.poll(async () => Math.round((await frame.boundingBox())!.width)).toBe(PREVIEW_WIDTHS.Desktop);
    await page.getByLabel('Size').selectOption('fit');
    await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Phone' }).click();
    await expect.poll(width).toBe(PREVIEW_WIDTHS.Phone);
    await expect(page.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('undoes and redoes changes, in the form and in the preview', async ({ page, editor }) => {
    await editor.open(page);
    await openFile(page, 'Pages', 'Home');
    const headline = page.locator('#root_sections_0_heading');
    await headline.fill('First try');
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('First try');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(headline).toHaveValue('Weaving Stories Into Impact');
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');
    await expect(saveButton(page)).toBeDisabled();
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(headline).toHaveValue('First try');
  });

  test('takes typing back a word at a time, by button or keyboard, and undoes a saved change after Save', async ({
    page,
    editor,
  }) => {
    await page.clock.install();
    await editor.open(page);
    await openFile(page, 'Pages', 'Home');
    const headline = page.locator('#root_sections_0_heading');
    const before = await headline.inputValue();
    await headline.press('End');
    // The word is typed while the page's time stands still: on a busy machine, a slow key is not the author's pause.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
    await headline.pressSequentially(' Always', { delay: 30 });
    await page.clock.resume();
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText(`${before} Always`);
    // One word typed is one step back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(headline).toHaveValue(before);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(headline).toHaveValue(`${before} Always`);
    // The keyboard takes the same steps, in the box the author typed in: never a letter at a time.
    await headline.press('ControlOrMeta+z');
    await expect(headline).toHaveValue(before);
    await headline.press('ControlOrMeta+Shift+z');
    await expect(headline).toHaveValue(`${before} Always`);
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${HOME}.`);
    expect(JSON.parse(editor.saved(HOME)!).sections[0].heading).toBe(`${before} Always`);
    // After Save, Undo still takes the change back, as a change to save.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(headline).toHaveValue(before);
    await expect(saveButton(page)).toBeEnabled();
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${HOME}.`);
    expect(JSON.parse(editor.saved(HOME)!).sections[0].heading).toBe(before);
  });

  test('finds a file by its name or path among all of them', async ({ page, editor }) => {
    await editor.open(page);
    await page.getByLabel('Find a file').fill('contact');
    const shown = fileList(page).getByRole('listitem');
    await expect(shown).not.toHaveCount(0);
    for (const text of await shown
      .locator('button')
      .evaluateAll((buttons) =>
        buttons.map((button) => `${button.textContent} ${button.getAttribute('title')}`.toLowerCase()),
      )) {
      expect(text).toContain('contact');
    }
    await expect(fileList(page).getByRole('region', { name: 'Site' })).toHaveCount(0);
    // A page is listed by its name, and found by its address too.
    await page.getByLabel('Find a file').fill('/influencers/apply');
    await expect(fileList(page).locator('li button')).toHaveText(['Apply to Join Our Network']);
  });

  test.describe('with a creator removed', () => {
    // npm run edit's preview asks its server for the profile, which answers 404, as the built site would (the browser
    // notes it); the preview at /admin/ knows from the files its payload brought.
    test.use({ expectedProblem: /status of (404|409|422)/ });

    test('removes a creator whose profile the preview shows: it says "not found" there, and goes on working', async ({
      page,
      editor,
    }) => {
      const [first, second] = (JSON.parse(original(INFLUENCERS)) as { influencers: { id: number; name: string }[] })
        .influencers;
      const notFound = (
        JSON.parse(original('config/pages/influencer-profile.json')) as {
          sections: { type: string; notFound?: { heading: string } }[];
        }
      ).sections.find((section) => section.notFound)!.notFound!.heading;
      await editor.open(page);
      await openFile(page, 'Influencers', 'Influencers');
      await previewShows(page, '/influencers');
      // The author opens the first creator's profile in the preview, then removes that creator in the form.
      await preview(page)
        .getByRole('link', { name: new RegExp(first!.name) })
        .first()
        .click();
      await previewShows(page, `/influencers/${first!.id}`);
      await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText(first!.name);
      await page.getByRole('button', { name: 'Remove' }).first().click();
      await expect(page.locator('#root_influencers_0_name')).toHaveValue(second!.name);
      // Their address now finds nobody, as on the site: never an error the preview cannot leave.
      await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText(notFound);
      // And the preview goes on: back to the directory, where the others are.
      const back = (
        JSON.parse(original('config/pages/influencer-profile.json')) as {
          sections: { backAction?: { label: string } }[];
        }
      ).sections.find((section) => section.backAction)!.backAction!.label;
      await preview(page).getByRole('link', { name: back }).click();
      await previewShows(page, '/influencers');
      await expect(preview(page).getByRole('heading', { name: second!.name })).toBeVisible();
    });
  });
});
