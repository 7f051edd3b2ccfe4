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
import { copyFileSync, existsSync, lstatSync, mkdirSync, renameSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ConfigProblem } from '../../config/config-problem.ts';
import type { Publishing as PublishingSettings } from '../../generated/config-types.ts';
import { readablePath } from '../../config/json-source.ts';
import { describeFileChange, nameOfFile } from './change-words.ts';
import { Git, GitFailed } from './git.ts';
import { mediaNamedIn } from './held-media.ts';
import { editJsonText, parseJson } from './json-edit.ts';
import { mergeJson, type Choice, type JsonPath } from './json-merge.ts';
import { createExclusiveFile, RefusedPath, replaceFileContents, resolveWritable, type WritableFolder } from './safe-path.ts';

/** The folders publishing touches, as git names them. */
const CONTENT = ['config', 'public/media'] as const;
const REMOTE = 'origin';
const MEDIA_PREFIX = 'public/media/';

type Settings = Required<Omit<PublishingSettings, '$schema'>>;
const DEFAULTS: Settings = { mode: 'live', branch: 'main', updateMinutes: 2 };

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
  | { readonly status: 'updated'; readonly brought: readonly string[] }
  | { readonly status: 'conflicts'; readonly conflicts: readonly Conflict[] };

export type PublishResult =
  | { readonly status: 'published'; readonly commit: string; readonly message: string; readonly link?: string; readonly branch: string }
  | { readonly status: 'conflicts'; readonly conflicts: readonly Conflict[] }
  | { readonly status: 'invalid'; readonly problems: readonly ConfigProblem[] };

export interface HistoryEntry {
  readonly commit: string;
  readonly author: string;
  /** When, as an ISO date. */
  readonly date: string;
  readonly message: string;
  readonly changes: readonly string[];
  /** Whether Undo can apply: not the site's first version, which has nothing before it. */
  readonly undoable: boolean;
}

/** Validates the site in a folder with the one validator, off the thread that answers requests. */
export type ValidateFolder = (siteDir: string) => Promise<{ readonly problems: readonly ConfigProblem[] }>;

/** A status line of `git status --porcelain -z`: its two status letters and its path. */
interface StatusEntry {
  readonly code: string;
  readonly path: string;
}

/** Whether the editor publishes a path: inside config/ or public/media/, with no hidden file or folder on the way. */
const inContent = (path: string) => CONTENT.some((folder) => path.startsWith(`${folder}/`)) && !path.split('/').some((part) => part.startsWith('.'));
const folderOf = (path: string): WritableFolder => (path.startsWith(MEDIA_PREFIX) ? 'public/media' : 'config');

/** The commit message for a list of changes when the author wrote none: their words, a summary line first. */
function messageFor(changes: readonly SavedChange[]): string {
  const words = changes.map((change) => change.words);
  if (words.length === 0) return '';
  if (words.length === 1) return words[0]!;
  return `${words.length} changes: ${words.slice(0, 3).join('; ')}${words.length > 3 ? '; …' : ''}\n\n${words.map((word) => `- ${word}`).join('\n')}`;
}

/** The address of the page that opens a pull or merge request of `branch` into `base`, for the remote's host. */
export function reviewLinkOf(remoteUrl: string, branch: string, base: string): string | undefined {
  // https://host/owner/repo(.git), ssh://git@host[:port]/owner/repo(.git), or git@host:owner/repo(.git)
  const match = /^(?:https?:\/\/(?:[^@/]+@)?([^/:]+)(?::\d+)?\/|ssh:\/\/(?:[^@/]+@)?([^/:]+)(?::\d+)?\/|[^@/:]+@([^/:]+):)(.+?)(?:\.git)?\/?$/.exec(
    remoteUrl.trim(),
  );
  if (!match) return undefined;
  const host = (match[1] ?? match[2] ?? match[3])!.toLowerCase();
  const project = match[4]!.replace(/^\/+/, '');
  if (!/^[\w.~-]+(\/[\w.~-]+)+$/.test(project)) return undefined;
  const at = `https://${host}/${project}`;
  const ref = (name: string) => name.split('/').map(encodeURIComponent).join('/');
  const query = encodeURIComponent;
  if (host.includes('github')) return `${at}/compare/${ref(base)}...${ref(branch)}?expand=1`;
  if (host.includes('gitlab'))
    return `${at}/-/merge_requests/new?merge_request%5Bsource_branch%5D=${query(branch)}&merge_request%5Btarget_branch%5D=${query(base)}`;
  if (host.includes('bitbucket')) return `${at}/pull-requests/new?source=${query(branch)}&dest=${query(base)}`;
  return undefined;
}

