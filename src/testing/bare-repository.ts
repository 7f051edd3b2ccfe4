import { execFileSync, spawn, type ChildProcessByStdio } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import type { Readable, Writable } from 'node:stream';

/** A commit as git records it. */
export interface CommitRecord {
  readonly sha: string;
  readonly tree: string;
  readonly parents: readonly string[];
  readonly message: string;
  readonly author: { readonly name: string; readonly email: string; readonly date: string };
  readonly committer: { readonly name: string; readonly email: string; readonly date: string };
}

/** An entry of a tree, as git ls-tree gives it: its name, mode (six digits), type and id. */
export interface TreeEntry {
  readonly name: string;
  readonly mode: string;
  readonly type: string;
  readonly sha: string;
}

/** A full object id: what it names never changes. */
const OBJECT_ID = /^[0-9a-f]{40}$/;

/**
 * A bare git repository as the GitHub stand-in keeps it: git does every write, and a branch moves only by
 * compare-and-swap (git update-ref with the old value). Objects are read through one long-lived git cat-file
 * (ObjectReader), and branches from git's ref files, so most questions cost no new git process. What git said of
 * objects named by their ids alone is kept (an object never changes); anything a branch's name is in is read afresh
 * every time, as a teammate may push to the repository with git at any moment. close() ends the reader's process.
 */
export class BareRepository {
  constructor(readonly path: string) {
    this.#objects = new ObjectReader(path);
  }

  readonly #objects: ObjectReader;

  /** Git's answers about objects named by their ids, by question and ids. */
  readonly #kept = new Map<string, unknown>();

  /**
   * `read()` asked once for `question` about `ids` where they are all full object ids, then answered as kept (a copy);
   * an answer of nothing is not kept, as an object the repository lacks may arrive later.
   */
  async #once<T>(question: string, ids: readonly string[], read: () => T | Promise<T>): Promise<T> {
    if (!ids.every((id) => OBJECT_ID.test(id))) return read();
    const key = [question, ...ids].join('\0');
    if (!this.#kept.has(key)) {
      const answer = await read();
      if (answer === undefined || answer === false) return answer;
      this.#kept.set(key, answer);
    }
    return structuredClone(this.#kept.get(key)) as T;
  }

  /** Ends the process that reads objects; the repository reads nothing after. */
  close(): Promise<void> {
    return this.#objects.close();
  }

