/**
 * The author's copy taking in a commit of the published branch (git-drafts.ts): this copy's branch fast-forwards to
 * it, and the author's saved files go back on top as the core decided (model/get-latest.ts). Git never merges or
 * rebases here: the branch only fast-forwards, and the author's files are written by the editor, journaled first
 * (publish-journal.ts) so that nothing is lost whatever stops it. Run with the site's files locked.
 */
import type { KeptFile } from '../model/repository.ts';
import { GitFailed } from './git.ts';
import { refusedWriteOf } from './failure-words.ts';
import { haltPoint, type JournalFolder, type LatestJournal } from './publish-journal.ts';
import { inContent } from '../model/content-files.ts';
import type { SiteRepository } from './site-repository.ts';
import { refuse } from '../protocol/refusals.ts';
import { isAbsolute, join } from 'node:path';
import { rmSync } from 'node:fs';

/**
 * Moves this copy to `target`, which holds its commit: each of the author's files that `target` changes stands on top
 * as `kept` says ('mine': as saved), or as `target` has it where `kept` does not name it; the author's other files
 * stay as they are. `copy` is this copy as the caller read it, the site's files locked since: its commit, and every
 * path git's status lists. 'moved' when another program (a text editor, git in a terminal) changed either meanwhile.
 */
export async function takeInto(
  repo: SiteRepository,
  target: string,
  kept: ReadonlyMap<string, KeptFile>,
  copy: { readonly head: string; readonly changed: readonly string[] },
): Promise<'done' | 'moved'> {
  const { head } = copy;
  const incoming = await repo.filesIn(target, head);
  const local = new Set(copy.changed);
  const overlap = incoming.filter((path) => local.has(path));
  const [base, theirs] = await Promise.all([repo.blobsAt(head, overlap), repo.blobsAt(target, overlap)]);
  // Read again just before the journal: a file changed, or a commit made, since the caller's reading would be neither
  // journaled nor fast-forwarded over, and putting things back would undo it.
  const now = await repo.standing();
  if (now.head !== head || now.changed.length !== local.size || !now.changed.every((path) => local.has(path)))
    return 'moved';
  const mine = new Map(overlap.map((path) => [path, repo.working(path)]));
  const result = (path: string) => {
    const file = kept.get(path);
    if (file === undefined) return theirs.get(path);
    return file === 'mine' ? mine.get(path) : file === null ? undefined : Buffer.from(file);
  };

  // Before any file changes, the journal holds the author's versions and the merged ones, so nothing is lost
  // whatever happens next, and an editor that stops midway finishes the step or puts everything back.
  const journals = await repo.journal();
  const journal = journals.begin((keep): LatestJournal => ({
    step: 'get-latest',
    head,
    target,
    incoming,
    files: overlap.map((path) => ({ path, mine: keep(mine.get(path)), result: keep(result(path)) })),
  })) as LatestJournal;
  await haltPoint('get-latest:journaled');
  // The author's files go back to what this copy last published, so the fast-forward has nothing in its way.
  for (const [index, path] of overlap.entries()) {
    repo.put(path, base.get(path));
    if (index === 0) await haltPoint('get-latest:mid-write');
  }
  await repo.unstage(overlap);
  try {
    await repo.git.run(['merge', '--ff-only', '--quiet', target]);
  } catch (error) {
    await rollBack(repo, journals, journal);
    // A full disk is said as such where the route answers (failure-words.ts); git's other failures here, in its words.
    throw error instanceof GitFailed && !refusedWriteOf(error)
      ? refuse('bringInFailed', error.stderr.trim().split('\n').slice(-2).join(' '))
      : error;
  }
  await haltPoint('get-latest:fast-forwarded');
  finishLatest(repo, journals, journal);
  return 'done';
}

/** The end of a Get latest whose fast-forward is done: the author's files, merged, on top; then the journal goes. */
export function finishLatest(repo: SiteRepository, journals: JournalFolder, journal: LatestJournal): void {
  for (const file of journal.files)
    repo.putBack(file.path, file.result === null ? undefined : journals.bytes(file.result));
  journals.end();
}

/**
 * Undoes a Get latest that did not move the branch: every file it touched as it was, the author's as they saved them.
 */
export async function rollBack(repo: SiteRepository, journals: JournalFolder, journal: LatestJournal): Promise<void> {
  // Files a stopped fast-forward may have half written go back to this copy's commit (their author had no change
  // there).
  const atHead = await repo.blobsAt(journal.head, journal.incoming.filter(inContent));
  const others = journal.incoming.filter((path) => !inContent(path));
  const present = new Set(await repo.filesIn(journal.head));
  await repo.checkOut(
    journal.head,
    others.filter((path) => present.has(path)),
  );
  // Only a path git itself could have written: inside the site, never up and out of it.
  const inSite = (path: string) => !isAbsolute(path) && !path.split('/').includes('..');
  for (const path of others.filter((path) => !present.has(path) && inSite(path)))
    rmSync(join(repo.siteDir, path), { force: true });
  for (const [path, content] of atHead) repo.putBack(path, content);
  await repo.unstage(journal.incoming);
  for (const file of journal.files) repo.putBack(file.path, file.mine === null ? undefined : journals.bytes(file.mine));
  journals.end();
}
