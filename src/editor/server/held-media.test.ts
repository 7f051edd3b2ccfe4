import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyOfSpecSite } from '../../testing/edited-site.ts';
import { ensureHeldMediaFolder, forgetOldHeldMedia, heldMedia, HELD_MEDIA_DAYS } from './held-media.ts';

let site: { root: string; remove: () => void } | undefined;
afterEach(() => site?.remove());

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
});
