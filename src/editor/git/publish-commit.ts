/**
 * Committing: a commit of exactly the files given, made in a scratch index so the author's own index is never
 * touched; the site as that commit would publish it, checked by the one validator in a scratch folder; and, once a
 * live publish reached the site (git-repository.ts sends it), this copy brought to stand where the site does
 * (journaled, so an editor that stops in the middle finishes it).
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ConfigProblem } from '../../checker/config-problem.ts';
import { haltPoint, type JournalFolder, type PublishedJournal } from './publish-journal.ts';
import { fetchedRef } from './publish-settings.ts';
import { gitBlobId, isObjectId } from '../model/repository.ts';
import type { SiteRepository } from './site-repository.ts';

/** Validates the site in a folder with the one validator, off the thread that answers requests. */
export type ValidateFolder = (siteDir: string) => Promise<{ readonly problems: readonly ConfigProblem[] }>;

/**
 * Each operation's trees, by parent and files: the same files on the same commit make the same tree, so the commit
 * that publishes the site as it was checked is made on the check's tree.
 */
const madeTrees = new WeakMap<SiteRepository, Map<string, string>>();

/** A commit of `files` (new contents, or undefined to remove) on top of `parent`, made in a scratch index. */
export async function commitFiles(
  repo: SiteRepository,
  parent: string,
  files: ReadonlyMap<string, Buffer | undefined>,
  message: string,
): Promise<string> {
  const made = madeTrees.get(repo) ?? new Map<string, string>();
  madeTrees.set(repo, made);
  const named = await Promise.all(
    [...files].map(async ([path, content]) => [path, content && (await gitBlobId(content))]),
  );
  const key = isObjectId(parent) ? JSON.stringify([parent, named]) : undefined;
  const tree = (key && made.get(key)) ?? (await treeWith(repo, parent, files));
  if (key) made.set(key, tree);
  return repo.git.text(['commit-tree', tree, '-p', parent, '-F', '-'], { input: message });
}

/** The tree of `parent` with `files` in place, made in a scratch index so the author's own is never touched. */
async function treeWith(
  repo: SiteRepository,
  parent: string,
  files: ReadonlyMap<string, Buffer | undefined>,
): Promise<string> {
  const index = join(await repo.workFolder(), `index-${randomBytes(6).toString('hex')}`);
  const env = { GIT_INDEX_FILE: index };
  try {
    await repo.git.run(['read-tree', parent], { env });
    const lines: string[] = [];
    for (const [path, content] of files) {
      if (content === undefined) lines.push(`0 ${'0'.repeat(40)}\t${path}\0`);
      else {
        const sha = await repo.git.text(['hash-object', '-w', '--stdin'], { input: content });
        lines.push(`100644 ${sha}\t${path}\0`);
      }
    }
    await repo.git.run(['update-index', '-z', '--index-info'], { env, input: lines.join('') });
    return await repo.git.text(['write-tree'], { env });
  } finally {
    rmSync(index, { force: true });
  }
}

/**
 * The problems the one validator finds in the site as `commit` holds it, written into a scratch folder inside .git.
 * A file this copy has exactly as the commit does (unchanged since the last commit, same object) is copied from the
 * working tree, so large videos are never read through git; every other file comes from the commit itself. Run with
 * the site's files locked.
 */
export async function problemsOfCommit(
  repo: SiteRepository,
  commit: string,
  validateFolder: ValidateFolder,
): Promise<readonly ConfigProblem[]> {
  const scratch = await repo.workFolder(`check-${randomBytes(6).toString('hex')}`);
  try {
    // The commit's config/ and public/, from its tree as the repository keeps it by id.
    const files = (await repo.entriesAt(commit)).filter(({ path }) => /^(config|public)(\/|$)/.test(path));
    // A file git's status does not list stands in the working tree (and the index) as this copy's commit has it.
    const { head, changed } = await repo.standing();
    const atHead = new Map((await repo.entriesAt(head)).map((entry) => [entry.path, entry.id]));
    const changedHere = new Set(changed);
    const sameHere = (path: string, id: string) =>
      atHead.get(path) === id &&
      !changedHere.has(path) &&
      lstatSync(join(repo.siteDir, path), { throwIfNoEntry: false })?.isFile() === true;
    const contents = await repo.objects(files.filter(({ id, path }) => !sameHere(path, id)).map(({ id }) => id));
    for (const { id, path } of files) {
      const target = join(scratch, path);
      mkdirSync(dirname(target), { recursive: true });
      if (sameHere(path, id)) copyFileSync(join(repo.siteDir, path), target);
      else writeFileSync(target, contents.get(id) ?? Buffer.alloc(0));
    }
    return (await validateFolder(scratch)).problems;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The end of a live publish that reached the site: this copy stands where the site does, its branch at the new
 * commit and the published files no longer "saved". Run again when the editor stopped during it. `head` is this
 * copy's commit as the caller read it, the site's files locked since.
 */
export async function finishPublished(
  repo: SiteRepository,
  journals: JournalFolder,
  journal: PublishedJournal,
  head: string,
): Promise<void> {
  const known = fetchedRef(journal.branch);
  if (head === journal.head)
    await repo.git.run([
      'update-ref',
      '-m',
      'site-editor: publish',
      `refs/heads/${journal.branch}`,
      journal.commit,
      journal.head,
    ]);
  await haltPoint('publish:branch-moved');
  // Only forward: a fetch since may already know a later commit of the site.
  if (!(await repo.isAncestor(journal.commit, known))) await repo.git.run(['update-ref', known, journal.commit]);
  await repo.unstage(journal.paths);
  for (const path of journal.removals) repo.put(path, undefined);
  journals.end();
}

/**
 * A live publish journaled before it was sent, when the editor stopped (or the remote did not answer) before it
 * finished: finished here once the site shows the commit (as this copy last fetched it, or since a push updated what
 * it knows), forgotten once a fetch shows it did not arrive. What it found; undefined while it is not known (or
 * there is no such journal). `readHead` is this copy's commit where the caller read it already.
 */
export async function settlePublish(
  repo: SiteRepository,
  journals: JournalFolder,
  fetched: boolean,
  readHead?: string,
): Promise<'arrived' | 'not-arrived' | undefined> {
  const journal = journals.read();
  if (journal?.step !== 'published') return undefined;
  const head = readHead ?? (await repo.commitOf('HEAD'));
  const arrived = head === journal.commit || (await repo.isAncestor(journal.commit, fetchedRef(journal.branch)));
  if (arrived && (head === journal.head || head === journal.commit)) {
    await finishPublished(repo, journals, journal, head);
    return 'arrived';
  }
  if (!arrived && fetched) {
    journals.end();
    return 'not-arrived';
  }
  return undefined;
}
