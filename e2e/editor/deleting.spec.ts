/**
 * npm run edit following its files on the disk: another program adds or removes a file while the editor is open.
 * Only here: at /admin/ there is no disk beside the editor (a teammate's change arrives with Get latest); deleting
 * itself, the same page at both, is a shared spec (e2e/both-editors/).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDITOR_SITE_DIR } from '../../src/testing/sites.ts';
import { expect, test } from '../fixtures.ts';
import { fileList, openFile, resetEditedSite, status } from './editor-page.ts';

test.afterEach(resetEditedSite);

test.describe('deleting in the editor', () => {
  test('follows files that appear or disappear on disk, closing an open one that was removed', async ({ page }) => {
    await openFile(page, 'Lists of points', 'Values');
    const awards = join(EDITOR_SITE_DIR, 'config/collections/awards.json');
    writeFileSync(
      awards,
      `${JSON.stringify({ $schema: '../../schemas/collections/points.schema.json', points: [{ title: 'Best Agency', text: 'Accra, 2025.' }] }, null, 2)}\n`,
    );
    // The list looks again every few seconds, and at once when the author comes back to the tab: they come back.
    const comeBack = () => page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await comeBack();
    await expect(fileList(page).getByRole('button', { name: 'Awards', exact: true })).toBeVisible({ timeout: 15_000 });
    rmSync(join(EDITOR_SITE_DIR, 'config/collections/values.json'));
    await comeBack();
    await expect(fileList(page).getByRole('button', { name: 'Values', exact: true })).toHaveCount(0, {
      timeout: 15_000,
    });
    await expect(status(page)).toHaveText('config/collections/values.json was removed outside the editor.');
    await expect(page.getByRole('heading', { name: /^Lists of points: Values/ })).toHaveCount(0);
  });
});
