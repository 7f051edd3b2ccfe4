/**
 * A copy of the spec site published in a folder of its address, as GitHub Pages publishes a project site
 * (https://<owner>.github.io/<repository>/): npm run build:project-site builds it for the tests of e2e/project-site/.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ConfigFiles, Site } from '../generated/config-types.ts';
import { LIVE_SITE_DIR, SPEC_SITE_DIR } from './sites.ts';

export const PROJECT_SITE = {
  dir: resolve(LIVE_SITE_DIR, 'test-results/project-site/source'),
  dist: resolve(LIVE_SITE_DIR, 'test-results/project-site/dist'),
  url: 'https://loom-team.github.io/loom-site',
  /** The folder the site lives in, as the browser sees it. */
  folder: '/loom-site',
};

/**
 * Two influencers removed from the project site: the first one's old profile leads to the directory, the second one's
 * does not.
 */
export function removedFromProjectSite(): {
  readonly showsInstead: number;
  readonly notFound: number;
  readonly page: string;
} {
  const ids = (
    JSON.parse(readFileSync(join(SPEC_SITE_DIR, 'config/collections/influencers.json'), 'utf8')) as {
      influencers: { id: number }[];
    }
  ).influencers.map((influencer) => influencer.id);
  const next = Math.max(...ids) + 1;
  return { showsInstead: next, notFound: next + 1, page: '/influencers' };
}

/** The spec site with its address in a folder, and two influencers removed from it (removedFromProjectSite). */
export function createProjectSite(into = PROJECT_SITE.dir): void {
  rmSync(into, { recursive: true, force: true });
  cpSync(SPEC_SITE_DIR, into, { recursive: true });
  const file = join(into, 'config/site.json');
  const site = JSON.parse(readFileSync(file, 'utf8')) as Site;
  site.url = PROJECT_SITE.url;
  writeFileSync(file, `${JSON.stringify(site, null, 2)}\n`);
  const removed = removedFromProjectSite();
  const record: ConfigFiles['removed'] = {
    $schema: '../schemas/removed.schema.json',
    influencers: [
      { id: removed.showsInstead, name: 'Yaw Darko', showInstead: removed.page },
      { id: removed.notFound, name: 'Efua Asantewaa' },
    ],
  };
  writeFileSync(join(into, 'config/removed.json'), `${JSON.stringify(record, null, 2)}\n`);
}
