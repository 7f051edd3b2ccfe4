import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileNameProblem } from '../../content/file-names.ts';
import { copyOfSpecSite } from '../../testing/edited-site.ts';
import { refusalWords } from '../protocol/refusals.ts';
import {
  ensureHeldMediaFolder,
  forgetOldHeldMedia,
  heldMedia,
  heldUploadsOf,
  HELD_MEDIA_DAYS,
  removeHeldMedia,
  renameHeldMedia,
} from './held-media.ts';
import { readConfigFile, saveConfigFiles } from '../server/workspace.ts';

let site: { root: string; remove: () => void } | undefined;
afterEach(() => site?.remove());

const HOME = 'config/pages/home.json';
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The author saves the home page with its poster set to `poster` (unchanged when not given). */
async function saveHome(root: string, poster?: string) {
  const opened = readConfigFile(root, HOME);
  const data = JSON.parse(opened.text) as { sections: { heading: string; video: { poster: string } }[] };
  data.sections[0]!.heading = `Saved at ${Date.now()}`;
  if (poster) data.sections[0]!.video.poster = poster;
  return saveConfigFiles(root, [{ path: HOME, data, baseVersion: opened.version }]);
}

describe('uploads held until Save', () => {
  it('are kept out of the site, and forgotten once no save has used them for a month', () => {
    site = copyOfSpecSite();
    const folder = ensureHeldMediaFolder(site.root);
    expect(folder.startsWith(site.root)).toBe(false);
    writeFileSync(join(folder, 'fresh.png'), 'x');
    writeFileSync(join(folder, 'old.png'), 'x');
    const long = (Date.now() - (HELD_MEDIA_DAYS + 1) * 24 * 60 * 60 * 1000) / 1000;
    utimesSync(join(folder, 'old.png'), long, long);
    expect(forgetOldHeldMedia(site.root)).toEqual(['/media/old.png']);
    expect([...heldMedia(site.root).keys()]).toEqual(['media/fresh.png']);
  });

  it('one held under a name the checker refuses (from before names were checked) never stops a save that does not name it', async () => {
    site = copyOfSpecSite();
    writeFileSync(join(ensureHeldMediaFolder(site.root), 'con.png'), png);
    expect(await saveHome(site.root)).toMatchObject({ status: 'saved' });
    // Listed with what is wrong with its name; a save that names it is refused until it is renamed.
    expect(heldUploadsOf(site.root)).toEqual([
      expect.objectContaining({ src: '/media/con.png', kind: 'image', nameProblem: fileNameProblem('con.png') }),
    ]);
    expect(await saveHome(site.root, '/media/con.png')).toMatchObject({
      status: 'invalid',
      problems: [expect.objectContaining({ file: 'public/media/con.png' })],
    });
    expect(renameHeldMedia(site.root, '/media/con.png', 'poster')).toBe('/media/poster.png');
    expect(await saveHome(site.root, '/media/poster.png')).toMatchObject({ status: 'saved' });
    expect(readFileSync(join(site.root, 'public/media/poster.png'))).toEqual(png);
    expect(heldUploadsOf(site.root)).toEqual([]);
  });

  it('are renamed by the one rule of names, never over another file, and removed for good', () => {
    site = copyOfSpecSite();
    const folder = ensureHeldMediaFolder(site.root);
    writeFileSync(join(folder, 'beach.png'), png);
    writeFileSync(join(folder, 'sunset.png'), png);
    const refused = (action: () => unknown) => {
      try {
        action();
      } catch (refusal) {
        return (refusal as Error).message;
      }
      return undefined;
    };
    expect(refused(() => renameHeldMedia(site!.root, '/media/beach.png', 'aux'))).toBe(
      refusalWords('heldNameRefused', `aux.png ${fileNameProblem('aux.png')}`, 'beach.png'),
    );
    expect(refused(() => renameHeldMedia(site!.root, '/media/beach.png', 'sunset.png'))).toBe(
      refusalWords('heldNameTaken', 'sunset.png'),
    );
    expect(refused(() => renameHeldMedia(site!.root, '/media/beach.png', 'hero-poster.jpg'))).toMatch(
      /^Not renamed: hero-poster\.jpg ends with \.jpg, but the file is a PNG picture/,
    );
    writeFileSync(join(site.root, 'public/media/taken.png'), 'x');
    expect(refused(() => renameHeldMedia(site!.root, '/media/beach.png', 'taken'))).toBe(
      refusalWords('heldNameTaken', 'taken.png'),
    );
    expect(renameHeldMedia(site.root, '/media/beach.png', 'shore')).toBe('/media/shore.png');
    removeHeldMedia(site.root, '/media/sunset.png');
    expect(existsSync(join(folder, 'sunset.png'))).toBe(false);
    expect([...heldMedia(site.root).keys()]).toEqual(['media/shore.png']);
    expect(refused(() => removeHeldMedia(site!.root, '/media/sunset.png'))).toBe(
      refusalWords('heldUploadGone', '/media/sunset.png'),
    );
  });
});
