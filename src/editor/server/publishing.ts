/**
 * The editor's Publish, Get latest changes, History and Undo: what an author saved goes live without a terminal.
 *
 * Everything here works on the site's own git repository through git.ts, and only on config/ and public/media/.
 * Publishing commits exactly the author's saved changes (those they did not leave out) on top of what is live, after
 * the one validator passed the config exactly as it would be published, and pushes with the author's own git
 * credentials. Getting the latest brings in what teammates published and puts the author's saved changes back on top,
 * field by field; where both changed the same field, nothing changes until the author chooses. The repository is
 * never left in the middle of a merge or rebase: the editor never starts one.
 */
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import type { ConfigProblem } from '../../config/config-problem.ts';
import type { Publishing as PublishingSettings } from '../../generated/config-types.ts';
import { describeFileChange, nameOfFile } from './change-words.ts';
import { fieldInWords, messageFor, pushProblemInWords, reviewLinkOf, shownValue } from './publish-words.ts';
import { Git, GitFailed, GitTimedOut } from './git.ts';
import { mediaNamedIn } from './held-media.ts';
import { editJsonText, parseJson } from './json-edit.ts';
import { mergeJson, type Choice } from './json-merge.ts';
import {
  haltPoint,
  JournalFolder,
  type Journal,
  type LatestJournal,
  type PublishedJournal,
} from './publish-journal.ts';
import {
  createExclusiveFile,
  RefusedPath,
  replaceFileContents,
  resolveWritable,
  TEMPORARY_FILE,
  type WritableFolder,
} from './safe-path.ts';
import { LockQueue } from './lock-queue.ts';

/** The folders publishing touches, as git names them. */
const CONTENT = ['config', 'public/media'] as const;
const REMOTE = 'origin';
const MEDIA_PREFIX = 'public/media/';

type Settings = Required<Omit<PublishingSettings, '$schema'>>;
const DEFAULTS: Settings = { mode: 'live', branch: 'main', updateMinutes: 2, waitSeconds: 60 };

/** Words for the author, when publishing cannot go on; nothing was changed. */
export class PublishRefused extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** One saved change not yet live. */
export interface SavedChange {
  readonly path: string;
  readonly change: 'added' | 'changed' | 'removed';
  /** In words: "Home page: heading changed", "New picture: new-poster.jpg". */
  readonly words: string;
  /** New media that no config file uses: it is not published. */
  readonly unused?: boolean;
}

export interface PublishStatus {
  /** Why the editor cannot publish from this copy at all, in words (not a repository, in the middle of a merge...). */
  readonly problem?: string;
  /** Files changed outside config/ and public/media/, which keep publishing off until a developer deals with them. */
  readonly outside: readonly string[];
  /** The author's name and email as git has them, or null when git has none and the editor must ask once. */
  readonly identity: { readonly name: string; readonly email: string } | null;
  readonly mode: Settings['mode'];
  readonly branch: string;
  readonly updateMinutes: number;
  readonly changes: readonly SavedChange[];
  /** Published media that no config file uses any more, offered for removal. */
  readonly unusedMedia: readonly string[];
  /** How many published changes of teammates are known and not yet brought in (as of the last fetch). */
  readonly behind: number;
  /** What publishing is doing right now, in words ("Publishing…"), when it is doing something. */
  readonly busy?: string;
  /** What the editor put right when it started after stopping in the middle of a step, in words. */
  readonly notice?: string;
}

/** A field (or a whole file) a teammate and the author both changed, with both values in words. */
export interface Conflict {
  readonly id: string;
  readonly file: string;
  /** The file as the author knows it, such as "Home page". */
  readonly fileName: string;
  /** The field, such as "sections 1 (video-hero).heading", or "the whole file". */
  readonly field: string;
  readonly mine: string;
  readonly theirs: string;
}

export type LatestResult =
  | { readonly status: 'up-to-date' }
  | {
      readonly status: 'updated';
      readonly brought: readonly string[];
      /**
       * Files outside config/ and public/media/ that came in too: the site's code, which the editor uses once
       * restarted.
       */
      readonly codeChanged?: readonly string[];
    }
  | { readonly status: 'conflicts'; readonly conflicts: readonly Conflict[] };

export type PublishResult =
  | {
      readonly status: 'published';
      readonly commit: string;
      readonly message: string;
      readonly link?: string;
      readonly branch: string;
      /** For an undo: what it left as it was (the site's code the change also touched), in words. */
      readonly kept?: string;
    }
  | { readonly status: 'conflicts'; readonly conflicts: readonly Conflict[] }
  | { readonly status: 'invalid'; readonly problems: readonly ConfigProblem[] };

/** One file a published change changed: its path, and what changed, in words. Undo can put back this part alone. */
export interface HistoryChange {
  readonly path: string;
  readonly words: string;
}

export interface HistoryEntry {
  readonly commit: string;
  readonly author: string;
  /** When, as an ISO date. */
  readonly date: string;
  readonly message: string;
  readonly changes: readonly HistoryChange[];
  /** Whether Undo can apply: not the site's first version, which has nothing before it. */
  readonly undoable: boolean;
  /** Files outside config/ and public/media/ it changed too, which Undo leaves as they are. */
  readonly otherFiles: readonly string[];
}

/** Validates the site in a folder with the one validator, off the thread that answers requests. */
export type ValidateFolder = (siteDir: string) => Promise<{ readonly problems: readonly ConfigProblem[] }>;

/** A status line of `git status --porcelain -z`: its two status letters and its path. */
interface StatusEntry {
  readonly code: string;
  readonly path: string;
}

/** Whether the editor publishes a path: inside config/ or public/media/, with no hidden file or folder on the way. */
const inContent = (path: string) =>
  CONTENT.some((folder) => path.startsWith(`${folder}/`)) && !path.split('/').some((part) => part.startsWith('.'));
const folderOf = (path: string): WritableFolder => (path.startsWith(MEDIA_PREFIX) ? 'public/media' : 'config');

/** How long a step that puts files back waits for a git command of a stopped editor to finish. */
const GIT_LOCK_WAIT_MS = 30_000;

/**
 * How the editor names the git commands it runs for a remote: these wait on the network, and get the site's time limit.
 */
const byNetwork = (settings: Settings) => ({ timeLimitMs: settings.waitSeconds * 1000 });

