/**
 * `npm run build:photo-site`: a copy of the repository's site with 30 generated creators, each with a photo, and the
 * site's own projects, each with an image (test-results/photo-site/), built into its dist/ folder through the image
 * pipeline; then the same site with its pictures' sizes made by each host's image service (config/hosting.json), built
 * beside it. The browser tests of pictures and `npm run bench:pictures` use them.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addPictures } from '../src/testing/photo-site.ts';
import { createScaleSite } from '../src/testing/scale-site.ts';
import { LIVE_SITE_DIR, PHOTO_SITE_DIR, PHOTO_SITE_DIST, PHOTO_SITE_VIA } from '../src/testing/sites.ts';

const build = (site: string, dist: string) =>
  spawnSync(join(LIVE_SITE_DIR, 'node_modules/.bin/tsx'), ['scripts/build.ts', site, dist], {
    cwd: LIVE_SITE_DIR,
    stdio: 'inherit',
    env: { ...process.env, SITE_EDITOR: 'off' },
  }).status === 0;

createScaleSite({ influencers: 30, into: PHOTO_SITE_DIR });
await addPictures(PHOTO_SITE_DIR);
let built = build(PHOTO_SITE_DIR, PHOTO_SITE_DIST);
for (const [service, { dir, dist }] of Object.entries(PHOTO_SITE_VIA)) {
  if (!built) break;
  rmSync(dir, { recursive: true, force: true });
  cpSync(PHOTO_SITE_DIR, dir, { recursive: true });
  writeFileSync(
    join(dir, 'config/hosting.json'),
    `${JSON.stringify({ $schema: '../schemas/hosting.schema.json', pictures: service }, null, 2)}\n`,
  );
  built = build(dir, dist);
}
process.exitCode = built ? 0 : 1;
