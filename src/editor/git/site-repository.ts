/**
 * The site's git repository as publishing reads and changes it: files as a commit holds them; the author's files
 * written back, only inside config/ and public/media/ and never through a link; the editor's own folder inside .git;
 * the published branch as the remote has it. The git adapters of the publishing port (git-repository.ts,
 * git-drafts.ts) and their steps (get-latest.ts, publish-commit.ts, git-identity.ts) work through it.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { BoundedCache } from '../model/bounded-cache.ts';
import { Git } from './git.ts';
import { CONTENT, isMedia } from '../model/content-files.ts';
import { isObjectId } from '../model/repository.ts';
import { JournalFolder } from './publish-journal.ts';
import { fetchedRef, type PublishSettings } from './publish-settings.ts';
import {
  readPlainFile,
  RefusedPath,
  removeLinkAt,
  replaceFileContents,
  resolveWritable,
  TEMPORARY_FILE,
  type WritableFolder,
} from './safe-path.ts';
import { refuse, refusalWords } from '../protocol/refusals.ts';

const folderOf = (path: string): WritableFolder => (isMedia(path) ? 'public/media' : 'config');

/**
 * How many fields come before the path in each kind of line of `git status --porcelain=v2` that names a file: "1"
 * changed, "u" unmerged, "?" untracked (renames are not followed, so there are no "2" lines).
 */
const FIELDS_BEFORE_PATH: Readonly<Record<string, number>> = { '1': 8, u: 10, '?': 1 };

/** How long a step that puts files back waits for a git command of a stopped editor to finish. */
const GIT_LOCK_WAIT_MS = 30_000;

/** Paths as git reads them from its standard input with --pathspec-file-nul: any name, line breaks included. */
const pathList = (paths: readonly string[]) => paths.map((path) => `${path}\0`).join('');

const lines = (out: Buffer) => out.toString('utf8').split('\0').filter(Boolean);

/** An entry of a commit's tree: a file, a link (mode 120000) or a submodule (160000), with its id. */
export interface TreeEntry {
  readonly mode: string;
  readonly id: string;
  readonly path: string;
}

/** Whether a path of a commit is one of the folders the editor writes, or inside one, as git's pathspecs match. */
const underContent = (path: string) => CONTENT.some((folder) => path === folder || path.startsWith(`${folder}/`));

// What ids decide, kept by repository and id while the editor runs, each a few hundred answers at most.
/** Each commit's entries: a commit's tree is part of what its id names. */
const listings = new BoundedCache<readonly TreeEntry[]>(100, (entries) => entries.length, 200_000);
/** Files' bytes of up to KEPT_BLOB_MOST: an id names the same bytes forever. */
const blobBytes = new BoundedCache<Buffer>(500, (bytes) => bytes.length, 32 * 1024 * 1024);
/** The largest file kept: a video is read again rather than kept. */
const KEPT_BLOB_MOST = 1024 * 1024;
/** The paths two commits differ in: neither commit ever changes. */
const differences = new BoundedCache<readonly string[]>(200, (paths) => paths.length, 200_000);
/** Whether one commit comes before another: a commit's history is part of what its id names. */
const ancestry = new BoundedCache<boolean>(500);

/**
 * The site's repository for one operation: opened afresh by each (an author may move or clone the folder again, and
 * another program may commit, at any time), it remembers where the repository is for that operation only. What
 * commits' and files' ids decide it keeps for as long as the editor runs, within bounds, by repository.
 */
export class SiteRepository {
  private constructor(
    readonly siteDir: string,
    readonly git: Git,
  ) {}

  /** The site's repository, or a refusal in words. */
  static async open(siteDir: string): Promise<SiteRepository> {
    const git = await Git.of(siteDir);
    if (!(git instanceof Git)) throw git;
    return new SiteRepository(siteDir, git);
  }

