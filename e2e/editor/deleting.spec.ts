import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDITOR_SITE_DIR } from '../../src/testing/sites.ts';
import { expect, expectNoAxeViolations, test } from '../fixtures.ts';
import {
  errorsOfSite,
  existsOnDisk,
  fileList,
  onDisk,
  openFile,
  resetEditedSite,
  status,
  ABOUT,
} from './editor-page.ts';

test.afterEach(resetEditedSite);

test.describe('deleting in the editor', () => {
  test('deletes a page after naming what points to it, points those links elsewhere, and leaves the site valid', async ({
    page,
  }) => {
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
    expect(existsOnDisk(ABOUT)).toBe(true);

    await dialog.getByLabel('Point them to another page').check();
    await dialog.getByLabel('The page they point to instead').selectOption('/contact');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(status(page)).toContainText('Deleted About Us page.');
    await expect(status(page)).toContainText('now point');
    expect(existsOnDisk(ABOUT)).toBe(false);
    expect(onDisk('config/navigation.json')).toContain('{ "label": "About", "href": "/contact" }');
    await expect(fileList(page).getByRole('button', { name: 'About', exact: true })).toHaveCount(0);
    expect(errorsOfSite()).toEqual([]);
  });

  test('follows files that appear or disappear on disk, closing an open one that was removed', async ({ page }) => {
    await openFile(page, 'Lists of points', 'Values');
    const awards = join(EDITOR_SITE_DIR, 'config/collections/awards.json');
    writeFileSync(
      awards,
      `${JSON.stringify({ $schema: '../../schemas/collections/points.schema.json', points: [{ title: 'Best Agency', text: 'Accra, 2025.' }] }, null, 2)}\n`,
    );
    await expect(fileList(page).getByRole('button', { name: 'Awards', exact: true })).toBeVisible({ timeout: 15_000 });
    rmSync(join(EDITOR_SITE_DIR, 'config/collections/values.json'));
    await expect(fileList(page).getByRole('button', { name: 'Values', exact: true })).toHaveCount(0, {
      timeout: 15_000,
    });
    await expect(status(page)).toHaveText('config/collections/values.json was removed outside the editor.');
    await expect(page.getByRole('heading', { name: /^Lists of points: Values/ })).toHaveCount(0);
  });
});