/** Git's refusal of a push or fetch, in words for the author. */
export function pushProblemInWords(error: GitFailed, branch: string): string {
  const said = error.stderr;
  if (/non-fast-forward|fetch first|\[rejected\]|stale info|Updates were rejected/i.test(said))
    return 'Someone published changes since you last got the latest. Nothing was published, and all your saved changes are still here: choose "Get latest changes", then publish again.';
  if (
    /Authentication failed|terminal prompts disabled|could not read Username|could not read Password|Permission denied \(publickey|Host key verification failed|invalid credentials|HTTP Basic: Access denied/i.test(
      said,
    )
  )
    return 'Git on this computer has no saved sign-in for where the site is kept, so nothing was published. Your saved changes are all still here. Ask a developer to set up git on this computer once (README, "The author\'s computer").';
  if (/Permission to .* denied|403|not allowed to push|protected branch|pre-receive hook declined|remote rejected|denied/i.test(said))
    return `Your account may not publish to the branch "${branch}" of this site, so nothing was published. Your saved changes are all still here. Ask a developer for access, or for publishing to be set to "review".`;
  if (
    /Could not resolve host|unable to access|Connection refused|Connection timed out|Network is unreachable|Could not read from remote repository|does not appear to be a git repository|No route to host/i.test(
      said,
    )
  )
    return 'The place where the site is kept could not be reached (no network, or its address is wrong), so nothing was published. Your saved changes are all still here: try again when you are online.';
  return `Git could not reach where the site is kept, so nothing was published. Your saved changes are all still here. Git said: ${said.trim().split('\n').slice(-2).join(' ')}`;
}

/** A value as the author sees it in a conflict: text as written, anything else briefly. */
function shownValue(value: unknown): string {
  if (value === undefined) return '(removed)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 240 ? `${text.slice(0, 239)}…` : text;
}

/** A field's place in words, as the checker names it: "sections 1 (video-hero).heading". */
const fieldInWords = (data: unknown, path: JsonPath) => (path.length === 0 ? 'the whole file' : readablePath(data, path));

/**
 * Publishing for one site. Its operations run one at a time, and saves and uploads wait for them (`exclusive`), so a
 * file never changes while it is being published.
 */
export class SitePublisher {
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly siteDir: string,
    private readonly validateFolder: ValidateFolder,
  ) {}

  /** Runs `work` when everything before it is done; nothing else of publishing, saving or uploading runs meanwhile. */
  exclusive<T>(work: () => Promise<T> | T): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  private settings(): Settings {
    const data = parseJson(
      existsSync(join(this.siteDir, 'config/publishing.json')) ? readFileSync(join(this.siteDir, 'config/publishing.json')) : undefined,
    ) as PublishingSettings | undefined;
    const given = typeof data === 'object' && data !== null ? data : {};
    return {
      mode: given.mode === 'review' ? 'review' : 'live',
      // A branch name never starts with "-" (the schema says so too): it is never read as an option.
      branch: typeof given.branch === 'string' && /^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$/.test(given.branch) ? given.branch : DEFAULTS.branch,
      updateMinutes: Number.isInteger(given.updateMinutes) && given.updateMinutes! >= 1 ? given.updateMinutes! : DEFAULTS.updateMinutes,
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
  private async workFolder(git: Git, name: string): Promise<string> {
    let folder = await this.gitDir(git);
    for (const part of ['site-editor', ...name.split('/').filter((step) => step && step !== '.')]) {
      folder = join(folder, part);
      if (!existsSync(folder)) mkdirSync(folder);
      else if (!lstatSync(folder).isDirectory())
        throw new PublishRefused(`${folder} is not a plain folder (a link?), so the editor does not write there. Ask a developer to remove it.`);
    }
    return folder;
  }

  /** Refuses, in words, while git is in the middle of something or the copy is not on the publishing branch. */
  private async assertSteady(git: Git, settings: Settings): Promise<void> {
    const gitDir = await this.gitDir(git);
    const busy = ['MERGE_HEAD', 'rebase-merge', 'rebase-apply', 'CHERRY_PICK_HEAD', 'REVERT_HEAD'].find((name) => existsSync(join(gitDir, name)));
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
    const out = (await git.run(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'])).stdout.toString('utf8');
    return out
      .split('\0')
      .filter(Boolean)
      .map((line) => ({ code: line.slice(0, 2), path: line.slice(3) }));
  }

  /** Blobs by "<commit>:<path>" in one git process; undefined where there is none. */
  private async blobs(git: Git, specs: readonly string[]): Promise<Map<string, Buffer | undefined>> {
    const found = new Map<string, Buffer | undefined>();
    if (specs.length === 0) return found;
    if (specs.some((spec) => spec.includes('\n'))) throw new PublishRefused('A file name holds a line break, which the editor does not publish.');
    const out = (await git.run(['cat-file', '--batch'], { input: `${specs.join('\n')}\n` })).stdout;
    let at = 0;
    for (const spec of specs) {
      const end = out.indexOf(10, at);
      const header = out.subarray(at, end).toString('utf8');
      at = end + 1;
      const size = /^[0-9a-f]+ blob (\d+)$/.exec(header)?.[1];
      if (size === undefined) {
        found.set(spec, undefined);
        continue;
      }
      found.set(spec, out.subarray(at, at + Number(size)));
      at += Number(size) + 1;
    }
    return found;
  }

  /** A working file's bytes, read only when it is a plain file inside its folder. */
  private working(path: string): Buffer | undefined {
    const file = resolveWritable(this.siteDir, path, folderOf(path));
    if (!existsSync(file)) return undefined;
    if (lstatSync(file).isSymbolicLink()) throw new RefusedPath(`${path} is a link; the editor publishes only real files.`);
    return readFileSync(file);
  }

  /** The saved changes (config/ and public/media/) against HEAD, in words, and the files changed elsewhere. */
  private async changes(git: Git): Promise<{ changes: SavedChange[]; outside: string[]; unusedMedia: string[] }> {
    const entries = await this.statusEntries(git);
    const outside = entries.filter((entry) => !inContent(entry.path)).map((entry) => entry.path);
    const inside = entries.filter((entry) => inContent(entry.path));
    const before = await this.blobs(
      git,
      inside.map((entry) => `HEAD:${entry.path}`),
    );
    // Which media the saved config names, to tell new media that nothing uses, and published media no longer used.
    const used = new Set<string>();
    const configFiles = (await git.run(['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', 'config'])).stdout
      .toString('utf8')
      .split('\0')
      .filter((path) => path.endsWith('.json'));
    for (const path of configFiles) for (const src of mediaNamedIn(parseJson(this.working(path)))) used.add(`public${src}`);
    const changes = inside.map((entry): SavedChange => {
      const old = before.get(`HEAD:${entry.path}`);
      const now = this.working(entry.path);
      const change = old === undefined ? 'added' : now === undefined ? 'removed' : 'changed';
      const unused = entry.path.startsWith(MEDIA_PREFIX) && change === 'added' && !used.has(entry.path);
      return {
        path: entry.path,
        change,
        words: describeFileChange(entry.path, old, now) + (unused ? ' (nothing uses it yet, so it is not published)' : ''),
        ...(unused ? { unused } : {}),
      };
    });
    const published = (await git.run(['ls-tree', '-r', '-z', '--name-only', 'HEAD', '--', 'public/media'])).stdout.toString('utf8').split('\0').filter(Boolean);
    const unusedMedia = published.filter((path) => !used.has(path) && existsSync(join(this.siteDir, path)) && !path.split('/').at(-1)!.startsWith('.'));
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

  private async fetch(git: Git, settings: Settings): Promise<string> {
    try {
      await git.run(['fetch', '--quiet', '--no-tags', REMOTE, `+refs/heads/${settings.branch}:refs/remotes/${REMOTE}/${settings.branch}`]);
    } catch (error) {
      if (error instanceof GitFailed)
        throw new PublishRefused(pushProblemInWords(error, settings.branch).replace('so nothing was published', 'so nothing was brought in'));
      throw error;
    }
    const upstream = await this.upstream(git, settings);
    if (!upstream)
      throw new PublishRefused(`The branch "${settings.branch}" does not exist where the site is kept. Ask a developer to check config/publishing.json.`);
    return upstream;
  }

  /** What the Publish panel shows. Reads only; never fetches. */
  status(): Promise<PublishStatus> {
    return this.exclusive(async () => {
      const settings = this.settings();
      const base = { outside: [], identity: null, ...settings, changes: [], unusedMedia: [], behind: 0 };
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
    return this.exclusive(async () => {
      const clean = (value: unknown, what: string, pattern: RegExp) => {
        if (typeof value !== 'string' || !pattern.test(value.trim())) throw new PublishRefused(`Write your ${what}.`);
        return value.trim();
      };
      const cleanName = clean(name, 'name, as colleagues know you', /^[^\n\r<>\0]{1,100}$/);
      const cleanEmail = clean(email, 'email address, such as ama@loommedia.com.gh', /^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$/);
      const git = await this.git();
      const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
      const folder = await this.workFolder(git, '.');
      // A file of the editor's own, included by the repository's settings: the author's text never reaches a command line.
      // Written whole or not at all, and never through a link planted at its name.
      const file = join(folder, 'identity.gitconfig');
      const temporary = createExclusiveFile(file, 'saving', `[user]\n\tname = ${quoted(cleanName)}\n\temail = ${quoted(cleanEmail)}\n`);
      renameSync(temporary, file);
      const included = (await git.run(['config', '--local', '--get-all', 'include.path'], { okExitCodes: [1] })).stdout.toString('utf8').split('\n');
      if (!included.includes('site-editor/identity.gitconfig')) await git.run(['config', '--local', '--add', 'include.path', 'site-editor/identity.gitconfig']);
    });
  }

  /** Puts a saved change back as it is live: a changed or removed file gets its published version; a new one goes. */
  discard(path: unknown): Promise<void> {
    return this.exclusive(async () => {
      const git = await this.git();
      const entry = (await this.statusEntries(git)).find((candidate) => candidate.path === path && inContent(candidate.path));
      if (!entry) throw new PublishRefused('That file has no saved change to undo.');
      const file = resolveWritable(this.siteDir, entry.path, folderOf(entry.path));
      const published = (await this.blobs(git, [`HEAD:${entry.path}`])).get(`HEAD:${entry.path}`);
      if (published === undefined) {
        if (lstatSync(file).isFile()) unlinkSync(file);
      } else {
        mkdirSync(dirname(file), { recursive: true });
        replaceFileContents(this.siteDir, file, published, folderOf(entry.path));
        await git.run(['reset', '--quiet', '--pathspec-from-file=-', '--pathspec-file-nul'], { input: `${entry.path}\0` });
      }
    });
  }

  /**
   * Brings in what teammates published. The author's saved changes are put back on top, field by field; where a
   * teammate changed the same field, nothing changes until `choices` says, for each conflict's id, whose value stays.
   */
  getLatest(choices: Readonly<Record<string, Choice>> = {}): Promise<LatestResult> {
    return this.exclusive(async () => {
      const settings = this.settings();
      const git = await this.git();
      await this.assertSteady(git, settings);
      const upstream = await this.fetch(git, settings);
      return this.integrate(git, upstream, choices);
    });
  }

  private async integrate(git: Git, upstream: string, choices: Readonly<Record<string, Choice>>): Promise<LatestResult> {
    const head = await git.text(['rev-parse', 'HEAD']);
    const target = await git.text(['rev-parse', upstream]);
    if (head === target || (await git.succeeds(['merge-base', '--is-ancestor', target, head]))) return { status: 'up-to-date' };
    if (!(await git.succeeds(['merge-base', '--is-ancestor', head, target])))
      throw new PublishRefused(
        'This copy of the site has commits that are not on the published branch, made outside the editor. Ask a developer to publish or remove them; the editor never mixes histories by itself.',
      );

    const incoming = (await git.run(['diff', '--name-only', '-z', '--no-renames', head, target])).stdout.toString('utf8').split('\0').filter(Boolean);
    const entries = await this.statusEntries(git);
    const local = new Set(entries.map((entry) => entry.path));
    const outsideOverlap = incoming.filter((path) => local.has(path) && !inContent(path));
    if (outsideOverlap.length > 0)
      throw new PublishRefused(
        `Teammates changed files that are also changed on this computer outside the editor's folders: ${outsideOverlap.join(', ')}. Ask a developer to sort these out.`,
      );
    const overlap = incoming.filter((path) => local.has(path));
    const blobs = await this.blobs(
      git,
      overlap.flatMap((path) => [`${head}:${path}`, `${target}:${path}`]),
    );
    const merged = new Map<string, Buffer | undefined>();
    const conflicts: Conflict[] = [];
    for (const path of overlap) {
      const [base, theirs, mine] = [blobs.get(`${head}:${path}`), blobs.get(`${target}:${path}`), this.working(path)];
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
        const result = mergeJson(parseJson(base), mineData, parseJson(theirs), (jsonPath) => choices[`${path}#${JSON.stringify(jsonPath)}`]);
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

    // The author's versions are kept aside first, so nothing is lost whatever happens next.
    const backup = await this.workFolder(git, join('backups', `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`));
    for (const path of overlap) {
      const mine = this.working(path);
      if (mine === undefined) continue;
      mkdirSync(dirname(join(backup, path)), { recursive: true });
      writeFileSync(join(backup, path), mine);
    }
    // The overlapping files go back to what this copy last published, so the fast-forward has nothing in its way.
    for (const path of overlap) {
      const file = resolveWritable(this.siteDir, path, folderOf(path));
      const base = blobs.get(`${head}:${path}`);
      if (base === undefined) {
        if (existsSync(file)) unlinkSync(file);
      } else replaceFileContents(this.siteDir, file, base, folderOf(path));
    }
    if (overlap.length > 0)
      await git.run(['reset', '--quiet', '--pathspec-from-file=-', '--pathspec-file-nul'], { input: overlap.map((path) => `${path}\0`).join('') });
    try {
      await git.run(['merge', '--ff-only', '--quiet', target]);
    } catch (error) {
      // Put the author's versions back exactly as they were.
      for (const path of overlap) {
        if (existsSync(join(backup, path)))
          replaceFileContents(this.siteDir, resolveWritable(this.siteDir, path, folderOf(path)), readFileSync(join(backup, path)), folderOf(path));
      }
      throw error instanceof GitFailed
        ? new PublishRefused(
            `Your teammates' changes could not be brought in, and nothing changed. Git said: ${error.stderr.trim().split('\n').slice(-2).join(' ')}`,
          )
        : error;
    }
    for (const [path, content] of merged) {
      const file = resolveWritable(this.siteDir, path, folderOf(path));
      if (content === undefined) {
        if (existsSync(file)) unlinkSync(file);
      } else {
        mkdirSync(dirname(file), { recursive: true });
        replaceFileContents(this.siteDir, file, content, folderOf(path));
      }
    }
    const brought = (await git.text(['log', '--format=%s', `${head}..${target}`])).split('\n').filter(Boolean);
    return { status: 'updated', brought };
  }

  /**
   * Writes the site as it would be with `commit` into a scratch folder inside .git and validates it there. A file
   * this copy has exactly as the commit does (unchanged since the last commit, same object) is copied from the
   * working tree, so large videos are never read through git; every other file comes from the commit itself.
   */
  private async validateCommit(git: Git, commit: string): Promise<readonly ConfigProblem[]> {
    const scratch = await this.workFolder(git, `check-${randomBytes(6).toString('hex')}`);
    try {
      // Lines "<mode> <type> <sha>\t<path>" (ls-tree) or "<mode> <sha> <stage>\t<path>" (ls-files -s): the sha is word `at`.
      const entriesOf = async (args: string[], at: number) =>
        (await git.run(args)).stdout
          .toString('utf8')
          .split('\0')
          .filter(Boolean)
          .map((line) => ({ sha: line.slice(0, line.indexOf('\t')).split(' ')[at]!, path: line.slice(line.indexOf('\t') + 1) }));
      const files = await entriesOf(['ls-tree', '-r', '-z', '--full-tree', commit, '--', 'config', 'public'], 2);
      const indexed = new Map((await entriesOf(['ls-files', '-s', '-z', '--', 'config', 'public'], 1)).map((entry) => [entry.path, entry.sha]));
      const changedHere = new Set((await this.statusEntries(git)).map((entry) => entry.path));
      const sameHere = (path: string, sha: string) =>
        indexed.get(path) === sha && !changedHere.has(path) && lstatSync(join(this.siteDir, path), { throwIfNoEntry: false })?.isFile() === true;
      const contents = await this.blobs(
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
  private async commit(git: Git, parent: string, files: ReadonlyMap<string, Buffer | undefined>, message: string): Promise<string> {
    const index = join(await this.workFolder(git, '.'), `index-${randomBytes(6).toString('hex')}`);
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

  /** Sends a commit to the main branch or to a review branch of its own; the words of what happens next. */
  private async push(git: Git, settings: Settings, commit: string, words: string): Promise<{ link?: string; branch: string }> {
    const slug =
      words
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 40)
        .replace(/-$/, '') || 'changes';
    const branch = settings.mode === 'review' ? `site-editor/${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}-${slug}` : settings.branch;
    try {
      await git.run(['push', '--quiet', '--porcelain', REMOTE, `${commit}:refs/heads/${branch}`]);
    } catch (error) {
      if (error instanceof GitFailed) throw new PublishRefused(pushProblemInWords(error, branch));
      throw error;
    }
    if (settings.mode === 'live') return { branch };
    const remote = await git.text(['remote', 'get-url', REMOTE]).catch(() => '');
    return { branch, link: reviewLinkOf(remote, branch, settings.branch) };
  }

  /**
   * Publishes the saved changes, but those in `leaveOut`, and removes the media in `removeMedia` (published files no
   * config uses). Gets the latest first; checks the config exactly as it would be published; refuses with words.
   */
  publish(options: { leaveOut?: readonly string[]; removeMedia?: readonly string[]; message?: string } = {}): Promise<PublishResult> {
    return this.exclusive(async () => {
      const settings = this.settings();
      const git = await this.git();
      await this.assertSteady(git, settings);
      const first = await this.changes(git);
      if (first.outside.length > 0)
        throw new PublishRefused(
          'Files outside config/ and public/media/ have changed on this computer, so the editor does not publish until a developer deals with them.',
          { outside: first.outside },
        );
      if (!(await this.identity(git)))
        throw new PublishRefused('Git does not know your name yet. Write it once, and your email, and publish again.', { needsIdentity: true });
      const upstream = await this.fetch(git, settings);
      const latest = await this.integrate(git, upstream, {});
      if (latest.status === 'conflicts') return latest;

      const { changes, unusedMedia } = await this.changes(git);
      const leaveOut = new Set(options.leaveOut ?? []);
      const included = changes.filter((change) => !change.unused && !leaveOut.has(change.path));
      const removals = (options.removeMedia ?? []).filter((path) => unusedMedia.includes(path));
      if (included.length === 0 && removals.length === 0) throw new PublishRefused('There is nothing to publish: every saved change is already live.');
      const files = new Map<string, Buffer | undefined>();
      for (const change of included) files.set(change.path, this.working(change.path));
      for (const path of removals) files.set(path, undefined);
      const removedWords = removals.map((path) => describeFileChange(path, Buffer.alloc(0), undefined));
      const message = (
        typeof options.message === 'string' && options.message.trim()
          ? options.message.trim()
          : messageFor([...included, ...removedWords.map((words) => ({ path: '', change: 'removed' as const, words }))])
      ).slice(0, 10_000);

      const head = await git.text(['rev-parse', 'HEAD']);
      const commit = await this.commit(git, head, files, `${message}\n`);
      const problems = await this.validateCommit(git, commit);
      if (problems.length > 0) return { status: 'invalid', problems };
      const { branch, link } = await this.push(git, settings, commit, message.split('\n')[0]!);
      if (settings.mode === 'live') {
        // This copy now stands where the site does: its branch at the new commit, the published files no longer "saved".
        await git.run(['update-ref', '-m', 'site-editor: publish', `refs/heads/${settings.branch}`, commit, head]);
        await git.run(['update-ref', `refs/remotes/${REMOTE}/${settings.branch}`, commit]);
        await git.run(['reset', '--quiet', '--pathspec-from-file=-', '--pathspec-file-nul'], { input: [...files.keys()].map((path) => `${path}\0`).join('') });
        for (const path of removals) {
          const file = resolveWritable(this.siteDir, path, 'public/media');
          if (existsSync(file)) unlinkSync(file);
        }
      }
      return { status: 'published', commit, message, branch, ...(link ? { link } : {}) };
    });
  }

  /** Published content changes, newest first: commits of the published branch that touch config/ or public/media/. */
  history(limit = 30): Promise<readonly HistoryEntry[]> {
    return this.exclusive(async () => {
      const settings = this.settings();
      const git = await this.git();
      const upstream = (await this.upstream(git, settings)) ?? 'HEAD';
      // Each commit with its parents (%P), so nothing more is asked of git to compare it with its first parent.
      const log = await git.text(['log', '--first-parent', `--max-count=${limit}`, '--format=%x1e%H%x1f%P%x1f%an%x1f%aI%x1f%B', upstream, '--', ...CONTENT]);
      const entries = log.split('\x1e').filter((record) => record.trim());
      return Promise.all(
        entries.map(async (record) => {
          const [commit, parents, author, date, message] = record.split('\x1f') as [string, string, string, string, string];
          const parent = parents.split(' ')[0] || undefined;
          return {
            commit: commit.trim(),
            author,
            date,
            message: message.trim(),
            changes: await this.changesOfCommit(git, commit.trim(), parent),
            undoable: parent !== undefined,
          };
        }),
      );
    });
  }

  private async parentOf(git: Git, commit: string): Promise<string | undefined> {
    const parent = await git.run(['rev-parse', '--verify', '--quiet', `${commit}^1`], { okExitCodes: [1] });
    return parent.exitCode === 0 ? parent.stdout.toString('utf8').trim() : undefined;
  }

  /** The content files a commit changed, against its first parent (all of them for the first commit). */
  private async filesOfCommit(git: Git, commit: string, parent: string | undefined): Promise<string[]> {
    const args = parent
      ? ['diff', '--name-only', '-z', '--no-renames', parent, commit, '--', ...CONTENT]
      : ['ls-tree', '-r', '-z', '--name-only', commit, '--', ...CONTENT];
    return (await git.run(args)).stdout.toString('utf8').split('\0').filter(Boolean);
  }

  private async changesOfCommit(git: Git, commit: string, parent: string | undefined): Promise<string[]> {
    const paths = await this.filesOfCommit(git, commit, parent);
    const blobs = await this.blobs(
      git,
      paths.flatMap((path) => [...(parent ? [`${parent}:${path}`] : []), `${commit}:${path}`]),
    );
    return paths.map((path) => describeFileChange(path, parent ? blobs.get(`${parent}:${path}`) : undefined, blobs.get(`${commit}:${path}`)));
  }

  /**
   * Undoes a published change: a new commit that puts back what it changed, where nothing later changed the same
   * field, published only once the config it leaves passes the check. The author's saved changes stay on top.
   */
  undo(commit: unknown): Promise<PublishResult | LatestResult> {
    return this.exclusive(async () => {
      const settings = this.settings();
      const git = await this.git();
      await this.assertSteady(git, settings);
      if (typeof commit !== 'string' || !/^[0-9a-f]{40}$/.test(commit)) throw new PublishRefused('That is not a change from the history.');
      if (!(await this.identity(git)))
        throw new PublishRefused('Git does not know your name yet. Write it once, and your email, and try again.', { needsIdentity: true });
      const upstream = await this.fetch(git, settings);
      if (!(await git.succeeds(['merge-base', '--is-ancestor', commit, upstream]))) throw new PublishRefused('That change is not part of the published site.');
      const parent = await this.parentOf(git, commit);
      if (!parent) throw new PublishRefused('The first version of the site cannot be undone.');
      const live = await git.text(['rev-parse', upstream]);
      const paths = await this.filesOfCommit(git, commit, parent);
      const blobs = await this.blobs(
        git,
        paths.flatMap((path) => [`${commit}:${path}`, `${parent}:${path}`, `${live}:${path}`]),
      );
      const files = new Map<string, Buffer | undefined>();
      const later: string[] = [];
      for (const path of paths) {
        const [made, before, now] = [blobs.get(`${commit}:${path}`), blobs.get(`${parent}:${path}`), blobs.get(`${live}:${path}`)];
        const name = nameOfFile(path, parseJson(now ?? made ?? before));
        if (now !== undefined && made !== undefined && now.equals(made)) files.set(path, before);
        else if (
          path.endsWith('.json') &&
          [made, before, now].every((content) => content === undefined || parseJson(content) !== undefined) &&
          now !== undefined
        ) {
          const result = mergeJson(parseJson(made), parseJson(now), parseJson(before));
          if (result.conflicts.length > 0) later.push(...result.conflicts.map((conflict) => `${name}: ${fieldInWords(parseJson(now), conflict.path)}`));
          else files.set(path, Buffer.from(editJsonText(now.toString('utf8'), result.value)));
        } else later.push(`${name}: the whole file`);
      }
      if (later.length > 0)
        throw new PublishRefused(
          `This change cannot be undone by itself: later changes were made to the same ${later.length === 1 ? 'field' : 'fields'} (${later.join('; ')}). Change ${later.length === 1 ? 'it' : 'them'} back in the editor instead.`,
        );
      const subject = (await git.text(['log', '-1', '--format=%s', commit])).slice(0, 200);
      const undoCommit = await this.commit(git, live, files, `Undo: ${subject}\n\nThis undoes ${commit}.\n`);
      const problems = await this.validateCommit(git, undoCommit);
      if (problems.length > 0) return { status: 'invalid', problems };
      const { branch, link } = await this.push(git, settings, undoCommit, `undo ${subject}`);
      if (settings.mode === 'live') {
        await git.run(['update-ref', `refs/remotes/${REMOTE}/${settings.branch}`, undoCommit]);
        const latest = await this.integrate(git, `refs/remotes/${REMOTE}/${settings.branch}`, {});
        if (latest.status === 'conflicts') return latest;
      }
      return { status: 'published', commit: undoCommit, message: `Undo: ${subject}`, branch, ...(link ? { link } : {}) };
    });
  }
}