/**
 * Publishing for one site, with two locks. Publishing operations (Publish, Get latest, Undo, History's Undo, and the
 * rest of the panel) run one at a time. The site's files are a second lock: saves and uploads take it, and so do the
 * steps of an operation that read or change the author's files, but never the steps that wait on the network (fetch,
 * push), so the editor saves and answers while a remote is slow. Every step that moves the author's saved files is
 * journaled (publish-journal.ts): an editor that stopped in the middle finishes it or puts the files back when it
 * starts again (recover).
 */
export class SitePublisher {
  readonly #operations = new LockQueue();
  readonly #files = new LockQueue();
  /** What an operation is doing right now, in words, for the status of other tabs. */
  #busy: string | undefined;
  /** What recover() put right, in words, until the editor stops. */
  #notice: string | undefined;

  constructor(
    readonly siteDir: string,
    private readonly validateFolder: ValidateFolder,
  ) {}

  /**
   * Runs `work` while no step of publishing reads or changes the site's files: for saves and uploads. Work whose
   * request was abandoned while it waited is not done (see LockQueue).
   */
  withSiteFiles<T>(work: () => Promise<T> | T, signal?: AbortSignal): Promise<T> {
    return this.#files.run(work, signal);
  }

  /**
   * Resolves once no publishing operation runs and the site's files are free: for a restart, which must cut nothing
   * short.
   */
  settled(): Promise<void> {
    return this.#operation('Restarting…', () => this.#files.run(async () => undefined));
  }

