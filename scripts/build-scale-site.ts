/**
 * `npm run build:scale-site`: a copy of the repository's site with 1,000 generated influencers (one file each, the
 * site's own projects and everything else unchanged) in test-results/scale-site/, built into its dist/ folder.
 * The browser tests of e2e/scale/ check that pages cost what they show at that size.
 * `tsx scripts/build-scale-site.ts <influencers>` builds another size.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createScaleSite } from '../src/testing/scale-site.ts';
import { LIVE_SITE_DIR, SCALE_SITE_DIR, SCALE_SITE_DIST } from '../src/testing/sites.ts';

const influencers = Number(process.argv[2] ?? 1000);
createScaleSite({ influencers, into: SCALE_SITE_DIR });
const build = spawnSync(
  join(LIVE_SITE_DIR, 'node_modules/.bin/tsx'),
  ['scripts/build.ts', SCALE_SITE_DIR, SCALE_SITE_DIST],
  {
    cwd: LIVE_SITE_DIR,
    stdio: 'inherit',
    // Built to measure what visitors load: the editor (the same at any size) is left out.
    env: { ...process.env, SITE_EDITOR: 'off' },
  },
);
process.exitCode = build.status ?? 1;
