/**
 * Publishing from the author's drafts branch to the site's main branch on GitHub: one commit of exactly the author's
 * changes (the files the drafts changed since they last met main, less any left out), made only on the main the
 * author's changes were merged with and checked against. Where teammates published meanwhile, their changes and the
 * author's are merged field by field (model/file-merge.ts, as Get latest does); where both changed the same field,
 * nothing is written until the author chooses, with both values in words. Then the drafts branch takes in what was
 * published (a commit with both as parents), so the next publish starts from there. No Node API.
 */
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import { inContent, isMedia } from '../model/content-files.ts';
import { incomingProblem, incomingRefusal, type EntryKind } from '../model/incoming-files.ts';
import { idsOf, isOwnAttempt, newOperationId, withoutOperation } from '../model/operations.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { mergeFiles, namingTeammates, type Choices } from '../model/file-merge.ts';
import { parseJson } from '../model/json-edit.ts';
import { isReviewBranchOf, reviewBranchOf, REVIEW_FOLDER } from '../model/review-branch.ts';
import type { Sides } from '../model/teammates-changes.ts';
import type { Problem } from '../protocol/files.ts';
import type { Conflict } from '../protocol/publishing.ts';
import { GitHubApi, type CommitInHistory } from './github-api.ts';
import { GitHubRefusal } from './github-http.ts';
import { GitHubSite } from './github-site.ts';
import { refusalWords } from '../protocol/refusals.ts';

export type PublishAnswer =
  | { readonly status: 'published'; readonly commit: string; readonly files: readonly string[] }
  | {
      readonly status: 'sent-for-review';
      readonly branch: string;
      /** The commit on the review branch, whose build a host may preview. */
      readonly commit: string;
      /** The pull request's address, for the author. */
      readonly link: string;
      readonly files: readonly string[];
    }
  | { readonly status: 'up-to-date' }
  | { readonly status: 'conflicts'; readonly conflicts: readonly Conflict[] }
  | { readonly status: 'invalid'; readonly problems: readonly Problem[] };

/** How many times a publish is tried again on a main branch that keeps moving before it says so. */
const TRIES = 3;

/** The author's changes not on main yet: where drafts and main last met, both heads, and the files. */
export interface Unpublished {
  readonly base: string;
  readonly main: string;
  readonly drafts: string;
  readonly files: string[];
  readonly trees: Trees;
}

/**
 * The author's changes not on main yet, from the drafts' head now, or from the commit `draftsAt` (the head a list
 * shown to the author was made from).
 */
export async function unpublished(
  api: GitHubApi,
  branches: { main: string; drafts: string },
  draftsAt?: string,
): Promise<Unpublished> {
  const [main, drafts] = await Promise.all([
    api.head(branches.main),
    draftsAt === undefined ? api.head(branches.drafts) : Promise.resolve(draftsAt),
  ]);
  if (!main) throw new GitHubRefusal('not-found', refusalWords('noSuchBranch', branches.main));
  // No drafts yet: nothing saved, so nothing to publish and no file to read.
  const none = new Map<string, string>();
  if (!drafts) return { base: main, main, drafts: main, files: [], trees: { base: none, theirs: none, mine: none } };
  const { mergeBase, files } = await api.compare(main, drafts);
  const trees = await treesOf(api, mergeBase, main, drafts);
  // A file that already reads the same on main (published before, or changed the same way) has nothing to publish.
  return {
    base: mergeBase,
    main,
    drafts,
    files: files.filter((path) => trees.mine.get(path) !== trees.theirs.get(path)),
    trees,
  };
}

/**
 * Refuses, before anything is written, a file that would come from main into the author's drafts and is not a plain
 * file with a name every computer can hold: a link, a submodule, an odd name, with who committed it.
 */
export async function assertPlainIncoming(api: GitHubApi, found: Unpublished): Promise<void> {
  const [oddOnMain, oddAtBase] = await Promise.all([api.oddFiles(found.main), api.oddFiles(found.base)]);
  const { base, theirs } = found.trees;
  const incoming: [string, EntryKind][] = [
    ...[...oddOnMain].filter(([path, kind]) => oddAtBase.get(path) !== kind),
    ...[...theirs.keys()]
      .filter((path) => base.get(path) !== theirs.get(path))
      .map((path) => [path, 'file'] as [string, EntryKind]),
  ];
  for (const [path, kind] of incoming) {
    const problem = incomingProblem(path, kind);
    if (!problem) continue;
    const [newest] = await api.history(found.main, 1, path).catch(() => []);
    throw incomingRefusal(path, problem, newest?.author.name);
  }
}

