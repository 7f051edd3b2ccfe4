/**
 * The spec site with this project's schemas in a real bare repository behind the GitHub stand-in: what the editor
 * from the browser edits in the tests. The unit tests make one per test (editor-github-site.ts); the browser tests
 * make one per test on the stand-in's fixed port (e2e/cloudflare/).
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_SCHEMAS } from '../checker/project-folders.ts';
import { commitAndPush, createSharedSite, editJsonFile, git, type SharedSite } from './git-sites.ts';
import type { Account } from './github-stand-in-api.ts';
import { startGitHubStandIn, type GitHubStandIn } from './github-stand-in.ts';
import { SPEC_SITE_DIR } from './sites.ts';

/** The author the tests sign in as, who may write; the repository is loom/site. */
export const AUTHOR: Account = { login: 'ama', name: 'Ama Mensah', email: 'ama@example.org', canWrite: true };
export const REPOSITORY = { owner: 'loom', name: 'site' } as const;

/** The project's schemas committed to a shared site's main branch, as a developer keeps them beside its config. */
export function withSchemas(site: SharedSite): SharedSite {
  cpSync(PROJECT_SCHEMAS, join(site.teammate, 'schemas'), { recursive: true });
  commitAndPush(site.teammate, 'Developer', 'The schemas');
  return site;
}

/**
 * The spec site (or the site of `source`) and the project's schemas, kept in a new bare repository under `root`,
 * with a teammate's clone.
 */
export const createGitHubSite = (root: string, source = SPEC_SITE_DIR): SharedSite =>
  withSchemas(createSharedSite(source, root));

/** The stand-in serving that repository, on `port` (a free one when not given), knowing `app` when given. */
export function startStandInFor(
  site: SharedSite,
  options: { port?: number; app?: GitHubStandIn['app'] } = {},
): Promise<GitHubStandIn> {
  return startGitHubStandIn({
    ...options,
    repository: { path: site.remote, owner: REPOSITORY.owner, name: REPOSITORY.name },
    accounts: [AUTHOR],
  });
}

/** A teammate publishes a change to a config file with git itself: the new commit on main. */
export function teammatePublishes(site: SharedSite, path: string, change: (data: Record<string, any>) => void): string {
  git(site.teammate, 'pull', '--quiet', '--ff-only');
  editJsonFile(site.teammate, path, change);
  return commitAndPush(site.teammate, 'Kofi Boateng', `${path} changed`);
}
