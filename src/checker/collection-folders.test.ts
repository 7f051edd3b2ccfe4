import { describe, expect, it } from 'vitest';
import { validateEditedSite } from '../testing/edited-site.ts';

describe('a collection kept as a folder, one file per entry', () => {
  it('gives the site the same influencers and projects as one file does, in the order of the file names', () => {
    const asFiles = validateEditedSite([]);
    const asFolders = validateEditedSite([{ asFolder: 'influencers' }, { asFolder: 'projects' }]);
    expect(asFolders.lines).toEqual([]);
    expect(asFolders.config?.influencers).toEqual(asFiles.config?.influencers);
    expect(asFolders.config?.projects).toEqual(asFiles.config?.projects);
  });

  it('reports a mistake in an entry at its line in its own file', () => {
    const { lines } = validateEditedSite([
      { asFolder: 'influencers' },
      {
        file: 'collections/influencers/03-efua-asante.json',
        replace: ['"platform": "tiktok"', '"platform": "TikTok"'],
      },
    ]);
    expect(lines).toEqual([
      'config/collections/influencers/03-efua-asante.json:6:15  platform: "TikTok" is not an allowed platform. Did you mean "tiktok"? Allowed: instagram, tiktok, youtube, facebook, twitter, linkedin, twitch, snapchat, pinterest.',
    ]);
  });

  it('names the file that already has an id or a handle', () => {
    const { lines } = validateEditedSite([
      { asFolder: 'influencers' },
      { file: 'collections/influencers/06-yaw-darko.json', replace: ['"id": 6,', '"id": 3,'] },
      {
        file: 'collections/influencers/06-yaw-darko.json',
        replace: ['"handle": "@yawdarko"', '"handle": "@EfuaGlow"'],
      },
    ]);
    expect(lines).toEqual([
      'config/collections/influencers/06-yaw-darko.json:3:9  id: 3 is already the id of config/collections/influencers/03-efua-asante.json (Efua Asante). Each influencer needs a different id, because it is the address of their profile; 6 is free.',
      'config/collections/influencers/06-yaw-darko.json:5:13  handle: "@EfuaGlow" is already the handle of config/collections/influencers/03-efua-asante.json (Efua Asante). Two entries for one creator would show twice in the directory: remove one, or correct the handle.',
    ]);
  });

  it('refuses the same collection as a file and a folder at once', () => {
    const { lines } = validateEditedSite([
      { asFolder: 'influencers' },
      { file: 'collections/influencers.json', copyOf: 'collections/faqs.json' },
    ]);
    expect(lines[0]).toBe(
      'config/collections/influencers.json:1:1  (whole file): these entries are also in the folder config/collections/influencers/ (6 files). Keep one of the two: this file, or the folder.',
    );
  });
});