/** Each side's files by path, with the ids of their bytes. */
export interface Trees {
  readonly base: ReadonlyMap<string, string>;
  readonly theirs: ReadonlyMap<string, string>;
  readonly mine: ReadonlyMap<string, string>;
}

/** The three sides as model/teammates-changes.ts reads them. */
export const sidesOf = (trees: Trees): Sides => ({
  base: (path) => trees.base.get(path),
  theirs: (path) => trees.theirs.get(path),
  mine: (path) => trees.mine.get(path),
});

async function treesOf(api: GitHubApi, base: string, main: string, drafts: string): Promise<Trees> {
  const [baseFiles, theirs, mine] = await Promise.all([api.files(base), api.files(main), api.files(drafts)]);
  return { base: baseFiles, theirs, mine };
}

/**
 * Publishes `files` of the drafts as they stood at `draftsAt` (the head the author's list was made from), and removes
 * `removals` (published media nothing uses), in one checked commit on main; nothing else the drafts hold goes with
 * them. Tried again on a main that moved meanwhile; teammates' changes are merged field by field.
 */
export async function publishDrafts(
  api: GitHubApi,
  input: {
    main: string;
    drafts: string;
    /** The drafts' head the list shown to the author was made from (their head now, when not given). */
    draftsAt?: string;
    /** The files to publish: those the author was shown and kept (every saved change, when not given); content only. */
    files?: readonly string[];
    /** Published pictures and videos nothing uses, which this publish removes. */
    removals?: readonly string[];
    headline: string;
    /** The rest of the message, the operation's trailer last (model/operations.ts). */
    body?: string;
    choices?: Choices;
    /** Sends the changes for review instead: a branch of their own from main, and its pull request. */
    review?: boolean;
    /** This publish's id, which names its review branch (model/review-branch.ts). */
    operation?: string;
    check: (request: CheckRequest) => Promise<CheckAnswer>;
  },
): Promise<PublishAnswer> {
  for (let tried = 1; ; tried += 1) {
    const found = await unpublished(api, input, input.draftsAt);
    await assertPlainIncoming(api, found);
    // What reads the same on main already (published meanwhile) has nothing left to publish.
    const files = found.files.filter((path) => (input.files?.includes(path) ?? true) && inContent(path));
    const removals = (input.removals ?? []).filter((path) => isMedia(path) && found.trees.theirs.has(path));
    if (files.length === 0 && removals.length === 0) return { status: 'up-to-date' };
    const [base, theirs, mine] = await Promise.all([
      api.readFilesIn(found.trees.base, files),
      api.readFilesIn(found.trees.theirs, files),
      api.readFilesIn(found.trees.mine, files),
    ]);
    // Where main still has a file as the drafts started from, the author's version goes as it is.
    const changedOnMain = files.filter((path) => found.trees.base.get(path) !== found.trees.theirs.get(path));
    const { merged, conflicts } = mergeFiles(changedOnMain, { base, mine, theirs }, input.choices ?? {});
    if (conflicts.length > 0) {
      const lastAuthor = async (path: string) => (await api.history(input.main, 1, path))[0]?.author.name;
      return { status: 'conflicts', conflicts: await namingTeammates(conflicts, lastAuthor) };
    }
    const result = new Map<string, Uint8Array | undefined>([
      ...files.map((path) => [path, changedOnMain.includes(path) ? merged.get(path) : mine.get(path)] as const),
      ...removals.map((path) => [path, undefined] as const),
    ]);

    // The site as main would be, checked before anything is written.
    const { site, errors, valid } = await checkedWith(api, input.main, result, input.check);
    if (!valid) return { status: 'invalid', problems: errors };

    const changes = [...result].map(([path, content]) => ({ path, bytes: content }));
    if (input.review) {
      const branch = reviewBranchOf(input.headline, new Date(), input.operation ?? newOperationId());
      // A try again of the same publish in the same minute finds the branch its earlier try made, still empty.
      await api.createBranch(branch, site.head).catch(async (refusal: unknown) => {
        if ((await api.head(branch)) !== site.head) throw refusal;
      });
      const commit = await api.commit({
        branch,
        expectedHead: site.head,
        headline: input.headline,
        body: input.body,
        changes,
      });
      const link = await api.openPullRequest({
        from: branch,
        into: input.main,
        title: input.headline,
        body: withoutOperation(input.body ?? ''),
      });
      // The drafts stay as they are: once the pull request is merged, main holds the same files and nothing is left.
      return { status: 'sent-for-review', branch, commit, link, files };
    }
    let commit: string;
    try {
      commit = await api.commit({
        branch: input.main,
        expectedHead: site.head,
        headline: input.headline,
        body: input.body,
        changes,
      });
    } catch (refusal) {
      if (!(refusal instanceof GitHubRefusal && refusal.kind === 'moved') || tried === TRIES) throw refusal;
      continue;
    }
    await draftsTakeIn(api, input.drafts, found, commit, [...result.keys()]);
    return { status: 'published', commit, files };
  }
}

