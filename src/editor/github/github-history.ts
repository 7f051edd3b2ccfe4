/**
 * History and Undo on GitHub, as `npm run edit` has them: the main branch's changes to the site's content, newest
 * first, with who, when and what in words; and Undo as a new commit that puts back what one change did (all of it, or
 * only some of its files), where nothing later changed the same field, checked before it is made. The words and the
 * undone files come from the same functions as the local editor's (model/change-words.ts, model/undo-files.ts).
 * No Node API.
 */
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import { withOperation, withoutOperation } from '../model/operations.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { describeFileChange } from '../model/change-words.ts';
import { inContent } from '../model/content-files.ts';
import type { Problem } from '../protocol/files.ts';
import { assertCommitId, planUndo, type HistoryReader } from '../model/undo-files.ts';
import type { HistoryEntry } from '../protocol/publishing.ts';
import { GitHubApi } from './github-api.ts';
import { GitHubRefusal } from './github-http.ts';
import { refuse, refusalWords } from '../protocol/refusals.ts';
import { checkedWith } from './github-publish.ts';

/** The files a commit changed from its first parent (every file, for the site's first version). */
async function filesOf(api: GitHubApi, commit: string, parent: string | undefined): Promise<string[]> {
  return parent ? (await api.compare(parent, commit)).files : [...(await api.files(commit)).keys()];
}

/** Each path's bytes at a commit (undefined where it has no such file). */
async function bytesAt(
  api: GitHubApi,
  commit: string | undefined,
  paths: readonly string[],
): Promise<Map<string, Uint8Array | undefined>> {
  if (!commit) return new Map(paths.map((path) => [path, undefined]));
  return api.readFilesIn(await api.files(commit), paths);
}

/** The published history as GitHub holds it, for Undo (model/undo-files.ts). */
function historyOnGitHub(api: GitHubApi): HistoryReader {
  // A commit's details are asked once, for its parent and its message alike.
  const asked = new Map<string, ReturnType<GitHubApi['commitDetails']>>();
  const details = (commit: string) => {
    if (!asked.has(commit)) asked.set(commit, api.commitDetails(commit));
    return asked.get(commit)!;
  };
  return {
    holds: (live, commit) =>
      api.compare(commit, live).then(
        (compared) => compared.mergeBase === commit,
        (refusal: unknown) => {
          // GitHub knows no such commit.
          if (refusal instanceof GitHubRefusal && refusal.kind === 'not-found') return false;
          throw refusal;
        },
      ),
    parentOf: async (commit) => (await details(commit)).parents[0],
    filesChanged: (commit, parent) => filesOf(api, commit, parent),
    bytesAt: (commit, paths) => bytesAt(api, commit, paths),
    subjectOf: async (commit) => (await details(commit)).message.split('\n')[0]!,
    laterChangeOf: async (_commit, live, path) => {
      const [later] = await api.history(live, 1, path);
      return later ? `, in “${later.message.split('\n')[0]!.slice(0, 120)}”, by ${later.author.name}` : '';
    },
  };
}

/** The newest changes of `branch` to the site's content (config/ and public/media/), newest first. */
export async function historyOf(api: GitHubApi, branch: string, limit: number): Promise<HistoryEntry[]> {
  const commits = await api.history(branch, limit);
  const entries = await Promise.all(
    commits.map(async (commit): Promise<HistoryEntry | undefined> => {
      const parent = commit.parents[0];
      const files = await filesOf(api, commit.oid, parent);
      const content = files.filter(inContent);
      if (content.length === 0) return undefined;
      const [before, after] = await Promise.all([bytesAt(api, parent, content), bytesAt(api, commit.oid, content)]);
      return {
        commit: commit.oid,
        author: commit.author.name,
        date: commit.author.date,
        message: withoutOperation(commit.message),
        changes: content.map((path) => ({ path, words: describeFileChange(path, before.get(path), after.get(path)) })),
        undoable: parent !== undefined,
        otherFiles: files.filter((path) => !inContent(path)),
      };
    }),
  );
  return entries.filter((entry): entry is HistoryEntry => entry !== undefined);
}

export type UndoAnswer =
  | { readonly status: 'published'; readonly commit: string; readonly files: readonly string[] }
  | { readonly status: 'invalid'; readonly problems: readonly Problem[] };

/** How many times an undo is tried again on a branch that keeps moving before it says so. */
const TRIES = 3;

/**
 * Undoes one change of `branch` with a new commit on it: all of its content files, or only those in `only`. Refused
 * in words when it is not one of the branch's changes, is the site's first version, or a later change touched the same
 * field; answered with the checker's problems when the site would then be invalid.
 */
export async function undoChange(
  api: GitHubApi,
  input: {
    branch: string;
    commit: string;
    only?: readonly string[];
    check: (request: CheckRequest) => Promise<CheckAnswer>;
    /** The undo's id, in its commit, so a try again after a lost answer finds it (model/operations.ts). */
    attempt?: Attempt;
  },
): Promise<UndoAnswer> {
  assertCommitId(input.commit);
  const reader = historyOnGitHub(api);
  for (let tried = 1; ; tried += 1) {
    const head = await api.head(input.branch);
    if (head === undefined) throw refuse('notPublished');
    const plan = await planUndo(reader, input.commit, input.only, head);
    const { site, errors, valid } = await checkedWith(api, input.branch, plan.files, input.check);
    if (!valid) return { status: 'invalid', problems: errors };
    // Someone published between reading the files and checking them: read them again.
    if (site.head !== head) {
      if (tried === TRIES) throw new GitHubRefusal('moved', refusalWords('branchMoved', input.branch));
      continue;
    }
    try {
      const commit = await api.commit({
        branch: input.branch,
        expectedHead: head,
        headline: plan.subject,
        body: withOperation(plan.message.slice(plan.subject.length).trim(), input.attempt?.id).trim(),
        changes: [...plan.files].map(([path, bytes]) => ({ path, bytes })),
      });
      return { status: 'published', commit, files: plan.paths };
    } catch (refusal) {
      if (!(refusal instanceof GitHubRefusal && refusal.kind === 'moved') || tried === TRIES) throw refusal;
    }
  }
}
