/**
 * The port publishing is written over: the few things the editor asks of the place the site is kept, and of the
 * author's drafts, from which Publish, Get latest, History and Undo are decided once (model/publish.ts,
 * model/get-latest.ts, model/history.ts, model/undo.ts). Two adapters answer it, named alike: the author's git
 * repository on their computer with its remote (git/git-repository.ts, git/git-drafts.ts) and GitHub's API from
 * the browser (github/github-repository.ts, github/github-drafts.ts). The editor at /admin/ reads, saves and publishes
 * the site over the same port (model/hosted-backend.ts and what it uses): a third git host needs these two interfaces
 * and what it answers beside them, its sign-in among it (SiteHost, model/site-host.ts).
 *
 * Commits and files are named by git's ids on both (a file's id is git's blob id of its bytes), so a version read on
 * one side compares with one read on the other.
 */
import type { ConfigProblem } from '../../checker/config-problem.ts';
import type { EntryKind } from './incoming-files.ts';
import type { PublishMode } from '../protocol/publishing.ts';

/** Whether a name is a commit's or a file's id as git prints it whole (SHA-1): what it names never changes. */
export const isObjectId = (name: string) => /^[0-9a-f]{40}$/.test(name);

/** Git's id of a file's bytes (SHA-1 of "blob <length>\0" and the bytes): what both stores name a file's version by. */
export async function gitBlobId(bytes: Uint8Array): Promise<string> {
  const header = new TextEncoder().encode(`blob ${bytes.length}\0`);
  const whole = new Uint8Array(header.length + bytes.length);
  whole.set(header);
  whole.set(bytes, header.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', whole));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A commit of a branch's history. */
export interface RepositoryCommit {
  readonly oid: string;
  /** Its parents, the first one first; none for the site's first version. */
  readonly parents: readonly string[];
  /** Its whole message, the operation's trailer included (model/operations.ts). */
  readonly message: string;
  readonly author: { readonly name: string; readonly date: string };
}

/** Files to write: each path's new bytes, or undefined to remove it. */
export type FileChanges = ReadonlyMap<string, Uint8Array | undefined>;

/** What a commit asked of a branch came to: the new commit, or why nothing was written. */
export type CommitOutcome =
  | { readonly commit: string }
  /** The branch no longer stands at the head the commit was made on: nothing was written. */
  | 'moved'
  /** A rule of the host keeps this branch from being written to directly: nothing was written. */
  | 'protected';

/** A commit asked of a branch (Repository.commit). */
export interface CommitRequest {
  readonly branch: string;
  /** The head it is made on: the branch must still stand there. */
  readonly expectedHead: string;
  readonly changes: FileChanges;
  readonly message: string;
  /** Whether the branch is made at `expectedHead` first (a review branch). */
  readonly create?: boolean;
}

export interface Repository {
  /** The commit a branch points to, as the place the site is kept has it now; undefined without such a branch. */
  head(branch: string): Promise<string | undefined>;
  /** The branches whose names start with `prefix`, each with its head, as the place has them now. */
  branches(prefix: string): Promise<ReadonlyMap<string, string>>;
  /** Every plain file of a commit, with the id of its bytes. */
  files(commit: string): Promise<ReadonlyMap<string, string>>;
  /** The entries of a commit that are not plain files (links, submodules), by path. */
  oddFiles(commit: string): Promise<ReadonlyMap<string, Exclude<EntryKind, 'file'>>>;
  /** Each path's bytes at a commit; undefined where it has no such file. */
  read(commit: string, paths: readonly string[]): Promise<Map<string, Uint8Array | undefined>>;
  /** The paths whose bytes differ between two commits. */
  changed(from: string, to: string): Promise<string[]>;
  /** Whether `later` is `commit` or holds it in its history; false for a commit the place does not know. */
  contains(later: string, commit: string): Promise<boolean>;
  /**
   * The newest commits of `branch` (a branch's name or a commit), newest first: its published line, each commit
   * followed by its first parent (a branch merged in is one commit of it). By `path`, the commits that made that file
   * as it is, as git's history of a file finds them: a change merged from a branch is its own commit, by who made it.
   */
  history(branch: string, count: number, path?: string): Promise<RepositoryCommit[]>;
  /**
   * The commits `head` holds that `since` does not, on every side of a merge (a teammate who merged brings in both),
   * newest first, at most `limit` of them: what reached a branch after `since`.
   */
  commitsSince(head: string, since: string, limit: number): Promise<RepositoryCommit[]>;
  /**
   * One commit of `changes` on `expectedHead`, and `branch` moved to it (made at it, with `create`), all or nothing:
   * it lands once, or says the branch moved or is protected and writes nothing. `message` carries the operation's id.
   */
  commit(request: CommitRequest): Promise<CommitOutcome>;
  /**
   * The address where a teammate reviews `branch` before it goes into `into`: a pull request opened (or found) where
   * the host has them, the page that opens one elsewhere; undefined where there is none.
   */
  review(branch: string, into: string, title: string, body: string): Promise<string | undefined>;
}

/** How the author's saved file stands once drafts take in a published commit (Drafts.takeIn). */
export type KeptFile =
  /** As the author saved it. */
  | 'mine'
  /** Removed. */
  | null
  /** These bytes: the author's change and a teammate's, merged. */
  | Uint8Array;

/** The author's drafts as they stand against the published branch: what Publish sends and Get latest merges into. */
export interface DraftsState {
  /** The commit of the published branch the drafts last met: the base of a merge. */
  readonly base: string;
  /** The site's content files (config/, public/media/) the author changed since `base`. */
  readonly changed: readonly string[];
  /** The id of each changed file's saved bytes; undefined where the author removed it. */
  readonly versions: ReadonlyMap<string, string | undefined>;
  /** The id of the author's saved bytes of any content file, changed or not; undefined where they have none. */
  savedVersion(path: string): string | undefined;
  /** Files changed outside the content that keep publishing off until a developer deals with them. */
  readonly outside: readonly string[];
  /** Files outside the content the drafts hold that are never published, and no reason to stop (a teammate's push). */
  readonly ignored: readonly string[];
  /**
   * Why the saved files cannot all be read as they stand (a site folder that is a link in the author's copy), in
   * words: Publish waits, and Get latest may bring in what puts it right.
   */
  readonly blocked?: string;
}

export interface Drafts {
  /**
   * The drafts against `published` (the published branch's head): refused in words where they cannot take it in at
   * all (commits of their own that are not published, on the disk).
   */
  state(published: string): Promise<DraftsState>;
  /**
   * The author's saved bytes of `paths` (undefined: none) as `state` read them; refused as a list that moved when a
   * save changed one since.
   */
  read(state: DraftsState, paths: readonly string[]): Promise<Map<string, Uint8Array | undefined>>;
  /**
   * The drafts move to `commit` of the published branch, and each file in `kept` stands on top as it says; every other
   * file the author changed takes `commit`'s version. 'moved' when the drafts changed since `state` (a save in another
   * tab): nothing is written, and nothing the author saved is lost.
   */
  takeIn(state: DraftsState, commit: string, kept: ReadonlyMap<string, KeptFile>): Promise<'done' | 'moved'>;
  /**
   * What stands at a site folder's place in the author's copy when it is not a plain folder (a link, a file), which a
   * file coming in under it may not pass; none where the drafts are only commits.
   */
  folderStanding?(folder: string): EntryKind | undefined;
  /** Whether the editor runs the site's code from the drafts, and must restart to use code that came in. */
  readonly runsSiteCode: boolean;
}

/** Where an operation stands, for an editor that must say where it stopped (npm run edit's record of its steps). */
export type PublishingStep = 'fetching' | 'merging' | 'committing' | 'checking' | 'sending' | 'finishing';

/** One site's publishing, as the core decides it: the repository, the author's drafts, and how the site publishes. */
export interface PublishingPlace {
  readonly repository: Repository;
  readonly drafts: Drafts;
  /** The published branch ("main"). */
  readonly branch: string;
  /** Straight to the branch, or to a branch of its own for review (config/publishing.json). */
  readonly mode: PublishMode;
  /** The one validator's problems on the site as `base` holds it with `changes` in place (the core weighs them). */
  problemsWith(base: string, changes: FileChanges): Promise<readonly ConfigProblem[]>;
  /** The operation reached `step` (recorded where the editor can stop in the middle). */
  step?(step: PublishingStep): void;
}
