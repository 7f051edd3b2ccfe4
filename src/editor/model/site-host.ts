/**
 * What a git host answers for the editor at /admin/ beyond the repository port (model/repository.ts): who is signed
 * in, a new branch, publishing put together from its repository and the author's drafts, how a published commit
 * stands on its way to the live site, the drafts against main, file sizes, and which failures it says in words. The
 * backend (hosted-backend.ts), the session (drafts-session.ts) and publishing (drafts-publishing.ts) are written once
 * over it; GitHub answers it in github/github-session.ts. No Node API.
 */
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import type { PublishMode, SiteBuild } from '../protocol/publishing.ts';
import type { PublishingPlace, Repository } from './repository.ts';
import type { DraftsAgainst } from './drafts-strays.ts';

/** Who is signed in and what they may do, as the host's sign-in tells it. */
export interface SignedIn {
  readonly login: string;
  readonly name: string;
  /** The address the host records their commits under. */
  readonly email: string;
  /** The repository's main branch, where the site is published from. */
  readonly main: string;
  /** Whether this account may change the repository. */
  readonly canWrite: boolean;
}

/** How a repository is asked for: through one action that writes, and what the session already holds. */
interface RepositoryUse {
  /** Once this fires (the page stopped waiting), no request of the action starts and those under way end. */
  readonly stopped?: AbortSignal;
  /** The files of a commit the session already listed (the site it shows), which need not be asked again. */
  readonly knownFiles?: (commit: string) => ReadonlyMap<string, string> | undefined;
  /** Whether the site is read whole from it (its config, when the editor opens): a host may read that ahead. */
  readonly readsSite?: boolean;
}

/** What publishing is put together from (SiteHost.publishing). */
export interface PublishingParts {
  /** The published branch and the author's drafts branch. */
  readonly main: string;
  readonly drafts: string;
  readonly mode: PublishMode;
  /** The checker, given the editor's own schemas. */
  readonly check: (request: CheckRequest) => Promise<CheckAnswer>;
  /** Texts the session already read, by their id, which need not be asked again. */
  readonly knownText?: (blob: string) => string | undefined;
}

export interface SiteHost {
  /** Who is signed in, the repository's main branch, and whether they may change it. */
  signedIn(): Promise<SignedIn>;
  /** The repository the site is read from and saved to. */
  repository(use?: RepositoryUse): Repository;
  /**
   * A new branch at a commit, refused where one of that name is there already (GitHub: POST
   * /repos/{owner}/{repo}/git/refs; GitLab: POST /projects/:id/repository/branches with branch and ref; Gitea: POST
   * /repos/{owner}/{repo}/branches with new_branch_name and old_ref_name).
   */
  createBranch(branch: string, at: string, stopped?: AbortSignal): Promise<void>;
  /** Publishing as the core decides it (model/publish.ts): the repository and the author's drafts on the host. */
  publishing(parts: PublishingParts, stopped?: AbortSignal): PublishingPlace;
  /**
   * The published `commit` on its way (model/live-site.ts): the live site at `liveAddress` and what the hosts that
   * build it reported; `siteAddress` is the site's address in config/site.json, which names the host.
   */
  siteBuild(commit: string, liveAddress: string, siteAddress: string): Promise<SiteBuild>;
  /**
   * How the drafts at `head` stand against the published commit `published` (the stray files list reads it), asked
   * through `repository` (one this host made), whose files already listed are not asked again.
   */
  draftsAgainst(repository: Repository, published: string, head: string): Promise<DraftsAgainst>;
  /** How many bytes a file has, by the id a listing of the repository gave; undefined where no listing said. */
  sizeOf(blob: string): number | undefined;
  /** Whether a failure is one the host said in words (a refusal, an answer that never came), not the editor's own. */
  saidInWords(failure: Error): boolean;
}