/**
 * A commit of the author's on `branch` among its newest, made by one of `attempt`'s tries (a save or a publish whose
 * answer was lost on the way), or undefined.
 */
export async function ownCommitOn(
  api: GitHubApi,
  branch: string,
  attempt: Attempt | undefined,
  count = 30,
): Promise<CommitInHistory | undefined> {
  if (idsOf(attempt).size === 0) return undefined;
  return (await api.history(branch, count)).find((commit) => isOwnAttempt(commit.message, attempt));
}

/** A publish whose answer was lost, as it landed: its commit, the branch it went to, and its review's link. */
export interface LandedPublish {
  readonly commit: string;
  readonly branch: string;
  readonly message: string;
  readonly link?: string;
}

/**
 * Where one of `attempt`'s tries of a publish landed, though its answer never came: on `main`, or on the review branch
 * it made (named by its id, model/review-branch.ts) with its pull request. Undefined when none did.
 */
export async function landedPublish(
  api: GitHubApi,
  main: string,
  attempt: Attempt | undefined,
): Promise<LandedPublish | undefined> {
  const ids = [...idsOf(attempt)];
  if (ids.length === 0) return undefined;
  const [onMain, branches] = await Promise.all([
    ownCommitOn(api, main, attempt),
    api
      .heads(REVIEW_FOLDER)
      .then((heads) => [...heads].filter(([name]) => ids.some((id) => isReviewBranchOf(name, id)))),
  ]);
  if (onMain) return { commit: onMain.oid, branch: main, message: withoutOperation(onMain.message) };
  for (const [branch] of branches) {
    const own = await ownCommitOn(api, branch, attempt, 1);
    if (own)
      return {
        commit: own.oid,
        branch,
        message: withoutOperation(own.message),
        link: await api.pullRequestFrom(branch),
      };
  }
  return undefined;
}

/**
 * The drafts branch takes in what was published: a commit whose parents are the drafts' head and the published
 * commit, holding the published site with the drafts' unpublished files on top. When the drafts moved meanwhile (the
 * author saved from another tab), they are left as they are: the next publish finds the same files already on main
 * and publishes only what is new.
 */
export async function draftsTakeIn(
  api: GitHubApi,
  drafts: string,
  found: { base: string; drafts: string; files: readonly string[]; trees: Trees },
  published: string,
  publishedFiles: readonly string[],
): Promise<void> {
  if (found.drafts === found.base) return;
  const keptBack = found.files.filter((path) => !publishedFiles.includes(path));
  const publishedTree = (await api.commitDetails(published)).tree;
  const tree =
    keptBack.length === 0
      ? publishedTree
      : await api.makeTree(
          publishedTree,
          keptBack.map((path) => ({ path, blob: found.trees.mine.get(path) ?? null })),
        );
  const commit = await api.makeCommit(tree, [found.drafts, published], 'Took in what was published');
  try {
    await api.fastForward(drafts, commit);
  } catch (refusal) {
    if (!(refusal instanceof GitHubRefusal && refusal.kind === 'moved')) throw refusal;
  }
}

/**
 * The site as `branch` holds it now, and the checker's errors on it with these files changed (undefined: removed):
 * config files by their data, pictures and videos by name; valid when it may be committed on the site's head.
 */
export async function checkedWith(
  api: GitHubApi,
  branch: string,
  files: ReadonlyMap<string, Uint8Array | undefined>,
  check: (request: CheckRequest) => Promise<CheckAnswer>,
): Promise<{ site: GitHubSite; errors: Problem[]; valid: boolean }> {
  const site = await GitHubSite.load(api, branch);
  const config = [...files].filter(([path]) => path.startsWith('config/'));
  const media = [...files].filter(([path]) => isMedia(path));
  const checked = await site.check(
    config.map(([path, content]) => ({ path, data: parseJson(content), removed: content === undefined })),
    check,
    {
      added: media.filter(([, content]) => content !== undefined).map(([path]) => path),
      removed: media.filter(([, content]) => content === undefined).map(([path]) => path),
      // A drawing's bytes go to the checker, which refuses one that would run script as part of the site.
      bytes: new Map(media.flatMap(([path, content]) => (content === undefined ? [] : [[path, content] as const]))),
    },
  );
  const errors = checked.problems.filter((problem) => problem.severity === 'error');
  return { site, errors, valid: errors.length === 0 && checked.config !== undefined };
}
