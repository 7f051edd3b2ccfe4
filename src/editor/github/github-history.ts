/**
 * History and Undo on GitHub, as `npm run edit` has them: the main branch's changes to the site's content, newest
 * first, with who, when and what in words; and Undo as a new commit that puts back what one change did (all of it, or
 * only some of its files), where nothing later changed the same field, checked before it is made. The words and the
 * undone files come from the same functions as the local editor's (model/change-words.ts, model/undo-files.ts).
 * No Node API.
 */
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import { withoutOperation } from '../model/operations.ts';
import { describeFileChange } from '../model/change-words.ts';
import { inContent } from '../model/content-files.ts';
import type { Problem } from '../protocol/files.ts';
import { blockedUndoInWords, undoneFiles } from '../model/undo-files.ts';
import type { HistoryEntry } from '../protocol/publishing.ts';
import { GitHubApi, GitHubRefusal } from './github-api.ts';
import { refuse } from '../protocol/refusals.ts';
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
  },
): Promise<UndoAnswer> {
  if (!/^[0-9a-f]{40}$/.test(input.commit)) throw refuse('notInHistory');
  for (let tried = 1; ; tried += 1) {
    const head = await api.head(input.branch);
    const onBranch =
      head !== undefined &&
      (await api.compare(input.commit, head).then(
        (compared) => compared.mergeBase === input.commit,
        (refusal: unknown) => {
          // GitHub knows no such commit.
          if (refusal instanceof GitHubRefusal && refusal.kind === 'not-found') return false;
          throw refusal;
        },
      ));
    if (!onBranch) throw refuse('notPublished');
    const details = await api.commitDetails(input.commit);
    const parent = details.parents[0];
    if (!parent) throw refuse('firstVersion');
    const changed = (await filesOf(api, input.commit, parent)).filter(inContent);
    if (input.only && (input.only.length === 0 || input.only.some((path) => !changed.includes(path))))
      throw refuse('notInChange');
    const paths = input.only ?? changed;
    const [made, old, now] = await Promise.all([
      bytesAt(api, input.commit, paths),
      bytesAt(api, parent, paths),
      bytesAt(api, head, paths),
    ]);
    const undone = undoneFiles(paths, { made, old, now });
    if (undone.blocked.length > 0) {
      const since = new Map<string, string>();
      for (const file of undone.blocked) {
        const [later] = await api.history(head, 1, file.path);
        since.set(
          file.path,
          later ? `, in “${later.message.split('\n')[0]!.slice(0, 120)}”, by ${later.author.name}` : '',
        );
      }
      throw new GitHubRefusal(
        'refused',
        blockedUndoInWords(undone.blocked, (path) => since.get(path) ?? ''),
      );
    }
    const { site, errors, valid } = await checkedWith(api, input.branch, undone.files, input.check);
    if (!valid) return { status: 'invalid', problems: errors };
    // Someone published between reading the files and checking them: read them again.
    if (site.head !== head) {
      if (tried === TRIES)
        throw new GitHubRefusal('moved', `Someone changed ${input.branch} meanwhile: nothing was written.`);
      continue;
    }
    // One part undone is named by its own words; the whole change by its message.
    const words = input.only
      ? input.only.map((path) => describeFileChange(path, old.get(path), made.get(path))).join('; ')
      : details.message.split('\n')[0]!;
    const what = input.only ? `in ${input.only.join(', ')}` : 'in config/ and public/media/';
    try {
      const commit = await api.commit({
        branch: input.branch,
        expectedHead: head,
        headline: `Undo: ${words}`.slice(0, 200),
        body: `This undoes what ${input.commit} changed ${what}.`,
        changes: [...undone.files].map(([path, bytes]) => ({ path, bytes })),
      });
      return { status: 'published', commit, files: paths };
    } catch (refusal) {
      if (!(refusal instanceof GitHubRefusal && refusal.kind === 'moved') || tried === TRIES) throw refusal;
    }
  }
}