  #git(args: string[], options: { input?: Buffer | string; env?: Record<string, string> } = {}): Buffer {
    return execFileSync('git', ['--git-dir', this.path, ...args], {
      input: options.input,
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      maxBuffer: 256 * 1024 * 1024,
    });
  }

  #text(args: string[], options?: { input?: Buffer | string; env?: Record<string, string> }): string {
    return this.#git(args, options).toString('utf8').trim();
  }

  /** The commit a branch points to, or undefined. */
  head(branch: string): string | undefined {
    return this.#branches().get(branch);
  }

  /** The branches whose names start with `prefix`, with the commit each points to, in git's order of their names. */
  branchesStartingWith(prefix: string): { name: string; sha: string }[] {
    return [...this.#branches()]
      .filter(([name]) => name.startsWith(prefix))
      .sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
      .map(([name, sha]) => ({ name, sha }));
  }

  /**
   * Every branch and its commit, read from git's files with no process: the loose refs, then packed-refs for those
   * not loose (in that order, so a ref git packs meanwhile is found in one or the other). Anything else there (a
   * symbolic ref), and branches kept where refs/heads is no plain folder (reftable, a linked git folder), is left to
   * git's for-each-ref.
   */
  #branches(): Map<string, string> {
    const heads = join(this.path, 'refs', 'heads');
    if (!lstatSync(heads, { throwIfNoEntry: false })?.isDirectory()) return this.#branchesByGit();
    const branches = new Map<string, string>();
    let plain = true;
    const readLoose = (folder: string, prefix: string) => {
      for (const entry of entriesIn(folder)) {
        const name = `${prefix}${entry.name}`;
        if (entry.isDirectory()) readLoose(join(folder, entry.name), `${name}/`);
        else if (entry.name.endsWith('.lock')) continue;
        else {
          const sha = textIn(join(folder, entry.name))?.trim();
          if (sha === undefined) continue;
          if (entry.isFile() && OBJECT_ID.test(sha)) branches.set(name, sha);
          else plain = false;
        }
      }
    };
    readLoose(heads, '');
    if (!plain) return this.#branchesByGit();
    for (const line of (textIn(join(this.path, 'packed-refs')) ?? '').split('\n')) {
      const [sha = '', ref = ''] = line.split(' ');
      const name = ref.slice('refs/heads/'.length);
      if (OBJECT_ID.test(sha) && ref.startsWith('refs/heads/') && !branches.has(name)) branches.set(name, sha);
    }
    return branches;
  }

  #branchesByGit(): Map<string, string> {
    return new Map(
      this.#text(['for-each-ref', '--format=%(refname:lstrip=2) %(objectname)', 'refs/heads/'])
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ') as [string, string]),
    );
  }

  /**
   * A commit id, from a commit id or a branch name; undefined when neither. A full id the repository holds names that
   * commit before any branch, as git reads it (git ignores a branch named with 40 hex digits).
   */
  async commitOf(name: string): Promise<string | undefined> {
    return OBJECT_ID.test(name) && (await this.#holdsCommit(name)) ? name : this.head(name);
  }

  /** Whether the repository holds `id` as a commit: a tag's id names none, as GitHub reads it (404, not the commit). */
  #holdsCommit(id: string): Promise<boolean> {
    return this.#once('holds commit', [id], async () => (await this.#objects.info(id))?.type === 'commit');
  }

  /** Every entry of a commit's tree: path, mode and type as git records them (a link, a submodule), id, a blob's size. */
  files(commit: string): Promise<{ path: string; mode: string; type: string; sha: string; size?: number }[]> {
    return this.#once('files', [commit], async () => {
      // Depth first, each tree's entries in its order, as git ls-tree -r lists them.
      const within = async (
        tree: string,
        folder: string,
      ): Promise<{ path: string; mode: string; type: string; sha: string; size?: number }[]> => {
        const entries = await this.entriesOf(tree);
        const listed = await Promise.all(
          entries.map(async ({ name, ...entry }) => {
            const path = `${folder}${name}`;
            if (entry.type === 'tree') return within(entry.sha, `${path}/`);
            if (entry.type !== 'blob') return [{ path, ...entry }];
            return [{ path, ...entry, size: (await this.#objects.info(entry.sha))!.size }];
          }),
        );
        return listed.flat();
      };
      return within((await this.commitRecord(commit)).tree, '');
    });
  }

  /** The entries of a folder ("<commit>:<path>"), one level; undefined for no such folder. */
  folder(expression: string): Promise<TreeEntry[] | undefined> {
    const [commit = '', ...path] = expression.split(':');
    return this.#once(`folder ${path.join(':')}`, [commit], async () => {
      // A branch's name is read here, not by the reader's git, which may keep what it read of refs.
      const at = OBJECT_ID.test(commit) ? commit : this.head(commit);
      const found = at ? await this.#objects.contents(`${at}:${path.join(':')}`) : undefined;
      return found?.type === 'tree' ? treeEntries(found.bytes) : undefined;
    });
  }

  /** The entries of a tree, one level. */
  entriesOf(tree: string): Promise<TreeEntry[]> {
    return this.#once('entries', [tree], async () => {
      const found = await this.#objects.contents(tree);
      if (found?.type !== 'tree') throw new Error(`No tree ${tree} in the repository.`);
      return treeEntries(found.bytes);
    });
  }

  /** Blobs' bytes, by their ids. */
  readonly #blobBytes = new Map<string, Buffer>();

  /** Many blobs' bytes at once, as GitHub answers many in one request: undefined for no such blob. */
  async blobs(shas: readonly string[]): Promise<(Buffer | undefined)[]> {
    const unread = [...new Set(shas.filter((sha) => OBJECT_ID.test(sha) && !this.#blobBytes.has(sha)))];
    await Promise.all(
      unread.map(async (sha) => {
        const found = await this.#objects.contents(sha);
        if (found?.type === 'blob') this.#blobBytes.set(sha, found.bytes);
      }),
    );
    return shas.map((sha) => {
      const bytes = this.#blobBytes.get(sha);
      return bytes && Buffer.from(bytes);
    });
  }

  /** A blob's bytes, or undefined when there is no such blob. */
  async blob(sha: string): Promise<Buffer | undefined> {
    return (await this.blobs([sha]))[0];
  }

  /**
   * A commit of these changes over `expectedHead`, which the branch then points to, if it still points to
   * `expectedHead`: 'moved' otherwise, with nothing changed.
   */
  commit(input: {
    branch: string;
    expectedHead: string;
    message: string;
    author: { name: string; email: string };
    additions: readonly { path: string; bytes: Buffer }[];
    deletions: readonly string[];
  }): { oid: string } | 'moved' {
    if (this.head(input.branch) !== input.expectedHead) return 'moved';
    const scratch = mkdtempSync(join(tmpdir(), 'stand-in-index-'));
    try {
      const env = {
        GIT_INDEX_FILE: join(scratch, 'index'),
        GIT_AUTHOR_NAME: input.author.name,
        GIT_AUTHOR_EMAIL: input.author.email,
        GIT_COMMITTER_NAME: 'GitHub',
        GIT_COMMITTER_EMAIL: 'noreply@github.com',
      };
      this.#git(['read-tree', input.expectedHead], { env });
      for (const file of input.additions) {
        const blob = this.#text(['hash-object', '-w', '--stdin'], { input: file.bytes });
        this.#git(['update-index', '--add', '--cacheinfo', `100644,${blob},${file.path}`], { env });
      }
      // Mode 0 takes a path out of the index (git update-index --index-info), which a bare repository allows.
      if (input.deletions.length > 0)
        this.#git(['update-index', '--index-info'], {
          env,
          input: input.deletions.map((path) => `0 ${'0'.repeat(40)}\t${path}\n`).join(''),
        });
      const tree = this.#text(['write-tree'], { env });
      const oid = this.#text(['commit-tree', tree, '-p', input.expectedHead, '-F', '-'], {
        env,
        input: input.message,
      });
      try {
        this.#git(['update-ref', `refs/heads/${input.branch}`, oid, input.expectedHead]);
      } catch {
        return 'moved';
      }
      return { oid };
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  /** The newest commit two commits share. */
  mergeBase(a: string, b: string): Promise<string> {
    return this.#once('merge-base', [a, b], async () =>
      (await this.#reaches(b, a)) ? a : (await this.#reaches(a, b)) ? b : this.#text(['merge-base', a, b]),
    );
  }

  /**
   * Whether `ancestor` is `commit` or one of the fifty commits nearest it in its history, read by their parents: false
   * says only that it is not that near, for git to answer.
   */
  async #reaches(commit: string, ancestor: string): Promise<boolean> {
    const seen = new Set<string>();
    for (const waiting = [commit]; waiting.length > 0 && seen.size < 50;) {
      const at = waiting.shift()!;
      if (at === ancestor) return true;
      if (seen.has(at) || !OBJECT_ID.test(at)) continue;
      seen.add(at);
      waiting.push(...((await this.commitRecord(at).catch(() => undefined))?.parents ?? []));
    }
    return false;
  }

  /**
   * The commits from `to` back to `from`, newest first, when each of them has one parent and `from` is reached within
   * fifty: `from` is then an ancestor of `to`, and these are git's from..to, in git's order. Undefined otherwise (a
   * merge on the way, or further back), for git to answer.
   */
  async #lineFrom(from: string, to: string): Promise<CommitRecord[] | undefined> {
    const line: CommitRecord[] = [];
    for (let at = to; at !== from;) {
      const commit =
        line.length < 50 && OBJECT_ID.test(at) ? await this.commitRecord(at).catch(() => undefined) : undefined;
      if (commit?.parents.length !== 1) return undefined;
      line.push(commit);
      at = commit.parents[0]!;
    }
    return line;
  }

  /**
   * The files changed from one commit to another, with git's status letter (A, M, D, R), as GitHub compares them: a
   * file moved with its bytes (R) is one entry under its new name, with the name it had.
   */
  changedFiles(from: string, to: string): Promise<{ path: string; status: string; previous?: string }[]> {
    if (from === to) return Promise.resolve([]);
    return this.#once('changed', [from, to], () => {
      const fields = this.#text(['diff', '--name-status', '--find-renames=100%', '-z', from, to])
        .split('\0')
        .filter(Boolean);
      const changed: { path: string; status: string; previous?: string }[] = [];
      for (let at = 0; at + 1 < fields.length; at += 2) {
        const status = fields[at]!;
        if (!status.startsWith('R')) changed.push({ status, path: fields[at + 1]! });
        else changed.push({ status: 'R', previous: fields[at + 1]!, path: fields[(at += 1) + 1]! });
      }
      return changed;
    });
  }

  /** A commit as git records it: its tree, parents, message, and who wrote and committed it when. */
  commitRecord(commit: string): Promise<CommitRecord> {
    return this.#once('record', [commit], async () => {
      const found = await this.#objects.contents(commit);
      if (found?.type !== 'commit') throw new Error(`No commit ${commit} in the repository.`);
      return commitRecordOf(commit, found.bytes);
    });
  }

  /** Commits as git records them, by their ids, in the order given (the same one twice, too). */
  commitRecords(shas: readonly string[]): Promise<CommitRecord[]> {
    return Promise.all(shas.map((sha) => this.commitRecord(sha)));
  }

  /** The commits of `to` that `from` does not have, oldest first (git's from..to). */
  commitsBetween(from: string, to: string): Promise<CommitRecord[]> {
    return this.#once(
      'between',
      [from, to],
      async () => (await this.#lineFrom(from, to))?.reverse() ?? this.#records(['--reverse', `${from}..${to}`]),
    );
  }

  /** How many commits `to` has that `from` does not. */
  countBetween(from: string, to: string): Promise<number> {
    return this.#once(
      'count',
      [from, to],
      async () =>
        (await this.#lineFrom(from, to))?.length ?? Number(this.#text(['rev-list', '--count', `${from}..${to}`])),
    );
  }

  #records(args: string[]): CommitRecord[] {
    const format = ['%H', '%T', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%x00') + '%x1e';
    return this.#text(['log', `--format=${format}`, ...args])
      .split('\x1e')
      .map((record) => record.trim())
      .filter(Boolean)
      .map((record) => {
        const [sha, tree, parents, name, email, date, committer, committerEmail, committed, message] = record.split(
          '\0',
        ) as string[];
        return {
          sha: sha!,
          tree: tree!,
          parents: parents ? parents.split(' ') : [],
          message: message!.trim(),
          author: { name: name!, email: email!, date: utc(new Date(date!)) },
          committer: { name: committer!, email: committerEmail!, date: utc(new Date(committed!)) },
        };
      });
  }

  /** Stores bytes as a blob, as GitHub's "create a blob" does: its id. */
  writeBlob(bytes: Buffer): string {
    return this.#text(['hash-object', '-w', '--stdin'], { input: bytes });
  }

  /** A tree made of `base` with these files set to blobs (null: removed); its id. */
  makeTree(base: string, files: readonly { path: string; blob: string | null }[]): string {
    const scratch = mkdtempSync(join(tmpdir(), 'stand-in-index-'));
    try {
      const env = { GIT_INDEX_FILE: join(scratch, 'index') };
      this.#git(['read-tree', base], { env });
      this.#git(['update-index', '--index-info'], {
        env,
        input: files
          .map((file) =>
            file.blob === null ? `0 ${'0'.repeat(40)}\t${file.path}\n` : `100644 ${file.blob}\t${file.path}\n`,
          )
          .join(''),
      });
      return this.#text(['write-tree'], { env });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  /** A commit of a tree with these parents (no branch moves); its id. */
  makeCommit(
    tree: string,
    parents: readonly string[],
    message: string,
    author: { name: string; email: string },
  ): string {
    return this.#text(['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent]), '-F', '-'], {
      input: message,
      env: {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_COMMITTER_NAME: 'GitHub',
        GIT_COMMITTER_EMAIL: 'noreply@github.com',
      },
    });
  }

  /** Moves a branch forward to a commit that has its head in its history; false when that is not so, or it moved. */
  async fastForward(branch: string, to: string): Promise<boolean> {
    const head = this.head(branch);
    if (!head) return false;
    try {
      if (!(await this.#reaches(to, head))) this.#git(['merge-base', '--is-ancestor', head, to]);
      this.#git(['update-ref', `refs/heads/${branch}`, to, head]);
      return true;
    } catch {
      return false;
    }
  }

  /** A new branch at a commit; false when the branch exists. */
  createBranch(branch: string, at: string): boolean {
    try {
      this.#git(['update-ref', `refs/heads/${branch}`, at, '0'.repeat(40)]);
      return true;
    } catch {
      return false;
    }
  }

  /** The newest commits from a commit or branch (that changed `path`, when given), newest first. */
  log(from: string, count: number, path?: string): Promise<CommitRecord[]> {
    return this.#once(`log ${count} ${path ?? ''}`, [from], () =>
      this.#records(['-n', String(count), from, ...(path ? ['--', path] : [])]),
    );
  }
}

