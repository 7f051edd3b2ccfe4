/**
 * `npm run build:project-site`: the spec site with its address in a folder (https://loom-team.github.io/loom-site),
 * built into test-results/project-site/dist for the tests of e2e/project-site/, which serve it in that folder.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createProjectSite, PROJECT_SITE } from '../src/testing/project-site.ts';
import { LIVE_SITE_DIR } from '../src/testing/sites.ts';

createProjectSite();
const build = spawnSync(
  join(LIVE_SITE_DIR, 'node_modules/.bin/tsx'),
  ['scripts/build.ts', PROJECT_SITE.dir, PROJECT_SITE.dist],
  {
    cwd: LIVE_SITE_DIR,
    stdio: 'inherit',
  },
);
process.exitCode = build.status ?? 1;
