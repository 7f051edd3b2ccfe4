/**
 * The spec site with this project's schemas, kept in a real bare repository behind the GitHub stand-in, new for each
 * test of the file that calls githubSitePerTest(): the author's API (signed in as Ama, who may write), the author's
 * drafts branch made from main, and a teammate's clone that publishes with plain git.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { answerCheck, type CheckAnswer, type CheckRequest } from '../checker/check-worker.ts';
import { GitHubApi } from '../editor/github/github-api.ts';
import { BranchStore } from '../editor/model/branch-store.ts';
import { draftBranchOf, draftsProtected } from '../editor/model/drafts-branch.ts';
import { BranchSite } from '../editor/model/branch-site.ts';
import { gitHubHost } from '../editor/github/github-session.ts';
import { saveChanges } from '../editor/model/save.ts';
import { git, sharedSitePerTest, type SharedSite } from './git-sites.ts';
import { AUTHOR, REPOSITORY, startStandInFor, withSchemas } from './github-site.ts';
import type { GitHubStandIn } from './github-stand-in.ts';
import { SPEC_SITE_DIR } from './sites.ts';

export { AUTHOR, teammatePublishes } from './github-site.ts';
export const DRAFTS = draftBranchOf(AUTHOR.login);

/** The repository as the session at /admin/ reads the site from it: its config read ahead beside each listing. */
export const siteRepository = (api: GitHubApi) => gitHubHost(api).repository({ readsSite: true });

/** The checker, run in this process as the page runs it in a worker. */
export const checkHere = async (request: CheckRequest): Promise<CheckAnswer> => answerCheck(request);

export function githubSitePerTest(): () => { site: SharedSite; github: GitHubStandIn; api: GitHubApi } {
  const shared = sharedSitePerTest(SPEC_SITE_DIR, (site) => {
    withSchemas(site);
    git(site.remote, 'branch', DRAFTS, 'main');
  });
  let current: { site: SharedSite; github: GitHubStandIn; api: GitHubApi } | undefined;
  beforeEach(async () => {
    const site = shared();
    const github = await startStandInFor(site);
    const api = new GitHubApi({
      api: github.url,
      owner: REPOSITORY.owner,
      repo: REPOSITORY.name,
      token: github.tokenFor(AUTHOR),
    });
    current = { site, github, api };
  });
  afterEach(async () => {
    await current?.github.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('The GitHub site exists only inside a test.');
    return current;
  };
}

/** The author changes a file's data in the editor and saves it to their drafts: the save's answer. */
export async function savedToDrafts(api: GitHubApi, path: string, change: (data: Record<string, any>) => void) {
  const repository = siteRepository(api);
  const site = await BranchSite.load(repository, DRAFTS);
  const data = JSON.parse(site.openFile(path).text) as Record<string, any>;
  change(data);
  const drafts = new BranchStore(repository, DRAFTS, site, checkHere, new Map(), draftsProtected(DRAFTS));
  return saveChanges(drafts, [{ path, data, baseVersion: site.blobs.get(path)! }]);
}

/**
 * Someone who may push puts files on the author's drafts (path: text or bytes) in one commit of `who`'s, with plain
 * git from the teammate's clone: what the editor did not put there.
 */
export function pushedToDrafts(
  site: SharedSite,
  who: string,
  files: Record<string, string | Uint8Array | { readonly link: string }>,
): void {
  const { teammate } = site;
  git(teammate, 'fetch', '--quiet');
  git(teammate, 'checkout', '--quiet', '-B', 'planted', `origin/${DRAFTS}`);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(teammate, path)), { recursive: true });
    if (typeof content === 'object' && 'link' in content) symlinkSync(content.link, join(teammate, path));
    else writeFileSync(join(teammate, path), content);
  }
  git(teammate, 'add', '-A');
  git(teammate, '-c', `user.name=${who}`, '-c', 'user.email=teammate@example.org', 'commit', '--quiet', '-m', 'Put on');
  git(teammate, 'push', '--quiet', 'origin', `planted:${DRAFTS}`);
}