  /** Runs a publishing operation when those before it are done, saying what it does meanwhile. */
  #operation<T>(doing: string, work: () => Promise<T>): Promise<T> {
    return this.#operations.run(async () => {
      this.#busy = doing;
      try {
        return await work();
      } finally {
        this.#busy = undefined;
      }
    });
  }

  private settings(): Settings {
    const data = parseJson(
      existsSync(join(this.siteDir, 'config/publishing.json'))
        ? readFileSync(join(this.siteDir, 'config/publishing.json'))
        : undefined,
    ) as PublishingSettings | undefined;
    const given = typeof data === 'object' && data !== null ? data : {};
    const whole = (value: unknown, min: number, max: number, fallback: number) =>
      Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? (value as number) : fallback;
    return {
      mode: given.mode === 'review' ? 'review' : 'live',
      // A branch name never starts with "-" (the schema says so too): it is never read as an option.
      branch:
        typeof given.branch === 'string' && /^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$/.test(given.branch)
          ? given.branch
          : DEFAULTS.branch,
      updateMinutes: whole(given.updateMinutes, 1, 120, DEFAULTS.updateMinutes),
      waitSeconds: whole(given.waitSeconds, 5, 600, DEFAULTS.waitSeconds),
    };
  }

  /** The repository, or a refusal in words. */
  private async git(): Promise<Git> {
    const git = await Git.of(this.siteDir);
    if (!(git instanceof Git)) throw new PublishRefused(git.problem);
    return git;
  }

  private async gitDir(git: Git): Promise<string> {
    return git.text(['rev-parse', '--absolute-git-dir']);
  }

  /**
   * A folder of the editor's own inside .git, never in the site's files, and never reached through a link: a link
   * planted at .git/site-editor (or below it) would send the editor's scratch files elsewhere.
   */
  private async workFolder(git: Git, name = '.'): Promise<string> {
    let folder = await this.gitDir(git);
    for (const part of ['site-editor', ...name.split('/').filter((step) => step && step !== '.')]) {
      folder = join(folder, part);
      if (!existsSync(folder)) mkdirSync(folder);
      else if (!lstatSync(folder).isDirectory())
        throw new PublishRefused(
          `${folder} is not a plain folder (a link?), so the editor does not write there. Ask a developer to remove it.`,
        );
    }
    return folder;
  }

  private async journal(git: Git): Promise<JournalFolder> {
    return new JournalFolder(await this.workFolder(git));
  }

  /** Refuses, in words, while git is in the middle of something or the copy is not on the publishing branch. */
  private async assertSteady(git: Git, settings: Settings): Promise<void> {
    const gitDir = await this.gitDir(git);
    const busy = ['MERGE_HEAD', 'rebase-merge', 'rebase-apply', 'CHERRY_PICK_HEAD', 'REVERT_HEAD'].find((name) =>
      existsSync(join(gitDir, name)),
    );
    if (busy)
      throw new PublishRefused(
        'This copy of the site is in the middle of a git merge or rebase started outside the editor. Ask a developer to finish it; then you can publish.',
      );
    const branch = await git.text(['symbolic-ref', '--quiet', '--short', 'HEAD'], { okExitCodes: [1, 128] });
    if (branch !== settings.branch)
      throw new PublishRefused(
        `This copy of the site is on ${branch ? `the branch "${branch}"` : 'no branch'}, not "${settings.branch}", which the site is published from. Ask a developer to switch it back.`,
      );
  }

  /** Every changed, added or removed file of the working tree, against HEAD. */
  private async statusEntries(git: Git): Promise<StatusEntry[]> {
    const out = (
      await git.run(['--no-optional-locks', 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'])
    ).stdout.toString('utf8');
    return out
      .split('\0')
      .filter(Boolean)
      .map((line) => ({ code: line.slice(0, 2), path: line.slice(3) }));
  }

  /**
   * The bytes of `paths` (inside config/ and public/media/) as commit `rev` holds them; undefined where it has none.
   * Paths go to git only NUL-separated and objects by their id, so any file name, line breaks included, is read.
   */
  private async blobsAt(git: Git, rev: string, paths: readonly string[]): Promise<Map<string, Buffer | undefined>> {
    const found = new Map<string, Buffer | undefined>(paths.map((path) => [path, undefined]));
    if (paths.length === 0) return found;
    const wanted = new Set(paths);
    const listed = (await git.run(['ls-tree', '-r', '-z', '--full-tree', rev, '--', ...CONTENT])).stdout.toString(
      'utf8',
    );
    const ids = new Map<string, string>();
    for (const line of listed.split('\0').filter(Boolean)) {
      const path = line.slice(line.indexOf('\t') + 1);
      if (wanted.has(path)) ids.set(path, line.slice(0, line.indexOf('\t')).split(' ')[2]!);
    }
    const objects = await this.objects(git, [...new Set(ids.values())]);
    for (const [path, id] of ids) found.set(path, objects.get(id));
    return found;
  }

  /** Objects' bytes by their ids, in one git process. */
  private async objects(git: Git, ids: readonly string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    if (ids.length === 0) return found;
    const out = (await git.run(['cat-file', '--batch'], { input: `${ids.join('\n')}\n` })).stdout;
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
  private working(path: string): Buffer | undefined {
    const file = resolveWritable(this.siteDir, path, folderOf(path));
    if (!existsSync(file)) return undefined;
    if (lstatSync(file).isSymbolicLink())
      throw new RefusedPath(`${path} is a link; the editor publishes only real files.`);
    return readFileSync(file);
  }

  /** Writes an author's file whole (or removes it), inside its folder and never through a link. */
  private put(path: string, content: Buffer | undefined): void {
    const file = resolveWritable(this.siteDir, path, folderOf(path));
    if (content === undefined) {
      if (existsSync(file)) unlinkSync(file);
      return;
    }
    mkdirSync(dirname(file), { recursive: true });
    replaceFileContents(this.siteDir, file, content, folderOf(path));
  }

  /** The saved changes (config/ and public/media/) against HEAD, in words, and the files changed elsewhere. */
  private async changes(git: Git): Promise<{ changes: SavedChange[]; outside: string[]; unusedMedia: string[] }> {
    const entries = await this.statusEntries(git);
    const outside = entries.filter((entry) => !inContent(entry.path)).map((entry) => entry.path);
    const inside = entries.filter((entry) => inContent(entry.path));
    const before = await this.blobsAt(
      git,
      'HEAD',
      inside.map((entry) => entry.path),
    );
    // Which media the saved config names, to tell new media that nothing uses, and published media no longer used.
    const used = new Set<string>();
    const configFiles = (
      await git.run(['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', 'config'])
    ).stdout
      .toString('utf8')
      .split('\0')
      .filter((path) => path.endsWith('.json') && inContent(path));
    for (const path of configFiles)
      for (const src of mediaNamedIn(parseJson(this.working(path)))) used.add(`public${src}`);
    const changes = inside.map((entry): SavedChange => {
      const old = before.get(entry.path);
      const now = this.working(entry.path);
      const change = old === undefined ? 'added' : now === undefined ? 'removed' : 'changed';
      const unused = entry.path.startsWith(MEDIA_PREFIX) && change === 'added' && !used.has(entry.path);
      return {
        path: entry.path,
        change,
        words:
          describeFileChange(entry.path, old, now) + (unused ? ' (nothing uses it yet, so it is not published)' : ''),
        ...(unused ? { unused } : {}),
      };
    });
    const published = (await git.run(['ls-tree', '-r', '-z', '--name-only', 'HEAD', '--', 'public/media'])).stdout
      .toString('utf8')
      .split('\0')
      .filter(Boolean);
    const unusedMedia = published.filter(
      (path) => !used.has(path) && existsSync(join(this.siteDir, path)) && !path.split('/').at(-1)!.startsWith('.'),
    );
    return { changes, outside, unusedMedia };
  }

  private async identity(git: Git): Promise<PublishStatus['identity']> {
    const ident = await git.run(['var', 'GIT_AUTHOR_IDENT'], { okExitCodes: [128] });
    const match = /^(.*) <(.*)> \d+ [+-]\d{4}$/.exec(ident.stdout.toString('utf8').trim());
    // Git makes up a name from the computer's user when none is set; only a configured one counts.
    const name = (await git.run(['config', 'user.name'], { okExitCodes: [1] })).stdout.toString('utf8').trim();
    const email = (await git.run(['config', 'user.email'], { okExitCodes: [1] })).stdout.toString('utf8').trim();
    if (ident.exitCode !== 0 || !match || !name || !email) return null;
    return { name: match[1]!, email: match[2]! };
  }

  /** The upstream branch as last fetched, such as refs/remotes/origin/main, if it exists. */
  private async upstream(git: Git, settings: Settings): Promise<string | undefined> {
    const ref = `refs/remotes/${REMOTE}/${settings.branch}`;
    return (await git.succeeds(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])) ? ref : undefined;
  }

  /** Fetches the published branch, within the site's time limit. Takes no lock on the site's files. */
  private async fetch(git: Git, settings: Settings): Promise<string> {
    try {
      await git.run(
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
      if (error instanceof GitFailed)
        throw new PublishRefused(
          pushProblemInWords(error, settings.branch).replace('so nothing was published', 'so nothing was brought in'),
        );
      throw error;
    }
    await haltPoint('after-fetch');
    const upstream = await this.upstream(git, settings);
    if (!upstream)
      throw new PublishRefused(
        `The branch "${settings.branch}" does not exist where the site is kept. Ask a developer to check config/publishing.json.`,
      );
    // Now the site says whether a publish the editor stopped in the middle of reached it.
    await this.#files.run(async () => {
      this.#notice = (await this.settlePublish(git, await this.journal(git), true)) ?? this.#notice;
    });
    return upstream;
  }

  /**
   * What the Publish panel shows. Reads only; never fetches, and never waits on a publish that waits on the network.
   */
  status(): Promise<PublishStatus> {
    return this.#files.run(async () => {
      const settings = this.settings();
      const base = {
        outside: [],
        identity: null,
        ...settings,
        changes: [],
        unusedMedia: [],
        behind: 0,
        ...(this.#busy ? { busy: this.#busy } : {}),
        ...(this.#notice ? { notice: this.#notice } : {}),
      };
      let git: Git;
      try {
        git = await this.git();
        await this.assertSteady(git, settings);
      } catch (error) {
        if (error instanceof PublishRefused) return { ...base, problem: error.message };
        throw error;
      }
      const { changes, outside, unusedMedia } = await this.changes(git);
      const upstream = await this.upstream(git, settings);
      const behind = upstream ? Number(await git.text(['rev-list', '--count', `HEAD..${upstream}`])) : 0;
      return { ...base, outside, identity: await this.identity(git), changes, unusedMedia, behind };
    });
  }

  /** Sets the name and email git signs the author's commits with, in this repository only. */
  setIdentity(name: unknown, email: unknown): Promise<void> {
    return this.#operation('Saving your name…', async () => {
      const clean = (value: unknown, what: string, pattern: RegExp) => {
        if (typeof value !== 'string' || !pattern.test(value.trim())) throw new PublishRefused(`Write your ${what}.`);
        return value.trim();
      };
      const cleanName = clean(name, 'name, as colleagues know you', /^[^\n\r<>\0]{1,100}$/);
      const cleanEmail = clean(
        email,
        'email address, such as ama@loommedia.com.gh',
        /^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$/,
      );
      const git = await this.git();
      const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
      const folder = await this.workFolder(git);
      // A file of the editor's own, included by the repository's settings: the author's text never reaches a command
      // line. Written whole or not at all, and never through a link planted at its name.
      const file = join(folder, 'identity.gitconfig');
      const temporary = createExclusiveFile(
        file,
        'saving',
        `[user]\n\tname = ${quoted(cleanName)}\n\temail = ${quoted(cleanEmail)}\n`,
      );
      renameSync(temporary, file);
      const included = (await git.run(['config', '--local', '--get-all', 'include.path'], { okExitCodes: [1] })).stdout
        .toString('utf8')
        .split('\n');
      if (!included.includes('site-editor/identity.gitconfig'))
        await git.run(['config', '--local', '--add', 'include.path', 'site-editor/identity.gitconfig']);
    });
  }

  /** Puts a saved change back as it is live: a changed or removed file gets its published version; a new one goes. */
  discard(path: unknown): Promise<void> {
    return this.#operation('Undoing a saved change…', () =>
      this.#files.run(async () => {
        const git = await this.git();
        const entry = (await this.statusEntries(git)).find(
          (candidate) => candidate.path === path && inContent(candidate.path),
        );
        if (!entry)
          throw new PublishRefused(`${typeof path === 'string' ? path : 'That file'} has no saved change to undo.`);
        this.put(entry.path, (await this.blobsAt(git, 'HEAD', [entry.path])).get(entry.path));
        await git.run(['reset', '--quiet', '--pathspec-from-file=-', '--pathspec-file-nul'], {
          input: `${entry.path}\0`,
        });
      }),
    );
  }

  /**
   * Brings in what teammates published. The author's saved changes are put back on top, field by field; where a
   * teammate changed the same field, nothing changes until `choices` says, for each conflict's id, whose value stays.
   */
  getLatest(choices: Readonly<Record<string, Choice>> = {}): Promise<LatestResult> {
    return this.#operation('Getting the latest changes…', async () => {
      const settings = this.settings();
      const git = await this.git();
      await this.#files.run(() => this.settleJournal(git));
      await this.assertSteady(git, settings);
      const upstream = await this.fetch(git, settings);
      return this.#files.run(() => this.integrate(git, upstream, choices));
    });
  }

  /** Moves this copy to `upstream`, the author's saved changes on top; run with the site's files locked. */
  private async integrate(
    git: Git,
    upstream: string,
    choices: Readonly<Record<string, Choice>>,
  ): Promise<LatestResult> {
    const head = await git.text(['rev-parse', 'HEAD']);
    const target = await git.text(['rev-parse', upstream]);
    if (head === target || (await git.succeeds(['merge-base', '--is-ancestor', target, head])))
      return { status: 'up-to-date' };
    if (!(await git.succeeds(['merge-base', '--is-ancestor', head, target])))
      throw new PublishRefused(
        'This copy of the site has commits that are not on the published branch, made outside the editor. Ask a developer to publish or remove them; the editor never mixes histories by itself.',
      );

    const incoming = (await git.run(['diff', '--name-only', '-z', '--no-renames', head, target])).stdout
      .toString('utf8')
      .split('\0')
      .filter(Boolean);
    const entries = await this.statusEntries(git);
    const local = new Set(entries.map((entry) => entry.path));
    const outsideOverlap = incoming.filter((path) => local.has(path) && !inContent(path));
    if (outsideOverlap.length > 0)
      throw new PublishRefused(
        `Teammates changed files that are also changed on this computer outside the editor's folders: ${outsideOverlap.join(', ')}. Ask a developer to sort these out.`,
      );
    const overlap = incoming.filter((path) => local.has(path));
    const [bases, theirsAll] = await Promise.all([
      this.blobsAt(git, head, overlap),
      this.blobsAt(git, target, overlap),
    ]);
    const mineAll = new Map(overlap.map((path) => [path, this.working(path)]));
    const merged = new Map<string, Buffer | undefined>();
    const conflicts: Conflict[] = [];
    for (const path of overlap) {
      const [base, theirs, mine] = [bases.get(path), theirsAll.get(path), mineAll.get(path)];
      const fileName = nameOfFile(path, parseJson(mine ?? theirs ?? base));
      const whole = (id: string) => {
        const choice = choices[id];
        if (choice === 'theirs') merged.set(path, theirs);
        else if (choice === 'mine') merged.set(path, mine);
        else
          conflicts.push({
            id,
            file: path,
            fileName,
            field: 'the whole file',
            mine:
              mine === undefined
                ? '(removed)'
                : path.startsWith(MEDIA_PREFIX)
                  ? 'your version of the file'
                  : shownValue(parseJson(mine) ?? mine.toString('utf8')),
            theirs:
              theirs === undefined
                ? '(removed)'
                : path.startsWith(MEDIA_PREFIX)
                  ? "your teammate's version of the file"
                  : shownValue(parseJson(theirs) ?? theirs.toString('utf8')),
          });
      };
      if (mine !== undefined && theirs !== undefined && mine.equals(theirs)) merged.set(path, mine);
      else if (
        path.endsWith('.json') &&
        path.startsWith('config/') &&
        mine !== undefined &&
        theirs !== undefined &&
        parseJson(mine) !== undefined &&
        parseJson(theirs) !== undefined &&
        (base === undefined || parseJson(base) !== undefined)
      ) {
        const mineData = parseJson(mine);
        const result = mergeJson(
          parseJson(base),
          mineData,
          parseJson(theirs),
          (jsonPath) => choices[`${path}#${JSON.stringify(jsonPath)}`],
        );
        for (const conflict of result.conflicts)
          conflicts.push({
            id: `${path}#${JSON.stringify(conflict.path)}`,
            file: path,
            fileName,
            field: fieldInWords(mineData, conflict.path),
            mine: shownValue(conflict.mine),
            theirs: shownValue(conflict.theirs),
          });
        merged.set(path, Buffer.from(editJsonText(mine.toString('utf8'), result.value)));
      } else whole(`${path}#file`);
    }
    if (conflicts.length > 0) return { status: 'conflicts', conflicts };

    // Before any file changes, the journal holds the author's versions and the merged ones, so nothing is lost
    // whatever happens next, and an editor that stops midway finishes the step or puts everything back.
    const journals = await this.journal(git);
    const journal = journals.begin((keep): LatestJournal => ({
      step: 'get-latest',
      head,
      target,
      incoming,
      files: overlap.map((path) => ({ path, mine: keep(mineAll.get(path)), result: keep(merged.get(path)) })),
    })) as LatestJournal;
    await haltPoint('get-latest:journaled');
    // The author's files go back to what this copy last published, so the fast-forward has nothing in its way.
    for (const [index, path] of overlap.entries()) {
      this.put(path, bases.get(path));
      if (index === 0) await haltPoint('get-latest:mid-write');
    }
    if (overlap.length > 0)
      await git.run(['reset', '--quiet', '--pathspec-from-file=-', '--pathspec-file-nul'], {
        input: overlap.map((path) => `${path}\0`).join(''),
      });
    try {
      await git.run(['merge', '--ff-only', '--quiet', target]);
    } catch (error) {
      await this.rollBack(git, journals, journal);
      throw error instanceof GitFailed
        ? new PublishRefused(
            `Your teammates' changes could not be brought in, and nothing changed. Git said: ${error.stderr.trim().split('\n').slice(-2).join(' ')}`,
          )
        : error;
    }
    await haltPoint('get-latest:fast-forwarded');
    this.finishLatest(journals, journal);
    const brought = (await git.text(['log', '--format=%s', `${head}..${target}`])).split('\n').filter(Boolean);
    const code = incoming.filter((path) => !inContent(path));
    return { status: 'updated', brought, ...(code.length > 0 ? { codeChanged: code } : {}) };
  }

  /** The end of a Get latest whose fast-forward is done: the author's files, merged, on top; then the journal goes. */
  private finishLatest(journals: JournalFolder, journal: LatestJournal): void {
    for (const file of journal.files)
      this.put(file.path, file.result === null ? undefined : journals.bytes(file.result));
    journals.end();
  }

  /**
   * Undoes a Get latest that did not move the branch: every file it touched as it was, the author's as they saved them.
   */
  private async rollBack(git: Git, journals: JournalFolder, journal: LatestJournal): Promise<void> {
    // Files a stopped fast-forward may have half written go back to this copy's commit (their author had no change
    // there).
    const atHead = await this.blobsAt(git, journal.head, journal.incoming.filter(inContent));
    const others = journal.incoming.filter((path) => !inContent(path));
    const present = new Set(
      (await git.run(['ls-tree', '-r', '-z', '--name-only', '--full-tree', journal.head])).stdout
        .toString('utf8')
        .split('\0')
        .filter(Boolean),
    );
    const restorable = others.filter((path) => present.has(path));
    if (restorable.length > 0)
      await git.run(['checkout', journal.head, '--pathspec-from-file=-', '--pathspec-file-nul'], {
        input: restorable.map((path) => `${path}\0`).join(''),
      });
    // Only a path git itself could have written: inside the site, never up and out of it.
    const inSite = (path: string) => !isAbsolute(path) && !path.split('/').includes('..');
    for (const path of others.filter((path) => !present.has(path) && inSite(path)))
      rmSync(join(this.siteDir, path), { force: true });
    for (const [path, content] of atHead) this.put(path, content);
    await git.run(['reset', '--quiet', '--pathspec-from-file=-', '--pathspec-file-nul'], {
      input: journal.incoming.map((path) => `${path}\0`).join(''),
    });
    for (const file of journal.files) this.put(file.path, file.mine === null ? undefined : journals.bytes(file.mine));
    journals.end();
  }

  /**
   * Writes the site as it would be with `commit` into a scratch folder inside .git and validates it there. A file
   * this copy has exactly as the commit does (unchanged since the last commit, same object) is copied from the
   * working tree, so large videos are never read through git; every other file comes from the commit itself.
   */
  private async validateCommit(git: Git, commit: string): Promise<readonly ConfigProblem[]> {
    const scratch = await this.workFolder(git, `check-${randomBytes(6).toString('hex')}`);
    try {
      // Lines "<mode> <type> <sha>\t<path>" (ls-tree) or "<mode> <sha> <stage>\t<path>" (ls-files -s): the sha is word
      // `at`.
      const entriesOf = async (args: string[], at: number) =>
        (await git.run(args)).stdout
          .toString('utf8')
          .split('\0')
          .filter(Boolean)
          .map((line) => ({
            sha: line.slice(0, line.indexOf('\t')).split(' ')[at]!,
            path: line.slice(line.indexOf('\t') + 1),
          }));
      const files = await entriesOf(['ls-tree', '-r', '-z', '--full-tree', commit, '--', 'config', 'public'], 2);
      const indexed = new Map(
        (await entriesOf(['ls-files', '-s', '-z', '--', 'config', 'public'], 1)).map((entry) => [
          entry.path,
          entry.sha,
        ]),
      );
      const changedHere = new Set((await this.statusEntries(git)).map((entry) => entry.path));
      const sameHere = (path: string, sha: string) =>
        indexed.get(path) === sha &&
        !changedHere.has(path) &&
        lstatSync(join(this.siteDir, path), { throwIfNoEntry: false })?.isFile() === true;
      const contents = await this.objects(
        git,
        files.filter(({ sha, path }) => !sameHere(path, sha)).map(({ sha }) => sha),
      );
      for (const { sha, path } of files) {
        const target = join(scratch, path);
        mkdirSync(dirname(target), { recursive: true });
        if (sameHere(path, sha)) copyFileSync(join(this.siteDir, path), target);
        else writeFileSync(target, contents.get(sha) ?? Buffer.alloc(0));
      }
      const { problems } = await this.validateFolder(scratch);
      return problems.filter((problem) => problem.severity === 'error');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  /** A commit of `files` (new contents, or undefined to remove) on top of `parent`, made in a scratch index. */
  private async commit(
    git: Git,
    parent: string,
    files: ReadonlyMap<string, Buffer | undefined>,
    message: string,
  ): Promise<string> {
    const index = join(await this.workFolder(git), `index-${randomBytes(6).toString('hex')}`);
    const env = { GIT_INDEX_FILE: index };
    try {
      await git.run(['read-tree', parent], { env });
      const lines: string[] = [];
      for (const [path, content] of files) {
        if (content === undefined) lines.push(`0 ${'0'.repeat(40)}\t${path}\0`);
        else {
          const sha = await git.text(['hash-object', '-w', '--stdin'], { input: content });
          lines.push(`100644 ${sha}\t${path}\0`);
        }
      }
      await git.run(['update-index', '-z', '--index-info'], { env, input: lines.join('') });
      const tree = await git.text(['write-tree'], { env });
      return await git.text(['commit-tree', tree, '-p', parent, '-F', '-'], { input: message });
    } finally {
      rmSync(index, { force: true });
    }
  }

  /**
   * Sends a commit to the main branch or to a review branch of its own; the words of what happens next. Takes no lock
   * on the files.
   */
  private async push(
    git: Git,
    settings: Settings,
    commit: string,
    words: string,
  ): Promise<{ link?: string; branch: string }> {
    const slug =
      words
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 40)
        .replace(/-$/, '') || 'changes';
    const branch =
      settings.mode === 'review'
        ? `site-editor/${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}-${slug}`
        : settings.branch;
    try {
      await git.run(['push', '--quiet', '--porcelain', REMOTE, `${commit}:refs/heads/${branch}`], byNetwork(settings));
    } catch (error) {
      if (error instanceof GitFailed)
        throw new PublishRefused(
          pushProblemInWords(error, branch),
          error instanceof GitTimedOut ? { timedOut: true } : {},
        );
      throw error;
    }
    await haltPoint('after-push');
    if (settings.mode === 'live') return { branch };
    const remote = await git.text(['remote', 'get-url', REMOTE]).catch(() => '');
    return { branch, link: reviewLinkOf(remote, branch, settings.branch) };
  }

  /**
   * Publishes the saved changes, but those in `leaveOut`, and removes the media in `removeMedia` (published files no
   * config uses). Gets the latest first; checks the config exactly as it would be published; refuses with words.
   * The site's files are locked only while they are read and checked, and while this copy catches up after the push.
   */
  publish(
    options: { leaveOut?: readonly string[]; removeMedia?: readonly string[]; message?: string } = {},
  ): Promise<PublishResult> {
    return this.#operation('Publishing…', async () => {
      const settings = this.settings();
      const git = await this.git();
      await this.#files.run(() => this.settleJournal(git));
      await this.assertSteady(git, settings);
      const first = await this.#files.run(() => this.changes(git));
      if (first.outside.length > 0)
        throw new PublishRefused(
          'Files outside config/ and public/media/ have changed on this computer, so the editor does not publish until a developer deals with them.',
          { outside: first.outside },
        );
      if (!(await this.identity(git)))
        throw new PublishRefused('Git does not know your name yet. Write it once, and your email, and publish again.', {
          needsIdentity: true,
        });
      const upstream = await this.fetch(git, settings);

      const prepared = await this.#files.run(async () => {
        const latest = await this.integrate(git, upstream, {});
        if (latest.status === 'conflicts') return latest;
        const { changes, unusedMedia } = await this.changes(git);
        const leaveOut = new Set(options.leaveOut ?? []);
        const included = changes.filter((change) => !change.unused && !leaveOut.has(change.path));
        const removals = (options.removeMedia ?? []).filter((path) => unusedMedia.includes(path));
        if (included.length === 0 && removals.length === 0)
          throw new PublishRefused('There is nothing to publish: every saved change is already live.');
        const files = new Map<string, Buffer | undefined>();
        for (const change of included) files.set(change.path, this.working(change.path));
        for (const path of removals) files.set(path, undefined);
        const removedWords = removals.map((path) => describeFileChange(path, Buffer.alloc(0), undefined));
        const message = (
          typeof options.message === 'string' && options.message.trim()
            ? options.message.trim()
            : messageFor([
                ...included,
                ...removedWords.map((words) => ({ path: '', change: 'removed' as const, words })),
              ])
        ).slice(0, 10_000);
        const head = await git.text(['rev-parse', 'HEAD']);
        const commit = await this.commit(git, head, files, `${message}\n`);
        await haltPoint('publish:committed');
        const problems = await this.validateCommit(git, commit);
        return { status: 'ready' as const, head, commit, message, files, removals, problems };
      });
      if (prepared.status === 'conflicts') return prepared;
      const { head, commit, message, files, removals, problems } = prepared;
      if (problems.length > 0) return { status: 'invalid', problems };
      const words = message.split('\n')[0]!;
      if (settings.mode === 'review') {
        const { branch, link } = await this.push(git, settings, commit, words);
        return { status: 'published', commit, message, branch, ...(link ? { link } : {}) };
      }
      // Journaled before it is sent: an editor that stops from here on learns from the site whether it arrived.
      const journals = await this.journal(git);
      const journal = journals.begin((): PublishedJournal => ({
        step: 'published',
        branch: settings.branch,
        head,
        commit,
        paths: [...files.keys()],
        removals,
      })) as PublishedJournal;
      await haltPoint('publish:journaled');
      try {
        await this.push(git, settings, commit, words);
      } catch (error) {
        // Refused, it did not arrive; unanswered, it may have: the next fetch tells.
        if (!(error instanceof PublishRefused && error.details.timedOut)) journals.end();
        throw error;
      }
      await this.#files.run(() => this.finishPublished(git, journals, journal));
      return { status: 'published', commit, message, branch: settings.branch };
    });
  }

  /**
   * The end of a live publish that reached the site: this copy stands where the site does, its branch at the new
   * commit and the published files no longer "saved". Run again by recover() when the editor stopped during it.
   */
  private async finishPublished(git: Git, journals: JournalFolder, journal: PublishedJournal): Promise<void> {
    const now = await git.text(['rev-parse', 'HEAD']);
    if (now === journal.head)
      await git.run([
        'update-ref',
        '-m',
        'site-editor: publish',
        `refs/heads/${journal.branch}`,
        journal.commit,
        journal.head,
      ]);
    await haltPoint('publish:branch-moved');
    // Only forward: a fetch since may already know a later commit of the site.
    if (
      !(await git.succeeds(['merge-base', '--is-ancestor', journal.commit, `refs/remotes/${REMOTE}/${journal.branch}`]))
    )
      await git.run(['update-ref', `refs/remotes/${REMOTE}/${journal.branch}`, journal.commit]);
    await git.run(['reset', '--quiet', '--pathspec-from-file=-', '--pathspec-file-nul'], {
      input: journal.paths.map((path) => `${path}\0`).join(''),
    });
    for (const path of journal.removals) this.put(path, undefined);
    journals.end();
  }

  /**
   * A live publish journaled before it was sent, when the editor stopped (or the remote did not answer) before it
   * finished: finished here once the site shows the commit (as this copy last fetched it, or since a push updated what
   * it knows), forgotten once a fetch shows it did not arrive. What happened, in words; undefined while it is not
   * known.
   */
  private async settlePublish(git: Git, journals: JournalFolder, fetched: boolean): Promise<string | undefined> {
    const journal = journals.read();
    if (journal?.step !== 'published') return undefined;
    const head = await git.text(['rev-parse', 'HEAD']);
    const known = `refs/remotes/${REMOTE}/${journal.branch}`;
    const arrived =
      head === journal.commit || (await git.succeeds(['merge-base', '--is-ancestor', journal.commit, known]));
    if (arrived && (head === journal.head || head === journal.commit)) {
      await this.finishPublished(git, journals, journal);
      return 'Your last Publish had reached the site when the editor stopped, and this copy now shows it as published.';
    }
    if (!arrived && fetched) {
      journals.end();
      return 'Your last Publish did not reach the site before the editor stopped. Your saved changes are all still here: publish them again.';
    }
    return undefined;
  }

  /** Published content changes, newest first: commits of the published branch that touch config/ or public/media/. */
  async history(limit = 30): Promise<readonly HistoryEntry[]> {
    const settings = this.settings();
    const git = await this.git();
    const upstream = (await this.upstream(git, settings)) ?? 'HEAD';
    // Each commit with its parents (%P), so nothing more is asked of git to compare it with its first parent.
    const log = await git.text([
      'log',
      '--first-parent',
      `--max-count=${limit}`,
      '--format=%x1e%H%x1f%P%x1f%an%x1f%aI%x1f%B',
      upstream,
      '--',
      ...CONTENT,
    ]);
    const entries = log.split('\x1e').filter((record) => record.trim());
    return Promise.all(
      entries.map(async (record) => {
        const [commit, parents, author, date, message] = record.split('\x1f') as [
          string,
          string,
          string,
          string,
          string,
        ];
        const parent = parents.split(' ')[0] || undefined;
        const { content, others } = await this.filesOfCommit(git, commit.trim(), parent);
        return {
          commit: commit.trim(),
          author,
          date,
          message: message.trim(),
          changes: await this.changesOfCommit(git, commit.trim(), parent, content),
          undoable: parent !== undefined,
          otherFiles: others,
        };
      }),
    );
  }

  private async parentOf(git: Git, commit: string): Promise<string | undefined> {
    const parent = await git.run(['rev-parse', '--verify', '--quiet', `${commit}^1`], { okExitCodes: [1] });
    return parent.exitCode === 0 ? parent.stdout.toString('utf8').trim() : undefined;
  }

  /**
   * The files a commit changed, against its first parent (all of them for the first commit): the content ones and the
   * others.
   */
  private async filesOfCommit(
    git: Git,
    commit: string,
    parent: string | undefined,
  ): Promise<{ content: string[]; others: string[] }> {
    const args = parent
      ? ['diff', '--name-only', '-z', '--no-renames', parent, commit]
      : ['ls-tree', '-r', '-z', '--name-only', commit];
    const all = (await git.run(args)).stdout.toString('utf8').split('\0').filter(Boolean);
    return { content: all.filter(inContent), others: all.filter((path) => !inContent(path)) };
  }

  private async changesOfCommit(
    git: Git,
    commit: string,
    parent: string | undefined,
    paths: readonly string[],
  ): Promise<HistoryChange[]> {
    const [before, after] = await Promise.all([
      parent ? this.blobsAt(git, parent, paths) : new Map<string, Buffer | undefined>(),
      this.blobsAt(git, commit, paths),
    ]);
    return paths.map((path) => ({ path, words: describeFileChange(path, before.get(path), after.get(path)) }));
  }

  /**
   * The latest change after `commit` up to `live` that changed `path`, in words: "“Home page: heading changed”, by
   * Kofi".
   */
  private async laterChangeOf(git: Git, commit: string, live: string, path: string): Promise<string | undefined> {
    const found = await git.text(['log', '-1', '--format=%an%x1f%s', `${commit}..${live}`, '--', path]);
    if (!found.trim()) return undefined;
    const [author, subject] = found.trim().split('\x1f') as [string, string];
    return `in “${subject.slice(0, 120)}”, by ${author}`;
  }

  /**
   * Undoes a published change: a new commit that puts back what it changed in config/ and public/media/, where
   * nothing later changed the same field, published only once the config it leaves passes the check. The author's
   * saved changes stay on top; what the change did to other files (the site's code) stays as it is, and the undo says
   * so. With `only` (paths the change changed), just those files are put back: one change of many published together.
   */
  undo(commit: unknown, only?: unknown): Promise<PublishResult | LatestResult> {
    return this.#operation('Undoing a published change…', async () => {
      const settings = this.settings();
      const git = await this.git();
      await this.#files.run(() => this.settleJournal(git));
      await this.assertSteady(git, settings);
      if (typeof commit !== 'string' || !/^[0-9a-f]{40}$/.test(commit))
        throw new PublishRefused('That is not a change from the history.');
      if (!(await this.identity(git)))
        throw new PublishRefused('Git does not know your name yet. Write it once, and your email, and try again.', {
          needsIdentity: true,
        });
      const upstream = await this.fetch(git, settings);
      if (!(await git.succeeds(['merge-base', '--is-ancestor', commit, upstream])))
        throw new PublishRefused('That change is not part of the published site.');
      const parent = await this.parentOf(git, commit);
      if (!parent) throw new PublishRefused('The first version of the site cannot be undone.');
      const live = await git.text(['rev-parse', upstream]);
      const { content: changed, others: changedElsewhere } = await this.filesOfCommit(git, commit, parent);
      const part =
        only === undefined
          ? undefined
          : Array.isArray(only)
            ? only.filter((path): path is string => typeof path === 'string')
            : [];
      if (part && (part.length === 0 || part.some((path) => !changed.includes(path))))
        throw new PublishRefused('That file was not part of this change.');
      const paths = part ?? changed;
      const others = part ? [] : changedElsewhere;
      const [made, before, now] = await Promise.all([
        this.blobsAt(git, commit, paths),
        this.blobsAt(git, parent, paths),
        this.blobsAt(git, live, paths),
      ]);
      const files = new Map<string, Buffer | undefined>();
      const later: string[] = [];
      for (const path of paths) {
        const [mine, old, current] = [made.get(path), before.get(path), now.get(path)];
        const name = nameOfFile(path, parseJson(current ?? mine ?? old));
        // Nothing changed it since (a file the change removed is still gone): it goes back as it was.
        const untouched = current === undefined ? mine === undefined : mine !== undefined && current.equals(mine);
        if (untouched) files.set(path, old);
        else if (
          path.endsWith('.json') &&
          [mine, old, current].every((content) => content === undefined || parseJson(content) !== undefined) &&
          current !== undefined
        ) {
          const result = mergeJson(parseJson(mine), parseJson(current), parseJson(old));
          if (result.conflicts.length > 0) {
            const since = await this.laterChangeOf(git, commit, live, path);
            later.push(
              ...result.conflicts.map(
                (conflict) => `${name}: ${fieldInWords(parseJson(current), conflict.path)}${since ? `, ${since}` : ''}`,
              ),
            );
          } else files.set(path, Buffer.from(editJsonText(current.toString('utf8'), result.value)));
        } else {
          const since = await this.laterChangeOf(git, commit, live, path);
          later.push(
            `${name}: ${current === undefined ? 'removed since' : 'the whole file'}${since ? `, ${since}` : ''}`,
          );
        }
      }
      if (later.length > 0)
        throw new PublishRefused(
          `This change cannot be undone by itself: later changes were made to the same ${later.length === 1 ? 'field' : 'fields'} (${later.join('; ')}). Change ${later.length === 1 ? 'it' : 'them'} back in the editor instead.`,
        );
      const whole = (await git.text(['log', '-1', '--format=%s', commit])).slice(0, 200);
      // One part undone is named by its own words; the whole change by its message.
      const subject = part
        ? (await this.changesOfCommit(git, commit, parent, part))
            .map((change) => change.words)
            .join('; ')
            .slice(0, 200)
        : whole;
      const kept =
        others.length > 0
          ? ` Its changes to ${others.length === 1 ? 'one other file' : `${others.length} other files`} (${others.slice(0, 5).join(', ')}${others.length > 5 ? ', …' : ''}) stay as they are.`
          : '';
      const what = part ? `in ${part.join(', ')} (one part of “${whole}”)` : 'in config/ and public/media/';
      const undoCommit = await this.commit(
        git,
        live,
        files,
        `Undo: ${subject}\n\nThis undoes what ${commit} changed ${what}.${kept}\n`,
      );
      const problems = await this.#files.run(() => this.validateCommit(git, undoCommit));
      if (problems.length > 0) return { status: 'invalid', problems };
      const { branch, link } = await this.push(git, settings, undoCommit, `undo ${subject}`);
      if (settings.mode === 'live') {
        await git.run(['update-ref', `refs/remotes/${REMOTE}/${settings.branch}`, undoCommit]);
        const latest = await this.#files.run(() =>
          this.integrate(git, `refs/remotes/${REMOTE}/${settings.branch}`, {}),
        );
        if (latest.status === 'conflicts') return latest;
      }
      return {
        status: 'published',
        commit: undoCommit,
        message: `Undo: ${subject}`,
        branch,
        ...(link ? { link } : {}),
        ...(kept ? { kept: kept.trim() } : {}),
      };
    });
  }

  /**
   * Run once when the editor starts, before any other operation: finishes or undoes a step the editor stopped in the
   * middle of (the journal says which), and clears what a stopped step left behind (scratch folders, half-written
   * temporary files). What it did is said in words, in the terminal and on the Publish panel, until the editor stops.
   */
  recover(): Promise<string | undefined> {
    return this.#operation('Putting back what the editor was doing when it stopped…', () =>
      this.#files.run(async () => {
        const git = await Git.of(this.siteDir);
        if (!(git instanceof Git)) return undefined;
        const folder = await this.workFolder(git);
        for (const name of readdirSync(folder))
          if (/^(check|index)-[0-9a-f]{12}$/.test(name)) rmSync(join(folder, name), { recursive: true, force: true });
        this.clearTemporaryFiles();
        new JournalFolder(folder).clearLeftovers();
        await this.settleJournal(git);
        return this.#notice;
      }),
    );
  }

  /**
   * Finishes or undoes a journaled step left unfinished, when there is one: when the editor starts, and again before
   * each publishing operation (nothing else runs then), in case it could not the first time. Run with the files locked.
   */
  private async settleJournal(git: Git): Promise<void> {
    const journals = await this.journal(git);
    const journal = journals.read();
    if (!journal) return;
    await this.waitForGit(git);
    this.#notice = await this.resume(git, journals, journal);
  }

  /**
   * Waits while git works in this repository (its index is locked): a git command the stopped editor started may
   * still be finishing. A lock that stays is left from a command that stopped for good, which a developer removes.
   */
  private async waitForGit(git: Git): Promise<void> {
    const lock = join(await this.gitDir(git), 'index.lock');
    for (let waited = 0; existsSync(lock); waited += 100) {
      if (waited >= GIT_LOCK_WAIT_MS)
        throw new PublishRefused(
          `Git's lock file ${relative(this.siteDir, lock)} is left from a git command that stopped, so the editor does not touch your files. Ask a developer to remove it, then restart the editor. Your saved changes are kept in .git/site-editor/journal/.`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * Half-written files of a save or upload that stopped: hidden, named as only the editor names them, never published.
   */
  private clearTemporaryFiles(): void {
    for (const folder of ['config', 'public/media']) {
      const root = join(this.siteDir, folder);
      if (!existsSync(root)) continue;
      for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }))
        if (entry.isFile() && TEMPORARY_FILE.test(entry.name))
          rmSync(join(entry.parentPath, entry.name), { force: true });
    }
  }

  /** Finishes or undoes the journaled step; what happened, in words. */
  private async resume(git: Git, journals: JournalFolder, journal: Journal): Promise<string> {
    const head = await git.text(['rev-parse', 'HEAD']);
    const kept = `Their copies are kept in ${relative(this.siteDir, journals.folder)}/journal/ until then.`;
    if (journal.step === 'published') {
      if (head !== journal.head && head !== journal.commit)
        return `The editor stopped while it was publishing, and this copy of the site has moved since (outside the editor). Ask a developer to check whether your changes reached the site. ${kept}`;
      return (
        (await this.settlePublish(git, journals, false)) ??
        'The editor stopped while it was sending your last Publish. Your saved changes are all still here; Get latest changes or Publish finds out whether they reached the site.'
      );
    }
    if (head === journal.head) {
      await this.rollBack(git, journals, journal);
      return "The editor stopped while it was getting the latest changes. Your saved changes are back exactly as you saved them, and nothing of your teammates' was brought in: choose Get latest changes again.";
    }
    if (head === journal.target) {
      this.finishLatest(journals, journal);
      return "The editor stopped while it was getting the latest changes. It has now finished: your teammates' changes are in, with your saved changes on top.";
    }
    return `The editor stopped while it was getting the latest changes, and this copy of the site has moved since (outside the editor), so it did not touch your files. Ask a developer to put your saved changes back. ${kept}`;
  }
}
