/**
 * At npm run edit: a file changed on the disk while it was open, drafts kept per tab through a reload, and axe on
 * the whole editor. /admin/ keeps drafts per tab and per account, and passes axe, in its own spec
 * (e2e/cloudflare/site-editor.spec.ts); undo and redo, the same page at both, are a shared spec (e2e/both-editors/).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDITOR_SITE_DIR } from '../../src/testing/sites.ts';
import { expect, expectNoAxeViolations, test } from '../fixtures.ts';
import {
  onDisk,
  openFile,
  original,
  resetEditedSite,
  saveButton,
  status,
  HOME,
  REFUSED_SAVE_OR_UPLOAD,
} from './editor-page.ts';

test.afterEach(resetEditedSite);

test.describe('the visual editor, for undo, drafts, a file changed meanwhile, and every author', () => {
  test.use({ expectedProblem: REFUSED_SAVE_OR_UPLOAD });

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
});
