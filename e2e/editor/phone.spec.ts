/**
 * npm run edit on a phone's screen, by touch. /admin/ on a phone, signed in, is its own spec
 * (e2e/cloudflare/site-editor.spec.ts, "on a phone"): its first screen is the sign-in.
 */
import { expect, expectNoAxeViolations, test } from '../fixtures.ts';
import {
  changedLines,
  fileList,
  preview,
  resetEditedSite,
  saveButton,
  status,
  HOME,
  REFUSED_SAVE_OR_UPLOAD,
} from './editor-page.ts';

test.afterEach(resetEditedSite);

test.describe('the visual editor', () => {
  test.use({ expectedProblem: REFUSED_SAVE_OR_UPLOAD });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test('edits and saves by touch at 390 × 844, one part at a time, with nothing wider than the screen', async ({
      page,
    }) => {
      const nothingSideways = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const show = (part: string) =>
        page.getByRole('group', { name: 'Show' }).getByRole('button', { name: part, exact: true });
      await page.goto('/');
      await expect(status(page)).toHaveText('Choose a file to edit.');
      await nothingSideways();
      await fileList(page).getByRole('button', { name: 'Home', exact: true }).tap();
      const headline = page.locator('#root_sections_0_heading');
      await expect(headline).toBeVisible();
      await expect(fileList(page)).toBeHidden();
      await headline.fill('Stories That Move Accra');
      await nothingSideways();
      // Far down a long page, Save and Publish are still at hand, and cover none of its fields.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(saveButton(page)).toBeInViewport();
      const bar = (await page.locator('.editor-commands').boundingBox())!;
      const lastField = (await page.locator('.editor-main :is(input, textarea, select):visible').last().boundingBox())!;
      expect(lastField.y + lastField.height).toBeLessThanOrEqual(bar.y);

      await show('Preview').tap();
      await expect(show('Preview')).toHaveAttribute('aria-pressed', 'true');
      await expect(headline).toBeHidden();
      await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Stories That Move Accra');
      await expect(
        page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Phone' }),
      ).toHaveAttribute('aria-pressed', 'true');
      await nothingSideways();

      await show('Edit').tap();
      await saveButton(page).tap();
      await expect(status(page)).toHaveText(`Saved ${HOME}.`);
      expect(changedLines(HOME)).toEqual(['      "heading": "Stories That Move Accra",']);
      // Every control on screen is large enough for a finger.
      const small = await page
        .locator('button:visible, select:visible, input:visible')
        .evaluateAll((controls) =>
          controls
            .filter(
              (control) =>
                control.getBoundingClientRect().height < 24 ||
                (control.tagName !== 'INPUT' && control.getBoundingClientRect().height < 44),
            )
            .map((control) => control.outerHTML.slice(0, 80)),
        );
      expect(small).toEqual([]);
      await show('Files').tap();
      await expect(fileList(page)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('designs a form by touch at 390 px: a field opens, its rule changes, nothing is wider than the screen, axe finds nothing', async ({
      page,
    }) => {
      await page.goto('/');
      await fileList(page).getByRole('button', { name: 'Creator application', exact: true }).tap();
      const card = page.locator('.designer-field').first();
      await card.locator('summary').tap();
      await card.getByLabel('At most this many characters').fill('120');
      await expect(card.locator('.designer-offer')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page);
    });

    test('opens every file at 360 px with nothing wider than the screen, and problems in a third of it', async ({
      page,
    }) => {
      // Every file of the site, one after another: about 25 s alone, more on a busy machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/');
      await expect(status(page)).toHaveText('Choose a file to edit.');
      const files = fileList(page).locator('li button');
      const count = await files.count();
      expect(count).toBeGreaterThan(10);
      for (let index = 0; index < count; index++) {
        await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Files', exact: true }).tap();
        const name = (await files.nth(index).textContent())!;
        await files.nth(index).tap();
        await expect(page.locator('#file-heading')).toBeVisible();
        expect([name, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([name, 360]);
        // Problems and warnings never take more than a third of the screen: the form stays in reach below them.
        const problems = page.locator('.editor-problems');
        if (await problems.isVisible())
          expect([name, (await problems.boundingBox())!.height <= 740 / 3]).toEqual([name, true]);
      }
    });
  });
});
