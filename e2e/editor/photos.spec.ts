/**
 * A creator's photo from upload to the built site's card. Only here: it builds the site from the disk the editor
 * wrote, which /admin/ leaves to the host.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fixturePicture } from '../../src/testing/fixture-pictures.ts';
import { EDITOR_SITE_DIR, LIVE_SITE_DIR } from '../../src/testing/sites.ts';
import { expect, test } from '../fixtures.ts';
import { heldUploads, onDisk, openFile, preview, resetEditedSite, saveButton, status } from './editor-page.ts';

test.afterEach(resetEditedSite);

const INFLUENCERS = 'config/collections/influencers.json';

test("gives a creator a photo: upload, focus and alt text, seen in the preview at once and on the built site's card", async ({
  page,
}) => {
  // The build at the end takes half a minute on a busy two-core machine.
  test.setTimeout(180_000);
  const photo = await fixturePicture({ width: 900, height: 1200, seed: 5 });
  const [first] = (JSON.parse(onDisk(INFLUENCERS)) as { influencers: { name: string }[] }).influencers;
  await openFile(page, 'Influencers', 'Influencers');

  const src = page.locator('#root_influencers_0_photo_src');
  await src.scrollIntoViewIfNeeded();
  await src
    .locator('xpath=ancestor::div[contains(@class,"media-field")][1]')
    .getByRole('button', { name: 'Choose or upload…' })
    .click();
  await page
    .getByRole('dialog', { name: /Choose a photo for “Picture file”/ })
    .getByLabel(/upload one from your computer/)
    .setInputFiles({ name: 'Amara at the studio.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(src).toHaveValue('/media/amara-at-the-studio.jpg');
  expect(heldUploads()).toEqual(['media/amara-at-the-studio.jpg']);
  const alt = `${first!.name} laughing in the studio`;
  await page.locator('#root_influencers_0_photo_alt').fill(alt);

  // The part that matters: clicked on the picture, then nudged with the keyboard.
  const focus = page.getByRole('slider', { name: 'Focus point' });
  // Clicked once the picture is drawn at its own proportions (900 × 1200), so the point clicked is where it is measured.
  await expect
    .poll(async () => {
      const drawn = await focus.boundingBox();
      return drawn && drawn.width > 0 ? Math.round((drawn.height / drawn.width) * 100) : 0;
    })
    .toBe(133);
  const box = (await focus.boundingBox())!;
  await focus.click({ position: { x: box.width * 0.2, y: box.height * 0.3 } });
  await expect(page.locator('#root_influencers_0_photo_focus_x')).toHaveValue('20');
  await expect(page.locator('#root_influencers_0_photo_focus_y')).toHaveValue('30');
  await focus.press('ArrowRight');
  await expect(focus).toHaveAttribute('aria-valuetext', '25% from the left, 30% from the top');

  // The preview shows the photo on the card at once, cut around the same point.
  const shown = preview(page).getByRole('img', { name: alt });
  await expect(shown).toBeVisible({ timeout: 20_000 });
  await expect(shown).toHaveCSS('object-position', '25% 30%');

  await saveButton(page).click();
  await expect(status(page)).toContainText(`Saved ${INFLUENCERS}.`);
  const saved = (JSON.parse(onDisk(INFLUENCERS)) as { influencers: { photo?: unknown }[] }).influencers[0]!.photo;
  expect(saved).toEqual({ src: '/media/amara-at-the-studio.jpg', alt, focus: { x: 25, y: 30 } });
  expect(existsSync(join(EDITOR_SITE_DIR, 'public/media/amara-at-the-studio.jpg'))).toBe(true);

  // Built as the host builds it: the card offers the photo at every width, cut around the focus.
  // Inside the project, where the pre-rendering bundle finds its packages.
  const out = join(LIVE_SITE_DIR, 'test-results/editor-photo-build');
  rmSync(out, { recursive: true, force: true });
  try {
    const build = spawnSync(
      join(LIVE_SITE_DIR, 'node_modules/.bin/tsx'),
      ['scripts/build.ts', EDITOR_SITE_DIR, join(out, 'dist')],
      {
        cwd: LIVE_SITE_DIR,
        encoding: 'utf8',
        env: { ...process.env, SITE_EDITOR: 'off', SITE_PICTURE_CACHE: join(out, 'cache') },
      },
    );
    expect(build.status, build.stderr).toBe(0);
    const directory = readFileSync(join(out, 'dist/influencers/index.html'), 'utf8');
    const card = new RegExp(
      `<picture><img alt="${alt}" width="56" height="56"[^>]*srcSet="/assets/pictures/([0-9a-f]{2})/(\\1[0-9a-f]{14})-square-112\\.webp 112w`,
    ).exec(directory);
    expect(card, 'the card shows the photo').not.toBeNull();
    const [, folder, key] = card!;
    for (const file of [`${key}-square-240.webp`, `${key}-square-480.webp`, `${key}-share.jpg`])
      expect(existsSync(join(out, 'dist/assets/pictures', folder!, file)), file).toBe(true);
    // Built without the editor, nothing but the pipeline reads the original: the site leaves it out.
    expect(existsSync(join(out, 'dist/media/amara-at-the-studio.jpg'))).toBe(false);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
