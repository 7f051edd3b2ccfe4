/**
 * GitHub as the host of the editor at /admin/ (model/site-host.ts), which the session (model/drafts-session.ts) and
 * publishing (model/drafts-publishing.ts) are written over: who is signed in and whether they may push, from GitHub's
 * API; the repository port over it (github-repository.ts), with the site's config read ahead beside each commit's list
 * of files where the site is read whole; a new branch; publishing put together (github-publishing.ts); a published commit on its way
 * (github-build.ts); the drafts against main (github-drafts.ts); the sizes GitHub's listings give; and which failures
 * GitHub's refusals say in words (github-http.ts). No Node API.
 */
import type { SiteHost } from '../model/site-host.ts';
import type { GitHubApi } from './github-api.ts';
import { siteBuildOnGitHub } from './github-build.ts';
import { draftsAgainst } from './github-drafts.ts';
import { GitHubRefusal } from './github-http.ts';
import { publishingOnGitHub } from './github-publishing.ts';
import { GitHubRepository } from './github-repository.ts';

/**
 * The site's config, read in one request that names config/ alone beside each commit's list of files: three levels
 * down, as config/collections/influencers/<name>.json is; a file that request leaves out is read by its id.
 */
const CONFIG_READ_AHEAD = { folder: 'config', depth: 3 };

/** GitHub, signed in through `api`, as the editor's host. */
export function gitHubHost(api: GitHubApi): SiteHost {
  return {
    async signedIn() {
      const [viewer, repository] = await Promise.all([api.viewer(), api.repository()]);
      return {
        ...viewer,
        // The address GitHub gives an account that keeps its own private.
        email: `${viewer.login}@users.noreply.github.com`,
        main: repository.defaultBranch,
        canWrite: repository.canWrite,
      };
    },
    // The config is read ahead only for a repository the site is read whole from: anything else asks for a few files.
    repository: ({ stopped, knownFiles, readsSite } = {}) =>
      new GitHubRepository(api.until(stopped), {
        files: knownFiles,
        ...(readsSite ? { readsAhead: CONFIG_READ_AHEAD } : {}),
      }),
    createBranch: (branch, at, stopped) => api.until(stopped).createBranch(branch, at),
    publishing: (parts, stopped) => publishingOnGitHub(api.until(stopped), parts),
    siteBuild: (commit, liveAddress, siteAddress) => siteBuildOnGitHub(api, commit, liveAddress, siteAddress),
    draftsAgainst: (repository, published, head) =>
      draftsAgainst(repository instanceof GitHubRepository ? repository : new GitHubRepository(api), published, head),
    sizeOf: (blob) => api.sizeOf(blob),
    saidInWords: (failure) => failure instanceof GitHubRefusal,
  };
}
