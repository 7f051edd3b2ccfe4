/**
 * Getting the latest: this copy moves to what teammates published, and the author's saved changes go back on top,
 * field by field (json-merge.ts). Where a teammate changed the same field, nothing changes until the author chooses,
 * and both values are said in words. Git never merges or rebases here: the branch only fast-forwards, and the
 * author's files are written by the editor, journaled first (publish-journal.ts) so that nothing is lost whatever
 * stops it. Run with the site's files locked.
 */
import type { LatestResult } from '../protocol/publishing.ts';
import { GitFailed } from './git.ts';
import { refusedWriteOf } from './failure-words.ts';
import { mergeFiles, namingTeammates, type Choices } from '../model/file-merge.ts';
import { haltPoint, type JournalFolder, type LatestJournal } from './publish-journal.ts';
import { inContent } from '../model/content-files.ts';
import { broughtInWords, describedOf } from '../model/teammates-changes.ts';
import type { SiteRepository } from './site-repository.ts';
import { refuse } from '../protocol/refusals.ts';
import { isAbsolute, join } from 'node:path';
import { rmSync } from 'node:fs';
import { refusedIncoming, teammatesChangesIn } from './saved-changes.ts';

/** Moves this copy to `upstream`, the author's saved changes on top. */
export async function integrate(repo: SiteRepository, upstream: string, choices: Choices): Promise<LatestResult> {
  const head = await repo.commitOf('HEAD');
  const target = await repo.commitOf(upstream);
  if (head === target || (await repo.isAncestor(target, head))) return { status: 'up-to-date' };
  if (!(await repo.isAncestor(head, target))) throw refuse('commitsOutside');

  // Nothing comes in that the editor would refuse to read or write: a link in the site's content, an odd name.
  const refused = await refusedIncoming(repo, head, target);
  if (refused) throw refused;
  const incoming = await repo.filesIn(target, head);
  const local = new Set((await repo.statusEntries()).map((entry) => entry.path));
  const outsideOverlap = incoming.filter((path) => local.has(path) && !inContent(path));
  if (outsideOverlap.length > 0) throw refuse('teammatesOverlapOutside', outsideOverlap.join(', '));
  // What the author will be told came in, in words, read before anything moves.
  const teammates = await teammatesChangesIn(repo, head, target);
  const [before, after] = await Promise.all([
    repo.blobsAt(head, describedOf(teammates)),
    repo.blobsAt(target, describedOf(teammates)),
  ]);
  const brought = broughtInWords(teammates, before, after);
  const overlap = incoming.filter((path) => local.has(path));
  const [base, theirs] = await Promise.all([repo.blobsAt(head, overlap), repo.blobsAt(target, overlap)]);
  const mine = new Map(overlap.map((path) => [path, repo.working(path)]));
  const { merged, conflicts } = mergeFiles(overlap, { base, mine, theirs }, choices);
  const result = (path: string) => {
    const bytes = merged.get(path);
    return bytes && Buffer.from(bytes);
  };
  if (conflicts.length > 0) {
    const lastAuthor = (path: string) =>
      repo.git
        .text(['log', '-1', '--format=%an', `${head}..${target}`, '--', `:(literal)${path}`])
        .then((name) => name || undefined);
    return { status: 'conflicts', conflicts: await namingTeammates(conflicts, lastAuthor) };
  }

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
  const code = incoming.filter((path) => !inContent(path));
  return { status: 'updated', brought, ...(code.length > 0 ? { codeChanged: code } : {}) };
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
