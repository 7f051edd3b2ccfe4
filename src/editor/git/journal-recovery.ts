/**
 * Putting right a journaled step the editor stopped in the middle of (publish-journal.ts), whatever the repository
 * looks like now: a Get latest is finished or rolled back, a publish is settled by what the site says, and where this
 * copy moved outside the editor, the author's saved versions go back in place, or are kept aside in a folder the
 * notice names. Run with the site's files locked, before any other operation (publishing.ts).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { finishLatest, rollBack } from './get-latest.ts';
import type { Settled } from './operation-record.ts';
import { settlePublish } from './publish-commit.ts';
import type { Journal, JournalFolder } from './publish-journal.ts';
import { RefusedPath } from './safe-path.ts';
import type { SiteRepository } from './site-repository.ts';

/**
 * Finishes or undoes the journaled step, whatever the repository looks like now: the journal always ends, except
 * for a publish whose arrival the site has not told yet. Where this copy moved outside the editor, the author's
 * saved versions go back in place, or, where something else was written there since, are kept aside.
 */
export async function resumeJournal(repo: SiteRepository, journals: JournalFolder, journal: Journal): Promise<Settled> {
  const head = await repo.commitOf('HEAD');
  if (journal.step === 'published') {
    if (head !== journal.head && head !== journal.commit) {
      journals.end();
      return { kind: 'moved' };
    }
    return { kind: (await settlePublish(repo, journals, false, head)) ?? 'unknown' };
  }
  try {
    if (head === journal.head) {
      await rollBack(repo, journals, journal);
      return { kind: 'rolled-back' };
    }
    if (head === journal.target) {
      finishLatest(repo, journals, journal);
      return { kind: 'finished' };
    }
  } catch (error) {
    if (!(error instanceof RefusedPath)) throw error;
  }
  return { kind: 'moved', keptIn: await keepAside(repo, journals, journal) };
}

/**
 * The author's saved versions of a Get latest's files, where the step could not put them back (this copy moved, a
 * folder became a link): each written back in place where nothing unsaved is there (the file is as this copy's
 * commit has it, or gone), and otherwise kept in a folder of its own inside .git, which the words name. Then the
 * journal ends.
 */
async function keepAside(
  repo: SiteRepository,
  journals: JournalFolder,
  journal: Extract<Journal, { step: 'get-latest' }>,
): Promise<string | undefined> {
  let keptIn: string | undefined;
  const committed = await repo.blobsAt(
    'HEAD',
    journal.files.map((file) => file.path),
  );
  for (const file of journal.files) {
    if (file.mine === null) continue;
    const mine = journals.bytes(file.mine);
    const result = file.result === null ? undefined : journals.bytes(file.result);
    try {
      const now = repo.working(file.path);
      if (now?.equals(mine) || (result && now?.equals(result))) continue;
      const atCommit = committed.get(file.path);
      if (now === undefined || (atCommit && now.equals(atCommit))) {
        repo.putBack(file.path, mine);
        continue;
      }
    } catch {
      // Not readable or writable where it belongs: kept aside below.
    }
    keptIn ??= join(journals.folder, `kept-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    const aside = join(keptIn, ...file.path.split('/'));
    mkdirSync(join(aside, '..'), { recursive: true });
    if (!existsSync(aside)) writeFileSync(aside, mine);
  }
  journals.end();
  return keptIn && relative(repo.siteDir, keptIn);
}
