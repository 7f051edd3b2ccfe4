/**
 * History and Undo: the published branch's content changes, newest first, with who, when and what in words; and the
 * history as Undo reads it (model/undo-files.ts plans the undo). Whether the undo's commit passes the check and is
 * sent is undo-published.ts's to decide; nothing here changes the author's files.
 */
import type { HistoryChange, HistoryEntry } from '../protocol/publishing.ts';
import { describeFileChange } from '../model/change-words.ts';
import type { PublishSettings } from './publish-settings.ts';
import type { HistoryReader } from '../model/undo-files.ts';
import { CONTENT, inContent } from '../model/content-files.ts';
import { withoutOperation } from '../model/operations.ts';
import type { SiteRepository } from './site-repository.ts';

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

/** The published history as git on the author's computer holds it, for Undo (model/undo-files.ts). */
export const historyOnDisk = (repo: SiteRepository): HistoryReader => ({
  holds: (live, commit) => repo.isAncestor(commit, live),
  parentOf: async (commit) => {
    const parent = await repo.git.run(['rev-parse', '--verify', '--quiet', `${commit}^1`], { okExitCodes: [1] });
    return parent.exitCode === 0 ? parent.stdout.toString('utf8').trim() : undefined;
  },
  filesChanged: (commit, parent) => repo.filesIn(commit, parent),
  bytesAt: (commit, paths) => repo.blobsAt(commit, paths),
  subjectOf: (commit) => repo.git.text(['log', '-1', '--format=%s', commit]),
  laterChangeOf: async (commit, live, path) => {
    const found = await repo.git.text(['log', '-1', '--format=%an%x1f%s', `${commit}..${live}`, '--', path]);
    if (!found.trim()) return '';
    const [author, subject] = found.trim().split('\x1f') as [string, string];
    return `, in “${subject.slice(0, 120)}”, by ${author}`;
  },
});
