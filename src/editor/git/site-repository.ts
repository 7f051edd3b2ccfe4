/**
 * The site's git repository as publishing reads and changes it: files as a commit holds them; the author's files
 * written back, only inside config/ and public/media/ and never through a link; the editor's own folder inside .git;
 * the published branch as the remote has it. The git adapters of the publishing port (git-repository.ts,
 * git-drafts.ts) and their steps (get-latest.ts, publish-commit.ts, git-identity.ts) work through it.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { Git, GitFailed } from './git.ts';
import { CONTENT, isMedia } from '../model/content-files.ts';
import { haltPoint, JournalFolder } from './publish-journal.ts';
import { byNetwork, REMOTE, type PublishSettings } from './publish-settings.ts';
import { pushRefusal } from './publish-words.ts';
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

/** A status line of `git status --porcelain -z`: its two status letters and its path. */
export interface StatusEntry {
  readonly code: string;
  readonly path: string;
}

/** The published branch is not where the site is kept: a setting a developer put wrong, in words. */
const missingBranch = (settings: PublishSettings) => refuse('branchMissing', settings.branch);

/** How long a step that puts files back waits for a git command of a stopped editor to finish. */
const GIT_LOCK_WAIT_MS = 30_000;

/** Paths as git reads them from its standard input with --pathspec-file-nul: any name, line breaks included. */
const pathList = (paths: readonly string[]) => paths.map((path) => `${path}\0`).join('');

export const lines = (out: Buffer) => out.toString('utf8').split('\0').filter(Boolean);

/**
 * The site's repository for one operation: opened afresh by each (an author may move or clone the folder again, and
 * another program may commit, at any time), it remembers where the repository is for that operation only.
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

  /** Whether `ancestor` is `descendant` or comes before it. */
  isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    return this.git.succeeds(['merge-base', '--is-ancestor', ancestor, descendant]);
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
  async statusEntries(): Promise<StatusEntry[]> {
    const out = (
      await this.git.run([
        '--no-optional-locks',
        'status',
        '--porcelain=v1',
        '-z',
        '--untracked-files=all',
        '--no-renames',
      ])
    ).stdout;
    return lines(out)
      .map((line) => ({ code: line.slice(0, 2), path: line.slice(3) }))
      .filter((entry) => !TEMPORARY_FILE.test(entry.path.slice(entry.path.lastIndexOf('/') + 1)));
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
    for (const line of lines(
      (await this.git.run(['ls-tree', '-r', '-z', '--full-tree', rev, '--', ...CONTENT])).stdout,
    )) {
      const path = line.slice(line.indexOf('\t') + 1);
      if (!wanted || wanted.has(path)) ids.set(path, line.slice(0, line.indexOf('\t')).split(' ')[2]!);
    }
    return ids;
  }

  /** Objects' bytes by their ids, in one git process. */
  async objects(ids: readonly string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    if (ids.length === 0) return found;
    const out = (await this.git.run(['cat-file', '--batch'], { input: `${ids.join('\n')}\n` })).stdout;
    let at = 0;
    for (const id of ids) {
      const end = out.indexOf(10, at);
      const size = /^[0-9a-f]+ blob (\d+)$/.exec(out.subarray(at, end).toString('utf8'))?.[1];
      at = end + 1;
      if (size === undefined) continue;
      found.set(id, out.subarray(at, at + Number(size)));
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
    const args = parent
      ? ['diff', '--name-only', '-z', '--no-renames', parent, commit]
      : ['ls-tree', '-r', '-z', '--name-only', '--full-tree', commit];
    return lines((await this.git.run(args)).stdout);
  }

  /** The published branch as this copy last fetched it, such as refs/remotes/origin/main, if it exists. */
  async upstream(settings: PublishSettings): Promise<string | undefined> {
    const ref = `refs/remotes/${REMOTE}/${settings.branch}`;
    return (await this.git.succeeds(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])) ? ref : undefined;
  }

  /** Fetches the published branch, within the site's time limit; where it now stands, or a refusal in words. */
  async fetchPublished(settings: PublishSettings): Promise<string> {
    try {
      await this.git.run(
        [
          'fetch',
          '--quiet',
          '--no-tags',
          REMOTE,
          `+refs/heads/${settings.branch}:refs/remotes/${REMOTE}/${settings.branch}`,
        ],
        byNetwork(settings),
      );
    } catch (error) {
      if (error instanceof GitFailed && /couldn't find remote ref/i.test(error.stderr)) throw missingBranch(settings);
      if (error instanceof GitFailed) throw pushRefusal(error, settings.branch, 'nothing was brought in');
      throw error;
    }
    await haltPoint('after-fetch');
    const upstream = await this.upstream(settings);
    if (!upstream) throw missingBranch(settings);
    return upstream;
  }

  /**
   * Waits while git works in this repository (its index is locked): a git command the stopped editor started may
   * still be finishing. A lock that stays is left from a command that stopped for good, which a developer removes.
   */
  async waitForGit(): Promise<void> {
    const lock = join(this.git.gitDir, 'index.lock');
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
