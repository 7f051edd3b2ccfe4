/**
 * `npm run build:photo-site`: a copy of the repository's site with 30 generated creators, each with a photo, and the
 * site's own projects, each with an image (test-results/photo-site/), built into its dist/ folder through the image
 * pipeline. The browser tests of pictures and `npm run bench:pictures` use it.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { addPictures } from '../src/testing/photo-site.ts';
import { createScaleSite } from '../src/testing/scale-site.ts';
import { LIVE_SITE_DIR, PHOTO_SITE_DIR, PHOTO_SITE_DIST } from '../src/testing/sites.ts';

createScaleSite({ influencers: 30, into: PHOTO_SITE_DIR });
await addPictures(PHOTO_SITE_DIR);
const build = spawnSync(
  join(LIVE_SITE_DIR, 'node_modules/.bin/tsx'),
  ['scripts/build.ts', PHOTO_SITE_DIR, PHOTO_SITE_DIST],
  { cwd: LIVE_SITE_DIR, stdio: 'inherit', env: { ...process.env, SITE_EDITOR: 'off' } },
);
process.exitCode = build.status ?? 1;
