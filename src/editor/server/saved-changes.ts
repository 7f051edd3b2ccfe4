/**
 * What the author's copy holds that is not published, and what would come in: the saved changes in words (the
 * Publish list, model/publish-list.ts), what teammates published that the author lacks
 * (model/teammates-changes.ts), a file that may not come in, and the author's own commit from a publish whose answer
 * was lost. Read through the repository (site-repository.ts); nothing here writes.
 */
import { existsSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { incomingProblem, incomingRefusal, type EntryKind } from '../model/incoming-files.ts';
import { inContent, mediaNamedIn } from '../model/content-files.ts';
import { parseJson } from '../model/json-edit.ts';
import { idsOf, isOwnAttempt } from '../model/operations.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { publishList, unusedMediaOf } from '../model/publish-list.ts';
import { teammatesChanges } from '../model/teammates-changes.ts';
import type { PublishStatus, SavedChange } from '../protocol/publishing.ts';
import { Refused } from '../protocol/refusals.ts';
import { identityOf } from './git-identity.ts';
import type { PublishSettings } from './publish-settings.ts';
import { assertPlainSiteFolders, RefusedPath } from './safe-path.ts';
import { gitBlobIdOf, lines, refusalOfFile, SiteRepository } from './site-repository.ts';

/** The Publish list as the author's copy gives it. */
export interface SavedChanges {
  readonly changes: SavedChange[];
  /** Files changed outside config/ and public/media/. */
  readonly outside: string[];
  readonly unusedMedia: string[];
  readonly listId: string;
}

/**
 * The saved changes (config/ and public/media/) against HEAD, in words, the files changed elsewhere, and the id of
 * the list (model/publish-list.ts: each change and git's id of the author's bytes).
 */
export async function savedChanges(repo: SiteRepository): Promise<SavedChanges> {
  const entries = await repo.statusEntries();
  const outside = entries.filter((entry) => !inContent(entry.path)).map((entry) => entry.path);
  const inside = entries.filter((entry) => inContent(entry.path));
  const before = await repo.blobsAt(
    'HEAD',
    inside.map((entry) => entry.path),
  );
  // Which media the saved config names, to tell new media that nothing uses, and published media no longer used.
  const named = new Set<string>();
  const configFiles = lines(
    (await repo.git.run(['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', 'config'])).stdout,
  ).filter((path) => path.endsWith('.json') && inContent(path));
  for (const path of configFiles) mediaNamedIn(parseJson(repo.working(path)), named);
  const { changes, listId } = publishList(
    inside.map(({ path }) => {
      const saved = repo.working(path);
      return { path, live: before.get(path), saved, version: saved === undefined ? null : gitBlobIdOf(saved) };
    }),
    named,
  );
  const published = lines(
    (await repo.git.run(['ls-tree', '-r', '-z', '--name-only', 'HEAD', '--', 'public/media'])).stdout,
  );
  const unusedMedia = unusedMediaOf(published, named).filter((path) => existsSync(join(repo.siteDir, path)));
  return { changes, outside, unusedMedia, listId };
}

/**
 * The author's bytes of a path, where a site folder above it that is a link (a teammate's commit brought in by hand)
 * holds none of theirs: nothing is read through it, and what comes in puts the folder back.
 */
function savedUnlessLinked(repo: SiteRepository, path: string): Buffer | undefined {
  try {
    return repo.working(path);
  } catch (error) {
    if (error instanceof RefusedPath && error.refusal === 'siteFolderNotPlain') return undefined;
    throw error;
  }
}

/**
 * What teammates published between `from` (this copy's commit) and `to` (the published branch) that the author's
 * files do not already hold as published (model/teammates-changes.ts).
 */
export async function teammatesChangesIn(repo: SiteRepository, from: string, to: string): Promise<string[]> {
  const changed = (await repo.filesIn(to, from)).filter(inContent);
  const [base, theirs] = await Promise.all([repo.versionsAt(from, changed), repo.versionsAt(to, changed)]);
  return teammatesChanges(changed, {
    base: (path) => base.get(path),
    theirs: (path) => theirs.get(path),
    mine: (path) => {
      const saved = savedUnlessLinked(repo, path);
      return saved && gitBlobIdOf(saved);
    },
  });
}

/**
 * Why the files a move from `from` to `to` would bring into this copy cannot come in, in words, or undefined: a link
 * or anything but a plain file in the site's content, a link or a file where config/, public/ or public/media/ must be
 * a folder, a file under a folder that is a link in this copy (and that the move leaves), or a name some computers
 * cannot hold (model/incoming-files.ts), named with who committed it. Asked before anything is written.
 */
export async function refusedIncoming(repo: SiteRepository, from: string, to: string): Promise<Refused | undefined> {
  const out = (await repo.git.run(['diff', '--raw', '-z', '--no-renames', '--no-abbrev', from, to])).stdout;
  const fields = out.toString('utf8').split('\0');
  const entries: { path: string; mode: string; status: string }[] = [];
  for (let at = 0; at + 1 < fields.length; at += 2) {
    const [, , mode, , , status] = /^:(\d+) (\d+) (\w+) (\w+) (\w)/.exec(fields[at]!) ?? [];
    if (mode && status) entries.push({ path: fields[at + 1]!, mode, status });
  }
  // What the move takes away (a link put back as a folder) no longer stands in the way of what it brings.
  const leaving = new Set(entries.filter((entry) => entry.status === 'D').map((entry) => entry.path));
  const standing = (folder: string) => (leaving.has(folder) ? undefined : notFolderOnDisk(repo.siteDir, folder));
  for (const { path, mode, status } of entries) {
    if (status === 'D') continue;
    const kind = mode === '120000' ? 'link' : mode === '160000' ? 'submodule' : 'file';
    const problem = incomingProblem(path, kind, standing);
    if (!problem) continue;
    const who = await repo.git.text(['log', '-1', '--format=%an', to, '--', `:(literal)${path}`]).catch(() => '');
    return incomingRefusal(path, problem, who || undefined);
  }
  return undefined;
}

/** What stands at a folder's place in this copy when it is not a plain folder (nor missing): a link or a file. */
function notFolderOnDisk(siteDir: string, folder: string): EntryKind | undefined {
  try {
    const stats = lstatSync(join(siteDir, ...folder.split('/')));
    return stats.isSymbolicLink() ? 'link' : stats.isDirectory() ? undefined : 'file';
  } catch {
    return undefined;
  }
}

/**
 * The newest commit of these (HEAD, the published branch as last fetched) made by one of `attempt`'s tries: a
 * publish whose answer never reached the page. Undefined when none is.
 */
export async function ownCommitIn(
  repo: SiteRepository,
  attempt: Attempt | undefined,
  revs: readonly string[],
): Promise<string | undefined> {
  if (idsOf(attempt).size === 0) return undefined;
  const log = await repo.git.text(['log', '-n', '50', '--format=%H%x1f%B%x1e', ...revs, '--']);
  for (const record of log.split('\x1e')) {
    const [commit, message] = record.trim().split('\x1f');
    if (commit && message !== undefined && isOwnAttempt(message, attempt)) return commit;
  }
  return undefined;
}

/**
 * What the Publish panel shows of the author's copy at `siteDir`, with what publishing `said` it is doing: the saved
 * changes, what teammates published that the copy lacks (as last fetched), git's name for the author, or the problem
 * that keeps publishing off, in words. Reads only: never fetches.
 */
export async function publishStatusOf(
  siteDir: string,
  settings: PublishSettings,
  said: Pick<PublishStatus, 'busy' | 'notice'>,
): Promise<PublishStatus> {
  const base = { outside: [], identity: null, ...settings, changes: [], unusedMedia: [], behind: 0, ...said };
  let repo: SiteRepository;
  let found: SavedChanges;
  let behind = 0;
  try {
    repo = await SiteRepository.open(siteDir);
    await repo.assertSteady(settings);
    // A site folder that is a link keeps publishing off, in words that say Get latest may put it back.
    assertPlainSiteFolders(siteDir);
    found = await savedChanges(repo);
    const upstream = await repo.upstream(settings);
    if (upstream) behind = (await teammatesChangesIn(repo, 'HEAD', upstream)).length;
  } catch (error) {
    // A link or another odd file where a saved file should be: said, never a raw error.
    if (error instanceof Refused || error instanceof RefusedPath) return { ...base, problem: refusalOfFile(error) };
    throw error;
  }
  const { changes, outside, unusedMedia, listId } = found;
  return { ...base, outside, identity: await identityOf(repo), changes, unusedMedia, behind, listId };
}