/** GitHub gives times in UTC, to the second. */
const utc = (date: Date) => date.toISOString().replace(/\.\d+Z$/, 'Z');

/** A folder's entries (none when it is gone, as git removes a folder of refs it emptied). */
function entriesIn(folder: string) {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** A file's text, or undefined when it is gone (a ref deleted or packed meanwhile). */
function textIn(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * A tree's entries from its object's bytes ("<mode> <name>\0" and the id's 20 bytes, each), as git ls-tree gives them:
 * the mode as git reads it (a file 100644 or 100755), in six digits, and the type it stands for.
 */
function treeEntries(bytes: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (let at = 0; at < bytes.length;) {
    const space = bytes.indexOf(32, at);
    const end = bytes.indexOf(0, space);
    const stored = parseInt(bytes.toString('latin1', at, space), 8);
    const kind = stored & 0o170000;
    const regular = kind === 0o100000;
    const mode = regular
      ? stored & 0o100
        ? 0o100755
        : 0o100644
      : kind === 0o40000 || kind === 0o120000
        ? kind
        : 0o160000;
    entries.push({
      name: bytes.toString('utf8', space + 1, end),
      mode: mode.toString(8).padStart(6, '0'),
      type: mode === 0o40000 ? 'tree' : mode === 0o160000 ? 'commit' : 'blob',
      sha: bytes.toString('hex', end + 1, end + 21),
    });
    at = end + 21;
  }
  return entries;
}

/** A commit from its object's bytes: the headers git writes (tree, parents, author, committer), then its message. */
function commitRecordOf(sha: string, bytes: Buffer): CommitRecord {
  const text = bytes.toString('utf8');
  const split = text.indexOf('\n\n');
  const headers = (split === -1 ? text : text.slice(0, split)).split('\n');
  const values = (name: string) =>
    headers.filter((line) => line.startsWith(`${name} `)).map((line) => line.slice(name.length + 1));
  // "Name <email> 1700000000 +0100", read as git reads it: the name up to the "<", the time after the last ">".
  const person = (line = '') => {
    const open = line.indexOf('<');
    const close = line.indexOf('>', open);
    const seconds = Number(
      line
        .slice(line.lastIndexOf('>') + 1)
        .trim()
        .split(' ')[0],
    );
    return {
      name: line.slice(0, open).trimEnd(),
      email: line.slice(open + 1, close),
      date: utc(new Date(seconds * 1000)),
    };
  };
  return {
    sha,
    tree: values('tree')[0]!,
    parents: values('parent'),
    message: split === -1 ? '' : text.slice(split + 2).trim(),
    author: person(values('author')[0]),
    committer: person(values('committer')[0]),
  };
}

/** An object as git cat-file gives it: its id, type and size, and its bytes when they were asked for. */
interface GitObject {
  readonly sha: string;
  readonly type: string;
  readonly size: number;
  readonly bytes: Buffer;
}

/**
 * A question to git cat-file, waiting for its answer: `unsent` when git had ended before it could read it, `again`
 * when asked a second time.
 */
interface Question {
  readonly name: string;
  readonly contents: boolean;
  readonly again?: boolean;
  unsent?: boolean;
  resolve(found: GitObject | undefined): void;
  reject(fault: Error): void;
}

/**
 * One git cat-file --batch-command for a repository's life, where a process for each question cost far more than
 * git's answer: each question a line, each answer in the order asked. Its process holds the test's process open only
 * while a question waits, and ends when close() is called or the test's process ends (its input then closes).
 */
class ObjectReader {
  constructor(readonly gitDir: string) {}

  #process: ChildProcessByStdio<Writable, Readable, null> | undefined;
  #waiting: Question[] = [];
  /** What git printed that no answer took yet, in the pieces it came in, and their length. */
  #unread: Buffer[] = [];
  #unreadLength = 0;
  /** The header of the answer coming in: where its line ends, the answer's whole length, and what it found. */
  #header: { end: number; length: number; found: Omit<GitObject, 'bytes'> | undefined } | undefined;
  #closed = false;

  /** An object's type and size, by any name git reads (an id, "<id>^{commit}", "<id>:<path>"); undefined for none. */
  info(name: string): Promise<Omit<GitObject, 'bytes'> | undefined> {
    return this.#ask(name, false);
  }

  /** An object's type, size and bytes; undefined for none. */
  contents(name: string): Promise<GitObject | undefined> {
    return this.#ask(name, true);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const running = this.#process;
    if (!running) return;
    const ended = new Promise((resolve) => running.once('close', resolve));
    running.stdin.end();
    await ended;
  }

  #ask(name: string, contents: boolean): Promise<GitObject | undefined> {
    if (this.#closed) return Promise.reject(new Error('The repository was closed.'));
    // A line is a question: a name across lines names nothing git could read. A path from where git stands (./, ../)
    // GitHub finds nothing at, and git in a bare repository dies on.
    const path = name.includes(':') ? name.slice(name.indexOf(':') + 1) : '';
    if (/[\0\r\n]/.test(name) || /^\.\.?\//.test(path)) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => this.#send({ name, contents, resolve, reject }));
  }

  #send(question: Question): void {
    const running = (this.#process ??= this.#start());
    this.#waiting.push(question);
    (running.stdout as Socket).ref();
    running.stdin.write(`${question.contents ? 'contents' : 'info'} ${question.name}\n`, (error) => {
      if (error) question.unsent = true;
    });
  }

  /** The pieces not taken yet, as one. */
  #joined(): Buffer {
    if (this.#unread.length > 1) this.#unread = [Buffer.concat(this.#unread)];
    return this.#unread[0] ?? Buffer.alloc(0);
  }

  #start(): ChildProcessByStdio<Writable, Readable, null> {
    const running = spawn('git', ['--git-dir', this.gitDir, 'cat-file', '--batch-command'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    running.unref();
    (running.stdout as Socket).unref();
    running.stdout.on('data', (chunk: Buffer) => this.#read(chunk));
    running.stdin.on('error', () => {});
    running.on('error', () => {});
    running.once('close', () => {
      // Questions it left unanswered fail, as git died on one of them; one sent after it ended is asked of another,
      // once. The next question starts another too, unless the repository was closed.
      const waiting = this.#waiting.splice(0);
      [this.#unread, this.#unreadLength, this.#header] = [[], 0, undefined];
      this.#process = undefined;
      for (const question of waiting)
        if (question.unsent && !question.again && !this.#closed)
          this.#send({ ...question, unsent: false, again: true });
        else question.reject(new Error('git cat-file ended.'));
    });
    return running;
  }

  /**
   * Answers the oldest questions whose answers have come in whole: "<id> <type> <size>", the bytes, a line end. The
   * pieces are joined only to read a header and once an answer is whole, so a large object is copied a few times, not
   * once for each piece.
   */
  #read(chunk: Buffer) {
    this.#unread.push(chunk);
    this.#unreadLength += chunk.length;
    while (this.#waiting.length > 0) {
      if (!this.#header) {
        const unread = this.#joined();
        const end = unread.indexOf(10);
        if (end === -1) return;
        // "<name> missing" (or "ambiguous") has nothing after it.
        const [, sha, type, size] = /^([0-9a-f]{40}) (\w+) (\d+)$/.exec(unread.toString('utf8', 0, end)) ?? [];
        const length = end + 1 + (size !== undefined && this.#waiting[0]!.contents ? Number(size) + 1 : 0);
        this.#header = { end, length, found: sha ? { sha, type: type!, size: Number(size) } : undefined };
      }
      const { end, length, found } = this.#header;
      if (this.#unreadLength < length) return;
      const unread = this.#joined();
      this.#unread = [unread.subarray(length)];
      this.#unreadLength -= length;
      this.#header = undefined;
      this.#waiting.shift()!.resolve(found && { ...found, bytes: Buffer.from(unread.subarray(end + 1, length - 1)) });
    }
    if (this.#waiting.length === 0) (this.#process?.stdout as Socket | undefined)?.unref();
  }
}
