/**
 * A copy of the spec site published in a folder of its address, as GitHub Pages publishes a project site
 * (https://<owner>.github.io/<repository>/): npm run build:project-site builds it for the tests of e2e/project-site/.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Site } from '../generated/config-types.ts';
import { LIVE_SITE_DIR, SPEC_SITE_DIR } from './sites.ts';

export const PROJECT_SITE = {
  dir: resolve(LIVE_SITE_DIR, 'test-results/project-site/source'),
  dist: resolve(LIVE_SITE_DIR, 'test-results/project-site/dist'),
  url: 'https://loom-team.github.io/loom-site',
  /** The folder the site lives in, as the browser sees it. */
  folder: '/loom-site',
};

/** The spec site with its address in a folder; nothing else changes. */
export function createProjectSite(into = PROJECT_SITE.dir): void {
  rmSync(into, { recursive: true, force: true });
  cpSync(SPEC_SITE_DIR, into, { recursive: true });
  const file = join(into, 'config/site.json');
  const site = JSON.parse(readFileSync(file, 'utf8')) as Site;
  site.url = PROJECT_SITE.url;
  writeFileSync(file, `${JSON.stringify(site, null, 2)}\n`);
}
