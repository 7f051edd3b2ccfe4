/**
 * Pictures and videos at npm run edit: an upload held on the disk, out of the site, until Save writes the file that
 * uses it. At /admin/ an upload is held in the browser instead, and its spec is e2e/cloudflare/site-editor.spec.ts
 * ("an upload not yet saved survives a reload"); the checks on what a file is are one model (model/upload-check.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDITOR_SITE_DIR } from '../../src/testing/sites.ts';
import { expect, test } from '../fixtures.ts';
import {
  existsOnDisk,
  heldUploads,
  onDisk,
  openFile,
  original,
  preview,
  resetEditedSite,
  saveButton,
  status,
  errorsOfSite,
  HOME,
  PNG,
  REFUSED_SAVE_OR_UPLOAD,
} from './editor-page.ts';

test.afterEach(resetEditedSite);

test.describe('the visual editor, with pictures and videos', () => {
  test.use({ expectedProblem: REFUSED_SAVE_OR_UPLOAD });

  test('uploads a picture, held out of the site until Save writes the file that uses it, and picks it; refuses a file of the wrong kind in the validator words', async ({
    page,
  }) => {
    const SITE = 'config/site.json';
    const shareImage = (JSON.parse(original(SITE)) as { shareImage: string }).shareImage;
    await openFile(page, 'Site', 'Loom Media');
    await page.locator('#root_shareImage').scrollIntoViewIfNeeded();
    const field = page.locator('#root_shareImage');
    await page.getByRole('button', { name: 'Choose or upload…' }).first().click();
    const picker = page.getByRole('dialog', { name: /Choose a picture for “Share image”/ });
    await picker
      .getByLabel(/upload one from your computer/)
      .setInputFiles({ name: 'Team Photo (1).PNG', mimeType: 'image/png', buffer: PNG });
    await expect(picker).toBeHidden();
    await expect(field).toHaveValue('/media/team-photo-1.png');
    // Nothing reaches the site before Save: the upload is held aside, and its glimpse shows from there.
    expect([existsOnDisk('public/media/team-photo-1.png'), heldUploads()]).toEqual([false, ['media/team-photo-1.png']]);
    // Every glimpse of it shows: beside the field, and in the list of uploads waiting for a save.
    await expect
      .poll(() =>
        page
          .locator('.media-thumb[src$="/media/team-photo-1.png"]')
          .evaluateAll((imgs: HTMLImageElement[]) => imgs.length > 0 && imgs.every((img) => img.naturalWidth > 0)),
      )
      .toBe(true);

    // The file is now among those to pick from, marked as not saved yet; picking another fills the field with it.
    await page.getByRole('button', { name: 'Choose or upload…' }).first().click();
    const uploaded = picker.getByRole('button', { name: /\/media\/team-photo-1\.png/ });
    await expect(uploaded).toHaveAttribute('aria-pressed', 'true');
    await expect(uploaded).toContainText('joins the site when you save');
    await picker.getByRole('button', { name: /\/media\/hero-poster\.jpg/ }).click();
    await expect(field).toHaveValue('/media/hero-poster.jpg');
    await page.getByRole('button', { name: 'Choose or upload…' }).first().click();
    await uploaded.click();
    await saveButton(page).click();
    await expect(status(page)).toContainText(`Saved ${SITE}.`);
    expect([existsOnDisk('public/media/team-photo-1.png'), heldUploads()]).toEqual([true, []]);
    // The picture it replaced is no longer used by any page, and the author is told.
    const stillUsed = readdirSync(join(EDITOR_SITE_DIR, 'config'), { recursive: true }).some(
      (path) => String(path).endsWith('.json') && onDisk(`config/${String(path)}`).includes(JSON.stringify(shareImage)),
    );
    if (!stillUsed)
      await expect(status(page)).toContainText(
        `${shareImage} is no longer used by any page: Publish offers to remove it.`,
      );
    expect(errorsOfSite()).toEqual([]);

    // A picture dropped on the WebM field of the home page's video is refused, and nothing is written.
    await openFile(page, 'Pages', 'Home');
    await page.locator('#root_sections_0_video_webm').scrollIntoViewIfNeeded();
    await page
      .locator('#root_sections_0_video_webm')
      .locator('xpath=ancestor::div[contains(@class,"media-field")][1]')
      .getByRole('button', { name: 'Choose or upload…' })
      .click();
    const videoPicker = page.getByRole('dialog', { name: /Choose a WebM video/ });
    await videoPicker
      .getByLabel(/upload one from your computer/)
      .setInputFiles({ name: 'clip.png', mimeType: 'image/png', buffer: PNG });
    await expect(videoPicker.getByRole('alert')).toHaveText(
      /^clip\.png is not the WebM version of the video, which this field needs\./,
    );
    expect(existsOnDisk('public/media/clip.png')).toBe(false);
    await videoPicker.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('#root_sections_0_video_webm')).toHaveValue('/media/hero.webm');
  });

  test('takes a new MP4 alone as the video, offers to remove the old WebM copy and to make a new still picture, and the preview plays it at once', async ({
    page,
  }) => {
    // The preview plays videos here, as for an author who did not ask for less motion (the editors' tests do).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await openFile(page, 'Pages', 'Home');
    const mp4 = page.locator('#root_sections_0_video_mp4');
    await mp4.scrollIntoViewIfNeeded();
    await mp4
      .locator('xpath=ancestor::div[contains(@class,"media-field")][1]')
      .getByRole('button', { name: 'Choose or upload…' })
      .click();
    const picker = page.getByRole('dialog', { name: /Choose an MP4 video/ });
    await picker.getByLabel(/upload one from your computer/).setInputFiles({
      name: 'Launch.mp4',
      mimeType: 'video/mp4',
      buffer: readFileSync(join(EDITOR_SITE_DIR, 'public/media/hero.mp4')),
    });
    await expect(mp4).toHaveValue('/media/launch.mp4');
    // The preview's video loads the new file straight away.
    await expect(preview(page).locator('video source[type="video/mp4"]')).toHaveAttribute(
      'src',
      /^\/session-[0-9a-f]+\/media\/launch\.mp4$/,
    );
    await expect
      .poll(() =>
        preview(page)
          .locator('video')
          .evaluate((video: HTMLVideoElement) => video.currentSrc),
      )
      .toMatch(/\/media\/(launch\.mp4|hero\.webm)$/);

    const offer = page
      .getByRole('status')
      .filter({ hasText: 'The WebM copy of this video (/media/hero.webm) is another video' });
    await offer.getByRole('button', { name: 'Remove the WebM copy' }).click();
    await expect(page.locator('#root_sections_0_video_webm')).toHaveValue('');
    await expect(offer).toHaveCount(0);
    await expect(preview(page).locator('video source')).toHaveCount(1);
    await expect
      .poll(() =>
        preview(page)
          .locator('video')
          .evaluate((video: HTMLVideoElement) => video.currentSrc),
      )
      .toMatch(/\/media\/launch\.mp4$/);

    // The still picture is still the old video's: the editor says so, and makes one from the new video.
    const poster = page.locator('#root_sections_0_video_poster');
    const hint = page.getByRole('status').filter({ hasText: "The still picture is the old video's" });
    await hint.getByRole('button', { name: 'Make one from the new video' }).click();
    await expect(poster).toHaveValue('/media/launch-poster.jpg');
    await expect(hint).toHaveCount(0);
    expect(existsOnDisk('public/media/launch.mp4')).toBe(false);
    await saveButton(page).click();
    // Saved with the new video in the site; the two old copies, which no page names any more, are pointed out.
    await expect(status(page)).toHaveText(
      `Saved ${HOME}. /media/hero.webm, /media/hero.mp4 are no longer used by any page: Publish offers to remove them.`,
    );
    expect(existsOnDisk('public/media/launch.mp4')).toBe(true);
    expect(JSON.parse(onDisk(HOME)).sections[0].video).toMatchObject({
      mp4: '/media/launch.mp4',
      poster: '/media/launch-poster.jpg',
    });
    expect(existsOnDisk('public/media/launch-poster.jpg')).toBe(true);
    expect(JSON.parse(onDisk(HOME)).sections[0].video.webm).toBeUndefined();
    expect(errorsOfSite()).toEqual([]);
  });
});
