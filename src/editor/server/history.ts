/**
 * History and Undo: the published branch's content changes, newest first, with who, when and what in words; and the
 * commit that undoes one of them (or one file of it), where nothing later changed the same field. Whether that
 * commit passes the check and is sent is publishing.ts's to decide; nothing here changes the author's files.
 */
import type { HistoryChange, HistoryEntry } from '../protocol/publishing.ts';
import { describeFileChange } from '../model/change-words.ts';
import type { PublishSettings } from './publish-settings.ts';
import { blockedUndoInWords, undoneFiles } from '../model/undo-files.ts';
import { CONTENT, inContent } from '../model/content-files.ts';
import { withoutOperation } from '../model/operations.ts';
import { PublishRefused, type SiteRepository } from './site-repository.ts';
import { refuse } from '../protocol/refusals.ts';

/** Published content changes, newest first: commits of the published branch that touch config/ or public/media/. */
export async function readHistory(
  repo: SiteRepository,
  settings: PublishSettings,
  limit: number,
): Promise<readonly HistoryEntry[]> {
  const upstream = (await repo.upstream(settings)) ?? 'HEAD';
  // Each commit with its parents (%P), so nothing more is asked of git to compare it with its first parent.
  const log = await repo.git.text([
    'log',
    '--first-parent',
    `--max-count=${limit}`,
    '--format=%x1e%H%x1f%P%x1f%an%x1f%aI%x1f%B',
    upstream,
    '--',
    ...CONTENT,
  ]);
  const records = log.split('\x1e').filter((record) => record.trim());
  return Promise.all(
    records.map(async (record) => {
      const [commit, parents, author, date, message] = record.split('\x1f') as [string, string, string, string, string];
      const parent = parents.split(' ')[0] || undefined;
      const files = await repo.filesIn(commit.trim(), parent);
      return {
        commit: commit.trim(),
        author,
        date,
        message: withoutOperation(message.trim()),
        changes: await changesOfCommit(repo, commit.trim(), parent, files.filter(inContent)),
        undoable: parent !== undefined,
        otherFiles: files.filter((path) => !inContent(path)),
      };
    }),
  );
}

/** What a commit did to each of `paths`, in words. */
async function changesOfCommit(
  repo: SiteRepository,
  commit: string,
  parent: string | undefined,
  paths: readonly string[],
): Promise<HistoryChange[]> {
  const [before, after] = await Promise.all([
    parent ? repo.blobsAt(parent, paths) : new Map<string, Buffer | undefined>(),
    repo.blobsAt(commit, paths),
  ]);
  return paths.map((path) => ({ path, words: describeFileChange(path, before.get(path), after.get(path)) }));
}

/**
 * The latest change after `commit` up to `live` that changed `path`, in words: "in “Home page: heading changed”, by
 * Kofi".
 */
async function laterChangeOf(repo: SiteRepository, commit: string, live: string, path: string): Promise<string> {
  const found = await repo.git.text(['log', '-1', '--format=%an%x1f%s', `${commit}..${live}`, '--', path]);
  if (!found.trim()) return '';
  const [author, subject] = found.trim().split('\x1f') as [string, string];
  return `, in “${subject.slice(0, 120)}”, by ${author}`;
}

/** Refuses, in words, what cannot name a commit of the history (before anything asks git or the network). */
export function assertCommitId(commit: unknown): asserts commit is string {
  if (typeof commit !== 'string' || !/^[0-9a-f]{40}$/.test(commit)) throw refuse('notInHistory');
}

/** What undoing a published change would commit on top of the live site, with its message. */
export interface UndoPlan {
  readonly files: ReadonlyMap<string, Buffer | undefined>;
  /** The first line of its message: "Undo: Home page: heading changed". */
  readonly subject: string;
  readonly message: string;
  /** What the undo leaves as it is (the site's code the change also touched), in words; empty when nothing. */
  readonly kept: string;
}

/**
 * The files that undo `commit` on top of `live`: each file it changed in config/ and public/media/ (or only those in
 * `only`) as it was before, or, for a JSON file changed since, the later change kept and only the undone fields put
 * back. Refused in words when a later change touched the same field, or `commit` is not one of the site's changes.
 */
export async function planUndo(repo: SiteRepository, commit: string, only: unknown, live: string): Promise<UndoPlan> {
  if (!(await repo.isAncestor(commit, live))) throw refuse('notPublished');
  const parent = await repo.git.run(['rev-parse', '--verify', '--quiet', `${commit}^1`], { okExitCodes: [1] });
  if (parent.exitCode !== 0) throw refuse('firstVersion');
  const before = parent.stdout.toString('utf8').trim();
  const all = await repo.filesIn(commit, before);
  const changed = all.filter(inContent);
  const part =
    only === undefined
      ? undefined
      : Array.isArray(only)
        ? only.filter((path): path is string => typeof path === 'string')
        : [];
  if (part && (part.length === 0 || part.some((path) => !changed.includes(path)))) throw refuse('notInChange');
  const paths = part ?? changed;
  const others = part ? [] : all.filter((path) => !inContent(path));

  const [made, old, now] = await Promise.all([
    repo.blobsAt(commit, paths),
    repo.blobsAt(before, paths),
    repo.blobsAt(live, paths),
  ]);
  const reverted = undoneFiles(paths, { made, old, now });
  if (reverted.blocked.length > 0) {
    const since = new Map<string, string>();
    for (const file of reverted.blocked) since.set(file.path, await laterChangeOf(repo, commit, live, file.path));
    throw new PublishRefused(blockedUndoInWords(reverted.blocked, (path) => since.get(path) ?? ''));
  }
  const files = new Map([...reverted.files].map(([path, bytes]) => [path, bytes && Buffer.from(bytes)]));

  const whole = (await repo.git.text(['log', '-1', '--format=%s', commit])).slice(0, 200);
  // One part undone is named by its own words; the whole change by its message.
  const undone = part
    ? (await changesOfCommit(repo, commit, before, part))
        .map((change) => change.words)
        .join('; ')
        .slice(0, 200)
    : whole;
  const kept =
    others.length > 0
      ? `Its changes to ${others.length === 1 ? 'one other file' : `${others.length} other files`} (${others.slice(0, 5).join(', ')}${others.length > 5 ? ', …' : ''}) stay as they are.`
      : '';
  const what = part ? `in ${part.join(', ')} (one part of “${whole}”)` : 'in config/ and public/media/';
  const subject = `Undo: ${undone}`;
  return {
    files,
    subject,
    message: `${subject}\n\nThis undoes what ${commit} changed ${what}.${kept ? ` ${kept}` : ''}\n`,
    kept,
  };
}
