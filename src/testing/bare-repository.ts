import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A commit as git records it. */
export interface CommitRecord {
  readonly sha: string;
  readonly tree: string;
  readonly parents: readonly string[];
  readonly message: string;
  readonly author: { readonly name: string; readonly email: string; readonly date: string };
  readonly committer: { readonly name: string; readonly email: string; readonly date: string };
}

/** A full object id: what it names never changes. */
const OBJECT_ID = /^[0-9a-f]{40}$/;

/**
 * A bare git repository as the GitHub stand-in keeps it: git's own commands do every read and write, so what the
 * stand-in answers is what git holds, and a branch moves only by compare-and-swap (git update-ref with the old value).
 * What git said of objects named by their ids alone is kept (an object never changes), so a question asked again
 * costs no git process; anything a branch's name is in is asked of git every time.
 */
export class BareRepository {
  constructor(readonly path: string) {}

  /** Git's answers about objects named by their ids, by question and ids. */
  readonly #kept = new Map<string, unknown>();

  /**
   * `read()` asked once for `question` about `ids` where they are all full object ids, then answered as kept (a copy);
   * an answer of nothing is not kept, as an object the repository lacks may arrive later.
   */
  #once<T>(question: string, ids: readonly string[], read: () => T): T {
    if (!ids.every((id) => OBJECT_ID.test(id))) return read();
    const key = [question, ...ids].join('\0');
    if (!this.#kept.has(key)) {
      const answer = read();
      if (answer === undefined || answer === false) return answer;
      this.#kept.set(key, answer);
    }
    return structuredClone(this.#kept.get(key)) as T;
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
    try {
      return this.#text(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`]);
    } catch {
      return undefined;
    }
  }