  /** The site's repository, or undefined when the site is not in one (the editor then only saves). */
  static async find(siteDir: string): Promise<SiteRepository | undefined> {
    const git = await Git.of(siteDir);
    return git instanceof Git ? new SiteRepository(siteDir, git) : undefined;
  }

  /** The commit `rev` names. */
  commitOf(rev: string): Promise<string> {
    return this.git.text(['rev-parse', rev]);
  }

  /** The key of what `ids` decide in this repository. */
  #key(...ids: string[]): string {
    return [this.git.gitDir, ...ids].join('\0');
  }

  /** Whether `ancestor` is `descendant` or comes before it. */
  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    const key = isObjectId(ancestor) && isObjectId(descendant) ? this.#key(ancestor, descendant) : undefined;
    const kept = key === undefined ? undefined : ancestry.get(key);
    if (kept !== undefined) return kept;
    const { exitCode } = await this.git.run(['merge-base', '--is-ancestor', ancestor, descendant], {
      okExitCodes: [1, 128],
    });
    // 128: a commit this copy does not have, yet; asked again next time.
    if (key !== undefined && exitCode !== 128) ancestry.set(key, exitCode === 0);
    return exitCode === 0;
  }

  /**
   * Whether the repository has the commit `rev` names: asked each time, as a folder cloned again at the same path may
   * lack a commit the one before had.
   */
  hasCommit(rev: string): Promise<boolean> {
    return this.git.succeeds(['cat-file', '-e', `${rev}^{commit}`]);
  }

  /** Every entry of a commit's tree (files, links, submodules), in git's order. */
  async entriesAt(commit: string): Promise<readonly TreeEntry[]> {
    const key = isObjectId(commit) ? this.#key(commit) : undefined;
    const kept = key === undefined ? undefined : listings.get(key);
    if (kept) return kept;
    // "<mode> <type> <id>\t<path>"
    const entries = lines((await this.git.run(['ls-tree', '-r', '-z', '--full-tree', commit])).stdout).map((line) => {
      const [mode, , id] = line.slice(0, line.indexOf('\t')).split(' ') as [string, string, string];
      return { mode, id, path: line.slice(line.indexOf('\t') + 1) };
    });
    if (key !== undefined) listings.set(key, entries);
    return entries;
  }

  /**
   * A folder of the editor's own inside .git, never in the site's files, and never reached through a link: a link
   * planted at .git/site-editor (or below it) would send the editor's scratch files elsewhere.
   */
  async workFolder(name = '.'): Promise<string> {
    let folder = this.git.gitDir;
    for (const part of ['site-editor', ...name.split('/').filter((step) => step && step !== '.')]) {
      folder = join(folder, part);
      if (!existsSync(folder)) mkdirSync(folder);
      else if (!lstatSync(folder).isDirectory()) throw refuse('notPlainFolder', folder);
    }
    return folder;
  }

  async journal(): Promise<JournalFolder> {
    return new JournalFolder(await this.workFolder());
  }

  /** Refuses, in words, while git is in the middle of something or the copy is not on the publishing branch. */
  async assertSteady(settings: PublishSettings): Promise<void> {
    const busy = ['MERGE_HEAD', 'rebase-merge', 'rebase-apply', 'CHERRY_PICK_HEAD', 'REVERT_HEAD'].find((name) =>
      existsSync(join(this.git.gitDir, name)),
    );
    if (busy) throw refuse('gitBusy');
    const branch = await this.git.text(['symbolic-ref', '--quiet', '--short', 'HEAD'], { okExitCodes: [1, 128] });
    if (branch !== settings.branch)
      throw refuse('otherBranch', branch ? `the branch "${branch}"` : 'no branch', settings.branch);
  }

  /**
   * Every changed, added or removed file of the working tree, against HEAD; never the editor's own temporary files
   * (safe-path.ts), which a save or upload under way, or stopped, may hold for a moment.
   */
  async changedPaths(): Promise<string[]> {
    return (await this.#status()).changed;
  }

  /** This copy's commit and its changed files (changedPaths), both from one git command. */
  async standing(): Promise<{ head: string; changed: string[] }> {
    const { head, changed } = await this.#status();
    // A repository with no commit yet: git says why, as when it is asked for HEAD.
    return { head: head !== undefined && isObjectId(head) ? head : await this.commitOf('HEAD'), changed };
  }

  async #status(): Promise<{ head: string | undefined; changed: string[] }> {
    const out = (
      await this.git.run([
        '--no-optional-locks',
        'status',
        '--porcelain=v2',
        '--branch',
        '--no-ahead-behind',
        '-z',
        '--untracked-files=all',
        '--no-renames',
      ])
    ).stdout;
    let head: string | undefined;
    const changed: string[] = [];
    for (const line of lines(out)) {
      const kind = line.slice(0, line.indexOf(' '));
      if (line.startsWith('# branch.oid ')) head = line.slice('# branch.oid '.length);
      else if (kind in FIELDS_BEFORE_PATH) changed.push(line.split(' ').slice(FIELDS_BEFORE_PATH[kind]).join(' '));
    }
    return { head, changed: changed.filter((path) => !TEMPORARY_FILE.test(path.slice(path.lastIndexOf('/') + 1))) };
  }

  /**
   * The bytes of `paths` (inside config/ and public/media/) as commit `rev` holds them; undefined where it has none.
   * Paths go to git only NUL-separated and objects by their id, so any file name, line breaks included, is read.
   */
  async blobsAt(rev: string, paths: readonly string[]): Promise<Map<string, Buffer | undefined>> {
    const found = new Map<string, Buffer | undefined>(paths.map((path) => [path, undefined]));
    const ids = await this.versionsAt(rev, paths);
    const objects = await this.objects([...new Set(ids.values())]);
    for (const [path, id] of ids) found.set(path, objects.get(id));
    return found;
  }

  /**
   * Git's ids of the bytes of `paths` (inside config/ and public/media/; all of them when not given) as commit `rev`
   * holds them, where it has them.
   */
  async versionsAt(rev: string, paths?: readonly string[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    if (paths?.length === 0) return ids;
    const wanted = paths && new Set(paths);
    for (const { path, id } of await this.entriesAt(rev))
      if (underContent(path) && (!wanted || wanted.has(path))) ids.set(path, id);
    return ids;
  }

  /** Files' bytes by their ids, those not kept read in one git process. */
  async objects(ids: readonly string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    const unread: string[] = [];
    for (const id of ids) {
      const kept = isObjectId(id) ? blobBytes.get(this.#key(id)) : undefined;
      if (kept) found.set(id, kept);
      else unread.push(id);
    }
    if (unread.length === 0) return found;
    const out = (await this.git.run(['cat-file', '--batch'], { input: `${unread.join('\n')}\n` })).stdout;
    let at = 0;
    for (const id of unread) {
      const end = out.indexOf(10, at);
      const size = /^[0-9a-f]+ blob (\d+)$/.exec(out.subarray(at, end).toString('utf8'))?.[1];
      at = end + 1;
      if (size === undefined) continue;
      const bytes = out.subarray(at, at + Number(size));
      found.set(id, bytes);
      // A copy, so what is kept holds its own bytes and not the whole of git's answer.
      if (isObjectId(id) && bytes.length <= KEPT_BLOB_MOST) blobBytes.set(this.#key(id), Buffer.from(bytes));
      at += Number(size) + 1;
    }
    return found;
  }

  /** A working file's bytes, read only when it is a plain file inside its folder. */
  working(path: string): Buffer | undefined {
    const file = resolveWritable(this.siteDir, path, folderOf(path));
    if (!existsSync(file)) return undefined;
    // In the checker's words: what it would refuse to read, publishing refuses to send.
    return readPlainFile(file, path);
  }

  /** Writes an author's file whole (or removes it), inside its folder and never through a link. */
  put(path: string, content: Buffer | undefined): void {
    const file = resolveWritable(this.siteDir, path, folderOf(path));
    if (content === undefined) {
      if (existsSync(file)) unlinkSync(file);
      return;
    }
    mkdirSync(dirname(file), { recursive: true });
    replaceFileContents(this.siteDir, file, content, folderOf(path));
  }

  /**
   * Writes an author's file back after a stop, as `put` does, where a link (a teammate's commit, a hand) may stand in
   * its place: the link itself is removed first, never followed.
   */
  putBack(path: string, content: Buffer | undefined): void {
    removeLinkAt(this.siteDir, path, folderOf(path));
    this.put(path, content);
  }

  /** Takes `paths` out of git's index, back to HEAD: their changes stay in the files, as saved and not published. */
  async unstage(paths: readonly string[]): Promise<void> {
    if (paths.length > 0)
      await this.git.run(['reset', '--quiet', '--pathspec-from-file=-', '--pathspec-file-nul'], {
        input: pathList(paths),
      });
  }

  /** Puts `paths` back as `commit` has them, with git itself: for the site's code, which the editor never writes. */
  async checkOut(commit: string, paths: readonly string[]): Promise<void> {
    if (paths.length > 0)
      await this.git.run(['checkout', commit, '--pathspec-from-file=-', '--pathspec-file-nul'], {
        input: pathList(paths),
      });
  }

  /** Every file of a commit, or those a commit changed against `parent`. */
  async filesIn(commit: string, parent?: string): Promise<string[]> {
    if (!parent) return (await this.entriesAt(commit)).map((entry) => entry.path);
    const key = isObjectId(commit) && isObjectId(parent) ? this.#key(parent, commit) : undefined;
    const kept = key === undefined ? undefined : differences.get(key);
    if (kept) return [...kept];
    const changed = lines((await this.git.run(['diff', '--name-only', '-z', '--no-renames', parent, commit])).stdout);
    if (key !== undefined) differences.set(key, [...changed]);
    return changed;
  }

  /** The commit of a branch of the remote as this copy last fetched it, if it has one. */
  async fetchedCommit(branch: string): Promise<string | undefined> {
    const found = await this.git.run(['rev-parse', '--verify', '--quiet', `${fetchedRef(branch)}^{commit}`], {
      okExitCodes: [1, 128],
    });
    return found.exitCode === 0 ? found.stdout.toString('utf8').trim() : undefined;
  }

  /**
   * Waits while git works in this repository (its index is locked): a git command the stopped editor started may
   * still be finishing. A lock that stays is left from a command that stopped for good, which a developer removes.
   * `waiting` is told the lock (from the site's folder) once, when there is one to wait for.
   */
  async waitForGit(waiting?: (lock: string) => void): Promise<void> {
    const lock = join(this.git.gitDir, 'index.lock');
    if (existsSync(lock)) waiting?.(relative(this.siteDir, lock));
    for (let waited = 0; existsSync(lock); waited += 100) {
      if (waited >= GIT_LOCK_WAIT_MS) throw refuse('gitLockLeft', relative(this.siteDir, lock));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * What a step that stopped left behind: scratch folders and indexes in the editor's own folder, and half-written
   * files of a save or upload (hidden, named as only the editor names them, never published).
   */
  async clearLeftovers(): Promise<void> {
    const folder = await this.workFolder();
    for (const name of readdirSync(folder))
      if (/^(check|index)-[0-9a-f]{12}$/.test(name)) rmSync(join(folder, name), { recursive: true, force: true });
    for (const content of CONTENT) {
      const root = join(this.siteDir, content);
      if (!existsSync(root)) continue;
      for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }))
        if (entry.isFile() && TEMPORARY_FILE.test(entry.name))
          rmSync(join(entry.parentPath, entry.name), { force: true });
    }
    new JournalFolder(folder).clearLeftovers();
  }
}

/** A file the editor cannot publish (a link, a folder where a file should be), in words with what to do. */
export function refusalOfFile(error: Error): string {
  return error instanceof RefusedPath ? refusalWords('notPlainFile', error.message) : error.message;
}
