/**
 * History, read once for both editors over the repository port (model/repository.ts): the published branch's changes
 * to the site's content, newest first, with who, when and what in words; the same history as Undo reads it
 * (model/undo-files.ts); who last changed a file, to name them in a clash; and a commit of the author's own that
 * reached a branch, found by its operation id after an answer was lost.
 */
import type { Attempt } from '../protocol/attempt.ts';
import type { HistoryEntry } from '../protocol/publishing.ts';
import { describeFileChange } from './change-words.ts';
import { inContent } from './content-files.ts';
import { idsOf, isOwnAttempt, withoutOperation } from './operations.ts';
import type { Repository, RepositoryCommit } from './repository.ts';
import { laterChangeInWords, type HistoryReader } from './undo-files.ts';

/** How many published changes History shows. */
const HISTORY_LENGTH = 30;

/** How many of the branch's newest commits are looked through for its content changes (code commits are skipped). */
const HISTORY_SCAN = 100;

/** How many of a branch's newest commits are looked through for the author's own where nothing tells how far back. */
const OWN_COMMIT_SCAN = 30;

/**
 * How many commits that reached a branch since the drafts last met it are looked through at most for the author's
 * own: a retry comes seconds or minutes after its lost answer, and a thousand commits in between is past any real site.
 */
const OWN_COMMIT_LIMIT = 1_000;

/** The files a commit changed from its first parent (every file, for the site's first version). */
async function filesOf(repository: Repository, commit: RepositoryCommit): Promise<string[]> {
  const parent = commit.parents[0];
  return parent ? repository.changed(parent, commit.oid) : [...(await repository.files(commit.oid)).keys()];
}

/** Each path's bytes at a commit; none at all before the site's first version. */
const bytesAt = (repository: Repository, commit: string | undefined, paths: readonly string[]) =>
  commit ? repository.read(commit, paths) : Promise.resolve(new Map<string, Uint8Array | undefined>());

/** The newest changes of `branch` to the site's content (config/ and public/media/), newest first. */
export async function historyOf(
  repository: Repository,
  branch: string,
  limit = HISTORY_LENGTH,
): Promise<HistoryEntry[]> {
  const commits = await repository.history(branch, Math.max(limit, HISTORY_SCAN));
  const entries: HistoryEntry[] = [];
  // Read `limit` commits at a time, side by side (at /admin/ each is a few requests), until enough changed content.
  for (let at = 0; at < commits.length && entries.length < limit; at += limit) {
    const read = await Promise.all(commits.slice(at, at + limit).map((commit) => entryOf(repository, commit)));
    entries.push(...read.filter((entry): entry is HistoryEntry => entry !== undefined));
  }
  return entries.slice(0, limit);
}

/** A commit as History shows it, or undefined when it changed nothing of the site's content. */
async function entryOf(repository: Repository, commit: RepositoryCommit): Promise<HistoryEntry | undefined> {
  const files = await filesOf(repository, commit);
  const content = files.filter(inContent);
  if (content.length === 0) return undefined;
  const parent = commit.parents[0];
  const [before, after] = await Promise.all([
    bytesAt(repository, parent, content),
    repository.read(commit.oid, content),
  ]);
  return {
    commit: commit.oid,
    author: commit.author.name,
    date: commit.author.date,
    message: withoutOperation(commit.message).trim(),
    changes: content.map((path) => ({ path, words: describeFileChange(path, before.get(path), after.get(path)) })),
    undoable: parent !== undefined,
    otherFiles: files.filter((path) => !inContent(path)),
  };
}

/** The published history as Undo reads it (model/undo-files.ts), from either store. */
export function historyReaderOf(repository: Repository): HistoryReader {
  // A commit is asked for once, for its parent and its message alike.
  const asked = new Map<string, Promise<RepositoryCommit | undefined>>();
  const commitOf = (commit: string) => {
    if (!asked.has(commit))
      asked.set(
        commit,
        repository.history(commit, 1).then(([found]) => found),
      );
    return asked.get(commit)!;
  };
  return {
    holds: (published, commit) => repository.contains(published, commit),
    parentOf: async (commit) => (await commitOf(commit))?.parents[0],
    filesChanged: (commit, parent) => repository.changed(parent, commit),
    bytesAt: (commit, paths) => repository.read(commit, paths),
    subjectOf: async (commit) => withoutOperation((await commitOf(commit))?.message ?? '').split('\n')[0]!,
    laterChangeOf: async (commit, published, path) => {
      const [later] = await repository.history(published, 1, path);
      if (!later || later.oid === commit) return '';
      return laterChangeInWords(withoutOperation(later.message).split('\n')[0]!, later.author.name);
    },
  };
}

/** The newest commit of `branch` that changed `path`; undefined where none did or the history cannot be read. */
export const newestChangeTo = async (
  repository: Repository,
  branch: string,
  path: string,
): Promise<RepositoryCommit | undefined> => (await repository.history(branch, 1, path).catch(() => []))[0];

/** Who last changed `path` on `branch`, by name, to say who made the other side of a clash; undefined if unknown. */
export const lastAuthorOf = async (repository: Repository, branch: string, path: string) =>
  (await newestChangeTo(repository, branch, path))?.author.name;

/**
 * Who removed the config file `path` that `commit` no longer has, by name, for a draft of it the editor sets aside;
 * undefined where the commit still has it or its history does not tell.
 */
export async function whoRemovedAt(repository: Repository, commit: string, path: string): Promise<string | undefined> {
  if (!path.startsWith('config/') || !inContent(path) || (await repository.files(commit)).has(path)) return undefined;
  return lastAuthorOf(repository, commit, path);
}

/** Whether the newest change to `path` on `branch` is one of `attempt`'s tries (a save whose answer was lost). */
export const changedByAttempt = async (repository: Repository, branch: string, path: string, attempt: Attempt) => {
  const newest = await repository.history(branch, 1, path);
  return newest.length > 0 && isOwnAttempt(newest[0]!.message, attempt);
};

/**
 * A commit of `branch` made by one of `attempt`'s tries (a save or publish whose answer was lost on the way), or
 * undefined. Looked for among every commit that reached the branch since `since`, the commit the drafts last met it
 * at, on every side of a teammate's merge, and `since` itself (the drafts took the try in); without `since`, among
 * the branch's newest.
 */
export async function ownCommitOn(
  repository: Repository,
  branch: string,
  attempt: Attempt | undefined,
  since?: string,
): Promise<RepositoryCommit | undefined> {
  if (idsOf(attempt).size === 0) return undefined;
  const isOwn = (commit: RepositoryCommit) => isOwnAttempt(commit.message, attempt);
  if (since === undefined) return (await repository.history(branch, OWN_COMMIT_SCAN)).find(isOwn);
  // Nothing reached a branch that still stands where the drafts met it.
  const reached = since === branch ? [] : await repository.commitsSince(branch, since, OWN_COMMIT_LIMIT);
  return reached.find(isOwn) ?? (await repository.history(since, 1)).find(isOwn);
}