  /** The branches whose names start with `prefix`, with the commit each points to. */
  branchesStartingWith(prefix: string): { name: string; sha: string }[] {
    return this.#text(['for-each-ref', '--format=%(refname:lstrip=2) %(objectname)', 'refs/heads/'])
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name, sha] = line.split(' ');
        return { name: name!, sha: sha! };
      })
      .filter((branch) => branch.name.startsWith(prefix));
  }

  /**
   * A commit id, from a commit id or a branch name; undefined when neither. A full id the repository holds names that
   * commit before any branch, as git reads it (git ignores a branch named with 40 hex digits).
   */
  commitOf(name: string): string | undefined {
    return OBJECT_ID.test(name) && this.#holdsCommit(name) ? name : this.head(name);
  }

  /** Whether the repository holds `id` as a commit. */
  #holdsCommit(id: string): boolean {
    return this.#once('holds commit', [id], () => {
      try {
        this.#git(['cat-file', '-e', `${id}^{commit}`]);
        return true;
      } catch {
        return false;
      }
    });
  }

  /** Every entry of a commit's tree: path, mode and type as git records them (a link, a submodule), id and size. */
  files(commit: string): { path: string; mode: string; type: string; sha: string; size: number }[] {
    return this.#once('files', [commit], () =>
      this.#text(['ls-tree', '-r', '--long', '-z', commit])
        .split('\0')
        .filter(Boolean)
        .map((line) => {
          const [meta, path] = line.split('\t') as [string, string];
          const [mode, type, sha, size] = meta.split(/\s+/) as [string, string, string, string];
          return { path, mode, type, sha, size: Number(size) };
        }),
    );
  }

  /** The entries of a folder ("<commit>:<path>"), one level: name, mode, type and id; undefined for no such folder. */
  folder(expression: string): { name: string; mode: string; type: string; sha: string }[] | undefined {
    const [commit = '', ...path] = expression.split(':');
    return this.#once(`folder ${path.join(':')}`, [commit], () => {
      let kind = '';
      try {
        kind = this.#text(['cat-file', '-t', expression]);
      } catch {
        return undefined;
      }
      return kind === 'tree' ? this.entriesOf(expression) : undefined;
    });
  }

  /** The entries of a tree, one level: name, mode, type and id. */
  entriesOf(tree: string): { name: string; mode: string; type: string; sha: string }[] {
    return this.#once('entries', [tree], () =>
      this.#text(['ls-tree', '-z', tree])
        .split('\0')
        .filter(Boolean)
        .map((line) => {
          const [meta, name] = line.split('\t') as [string, string];
          const [mode, type, sha] = meta.split(/\s+/) as [string, string, string];
          return { name, mode, type, sha };
        }),
    );
  }

  /** Blobs' bytes, by their ids. */
  readonly #blobBytes = new Map<string, Buffer>();

  /**
   * Many blobs' bytes at once (one git process for those not read before, as GitHub answers many in one request):
   * undefined for no such blob.
   */
  blobs(shas: readonly string[]): (Buffer | undefined)[] {
    const unread = [...new Set(shas.filter((sha) => OBJECT_ID.test(sha) && !this.#blobBytes.has(sha)))];
    if (unread.length > 0) {
      const out = this.#git(['cat-file', '--batch'], { input: `${unread.join('\n')}\n` });
      let at = 0;
      for (const sha of unread) {
        const end = out.indexOf(10, at);
        const header = /^[0-9a-f]{40} (\w+) (\d+)$/.exec(out.subarray(at, end).toString('utf8'));
        at = end + 1;
        // "<id> missing" has nothing after it; any other object, its bytes and a line end.
        if (!header) continue;
        const size = Number(header[2]);
        if (header[1] === 'blob') this.#blobBytes.set(sha, Buffer.from(out.subarray(at, at + size)));
        at += size + 1;
      }
    }
    return shas.map((sha) => {
      const bytes = this.#blobBytes.get(sha);
      return bytes && Buffer.from(bytes);
    });
  }

  /** A blob's bytes, or undefined when there is no such blob. */
  blob(sha: string): Buffer | undefined {
    return this.blobs([sha])[0];
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
  mergeBase(a: string, b: string): string {
    return this.#once('merge-base', [a, b], () => this.#text(['merge-base', a, b]));
  }

  /**
   * The files changed from one commit to another, with git's status letter (A, M, D, R), as GitHub compares them: a
   * file moved with its bytes (R) is one entry under its new name, with the name it had.
   */
  changedFiles(from: string, to: string): { path: string; status: string; previous?: string }[] {
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
  commitRecord(commit: string): CommitRecord {
    return this.#once('record', [commit], () => this.#records(['-n', '1', commit])[0]!);
  }

  /** Commits as git records them, by their ids, in the order given (the same one twice, too), read at once. */
  commitRecords(shas: readonly string[]): CommitRecord[] {
    return this.#once('records', shas, () => {
      const found = new Map(
        this.#records(['--no-walk=unsorted', ...new Set(shas)]).map((record) => [record.sha, record]),
      );
      return shas.map((sha) => found.get(sha)!);
    });
  }

  /** The commits of `to` that `from` does not have, oldest first (git's from..to). */
  commitsBetween(from: string, to: string): CommitRecord[] {
    return this.#once('between', [from, to], () => this.#records(['--reverse', `${from}..${to}`]));
  }

  /** How many commits `to` has that `from` does not. */
  countBetween(from: string, to: string): number {
    return this.#once('count', [from, to], () => Number(this.#text(['rev-list', '--count', `${from}..${to}`])));
  }

  #records(args: string[]): CommitRecord[] {
    const format = ['%H', '%T', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%x00') + '%x1e';
    // GitHub gives times in UTC, to the second.
    const utc = (date: string) => new Date(date).toISOString().replace(/\.\d+Z$/, 'Z');
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
          author: { name: name!, email: email!, date: utc(date!) },
          committer: { name: committer!, email: committerEmail!, date: utc(committed!) },
        };
      });
  }

  /** A tree made of `base` with these files set to blobs (null: removed); its id. */
  /** Stores bytes as a blob, as GitHub's "create a blob" does: its id. */
  writeBlob(bytes: Buffer): string {
    return this.#text(['hash-object', '-w', '--stdin'], { input: bytes });
  }

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
  fastForward(branch: string, to: string): boolean {
    const head = this.head(branch);
    if (!head) return false;
    try {
      this.#git(['merge-base', '--is-ancestor', head, to]);
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
  log(from: string, count: number, path?: string): CommitRecord[] {
    return this.#records(['-n', String(count), from, ...(path ? ['--', path] : [])]);
  }
}
