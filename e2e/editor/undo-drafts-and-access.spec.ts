import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDITOR_SITE_DIR } from '../../src/testing/sites.ts';
import { expect, expectNoAxeViolations, test } from '../fixtures.ts';
import { PREVIEW_WIDTHS } from '../../src/editor/app/PreviewPane.tsx';
import {
  fileList,
  onDisk,
  openFile,
  original,
  preview,
  resetEditedSite,
  saveButton,
  status,
  HOME,
  REFUSED_SAVE_OR_UPLOAD,
} from './editor-page.ts';

test.afterEach(resetEditedSite);

test.describe('the visual editor, for undo, drafts, a file changed meanwhile, and every author', () => {
  test.use({ expectedProblem: REFUSED_SAVE_OR_UPLOAD });

  test('shows the preview at phone and desktop widths', async ({ page }) => {
    await openFile(page, 'Pages', 'About');
    // Read inside the frame: the preview is another origin, which the editor's page itself cannot look into.
    const width = () =>
      preview(page)
        .locator('html')
        .evaluate(() => window.innerWidth);
    expect(await width()).toBe(PREVIEW_WIDTHS.Desktop);
    await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Phone' }).click();
    await expect.poll(width).toBe(PREVIEW_WIDTHS.Phone);
    await expect(page.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('undoes and redoes changes, in the form and in the preview', async ({ page }) => {
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

  test('takes typing back a word at a time, and undoes a saved change after Save', async ({ page }) => {
    await page.clock.install();
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
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${HOME}.`);
    expect(JSON.parse(onDisk(HOME)).sections[0].heading).toBe(`${before} Always`);
    // After Save, Undo still takes the change back, as a change to save.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(headline).toHaveValue(before);
    await expect(saveButton(page)).toBeEnabled();
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${HOME}.`);
    expect(JSON.parse(onDisk(HOME)).sections[0].heading).toBe(before);
  });

  test('never overwrites a file changed on disk while it was open: shows both versions', async ({ page }) => {
    await openFile(page, 'Pages', 'Home');
    await page.locator('#root_sections_0_heading').fill('Mine');
    writeFileSync(join(EDITOR_SITE_DIR, HOME), original(HOME).replace('Weaving Stories Into Impact', 'Theirs'));
    await saveButton(page).click();
    const conflict = page.getByRole('region', { name: `Conflict in ${HOME}` });
    await expect(conflict).toContainText('"heading": "Theirs"');
    await expect(conflict).toContainText('"heading": "Mine"');
    expect(onDisk(HOME)).toContain('Theirs');
  });

  test('keeps unsaved changes, new files included, through a reload, and asks before the tab closes', async ({
    page,
  }) => {
    await openFile(page, 'Pages', 'Home');
    await page.locator('#root_sections_0_heading').fill('Not yet saved');
    await page.getByRole('button', { name: 'New influencer' }).click();
    await page.getByRole('dialog', { name: 'A new influencer' }).getByLabel('Name').fill('Kojo Mensah');
    await page.getByRole('dialog', { name: 'A new influencer' }).getByRole('button', { name: 'Create' }).click();
    await expect(saveButton(page)).toHaveText('Save (2 files)');

    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await expect(status(page)).toContainText('Restored your unsaved changes');
    await expect(saveButton(page)).toHaveText('Save (2 files)');
    await openFile(page, 'Pages', 'Home');
    await expect(page.locator('#root_sections_0_heading')).toHaveValue('Not yet saved');
    expect(onDisk(HOME)).toBe(original(HOME));
  });

  test("keeps each tab's unsaved text its own, and offers a closed tab's beside the next one's", async ({
    page,
    context,
  }) => {
    await openFile(page, 'Pages', 'Home');
    await page.locator('#root_sections_0_heading').fill('Typed in the first tab');
    const second = await context.newPage();
    await second.goto('/');
    await expect(status(second)).toHaveText('Choose a file to edit.');
    await openFile(second, 'Pages', 'Home');
    const heading = second.locator('#root_sections_0_heading');
    await expect(heading).toHaveValue(/Weaving Stories Into Impact/);
    await heading.fill('Typed in the second tab');

    await page.close({ runBeforeUnload: false });
    second.on('dialog', (dialog) => void dialog.accept());
    await second.reload();
    await expect(status(second)).toHaveText(
      `Restored your unsaved changes to ${HOME}. 1 unsaved text waits for your choice, below.`,
    );
    await openFile(second, 'Pages', 'Home');
    await expect(heading).toHaveValue('Typed in the second tab');
    const aside = second.getByRole('region', { name: `Unsaved text for ${HOME}` });
    await aside.getByRole('button', { name: 'Discard it' }).click();
    await expect(aside).toHaveCount(0);
    await expect(status(second)).toHaveText(`Discarded the unsaved text for ${HOME}.`);
    expect(onDisk(HOME)).toBe(original(HOME));
  });

  test('passes axe with a page open, and with the new-page and media dialogs open', async ({ page }) => {
    // Four scans of the whole editor, each several seconds on a busy two-core machine.
    test.setTimeout(90_000);
    await openFile(page, 'Pages', 'Home');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'New page' }).click();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Choose or upload…' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    // The form designer, with a field open and a problem shown.
    await openFile(page, 'Forms', 'Creator application');
    await page.locator('.designer-field summary').first().click();
    await page.locator('.designer-field').first().getByLabel('Label').fill('');
    await expect(page.locator('.designer-field .problem-error').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('finds a file by its name or path among all of them', async ({ page }) => {
    await page.goto('/');
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
});
