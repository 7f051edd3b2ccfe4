/**
 * The repository port (model/repository.ts) over GitHub's API, from the browser: what publishing asks of the place
 * the site is kept, for the editor at /admin/. A commit is GraphQL's createCommitOnBranch, made only on the head it
 * was asked for (GitHub refuses it otherwise); a review is a pull request. Files' bytes are read once by their id,
 * which names the same bytes for good. No Node API.
 */
import type { GitHubApi } from './github-api.ts';
import { GitHubRefusal } from './github-http.ts';
import {
  gitBlobId,
  isObjectId,
  type CommitOutcome,
  type CommitRequest,
  type Repository,
  type RepositoryCommit,
} from '../model/repository.ts';
import { isCheckedPublicFile } from '../model/branch-site.ts';

/** The most commits GitHub lists in one answer. */
const HISTORY_PAGE = 100;

/** Files read as texts, many to a request: config files and schemas, and the drawings the checker reads whole. */
const isReadAsText = (path: string) => path.endsWith('.json') || isCheckedPublicFile(path);

export class GitHubRepository implements Repository {
  /** Bytes read so far, by their id. */
  readonly #bytes = new Map<string, Promise<Uint8Array>>();
  /** Each commit's files, listed once: a commit never changes. */
  readonly #listed = new Map<string, Promise<ReadonlyMap<string, string>>>();
  /** The texts of a folder read beside a commit's listing (readsAhead), by commit, until they are in #aheadTexts. */
  readonly #readAhead = new Map<string, Promise<void>>();
  /** Texts read ahead, by their id: bytes only once asked for and found to be the file's (#bytesFrom). */
  readonly #aheadTexts = new Map<string, string>();

  constructor(
    readonly api: GitHubApi,
    readonly known: {
      /** Texts the session already read, by their id, so a file read to open it is not asked again. */
      readonly text?: (blob: string) => string | undefined;
      /** The files of a commit the session already listed (the site it shows), so they are not asked again. */
      readonly files?: (commit: string) => ReadonlyMap<string, string> | undefined;
      /**
       * A folder whose texts, `depth` levels down, are asked in one request that names it alone, beside each commit's
       * listing: the site's config, read whole when the editor opens (a phone waits for each round trip).
       */
      readonly readsAhead?: { readonly folder: string; readonly depth: number };
    } = {},
  ) {}

  /** A file's text read ahead or already held by the session, by its id. */
  #textOf(blob: string): string | undefined {
    return this.#aheadTexts.get(blob) ?? this.known.text?.(blob);
  }

  head(branch: string): Promise<string | undefined> {
    return this.api.head(branch);
  }

  branches(prefix: string): Promise<ReadonlyMap<string, string>> {
    return this.api.heads(prefix);
  }

  files(commit: string): Promise<ReadonlyMap<string, string>> {
    const known = this.known.files?.(commit);
    if (known) return Promise.resolve(known);
    // A branch's name may name other files tomorrow; a commit's id names the same files for good.
    if (!isObjectId(commit)) return this.api.files(commit);
    if (!this.#listed.has(commit)) {
      const listing = this.api.files(commit);
      this.#listed.set(commit, listing);
      listing.catch(() => this.#listed.delete(commit));
      this.#readAheadOf(commit, listing);
    }
    return this.#listed.get(commit)!;
  }

  /** The texts of the folder read ahead at `commit`, beside its listing, kept by the ids the listing gives. */
  #readAheadOf(commit: string, listing: Promise<ReadonlyMap<string, string>>): void {
    const ahead = this.known.readsAhead;
    if (!ahead) return;
    const texts = this.api
      .readFolderTexts(commit, ahead.folder, ahead.depth)
      .catch(() => new Map<string, { text: string | null }>());
    const kept = Promise.all([listing, texts]).then(([files, found]) => {
      for (const [path, { text }] of found) {
        const blob = files.get(path);
        if (typeof text === 'string' && blob !== undefined) this.#aheadTexts.set(blob, text);
      }
    });
    // A listing that failed is met by whoever asked for it.
    this.#readAhead.set(
      commit,
      kept.catch(() => undefined),
    );
  }

  async oddFiles(commit: string) {
    // Listed with the commit's files, in the same request.
    await this.files(commit);
    return this.api.oddFiles(commit);
  }

  async read(commit: string, paths: readonly string[]): Promise<Map<string, Uint8Array | undefined>> {
    const files = paths.length > 0 ? await this.files(commit) : new Map<string, string>();
    await this.#readAhead.get(commit);
    const unread = [...new Set(paths.map((path) => files.get(path)))].filter(
      (blob): blob is string => blob !== undefined && !this.#bytes.has(blob) && this.#textOf(blob) === undefined,
    );
    // Many texts at once come in one request a hundred (config files, drawings); anything else by its id, as bytes: a
    // picture read as text would not be the same bytes.
    const asText = new Set(paths.filter(isReadAsText).map((path) => files.get(path)));
    const batched = unread.filter((blob) => asText.has(blob) && (this.api.sizeOf(blob) ?? Infinity) < 1_000_000);
    // A batch that failed fails the read: asking each of its files on its own instead would spend GitHub's hourly
    // allowance on a big site.
    const texts = batched.length > 1 ? await this.api.readTexts(batched) : new Map<string, string>();
    for (const blob of unread) this.#bytes.set(blob, this.#bytesFrom(blob, texts.get(blob)));
    return new Map(await Promise.all(paths.map(async (path) => [path, await this.#bytesOf(files.get(path))] as const)));
  }

  /**
   * A file's bytes, from its text where one is at hand: the text's own when git's id of them is the file's, and
   * otherwise the file read as bytes (not UTF-8, a byte order mark the text left out, a text re-encoded), so nothing
   * is ever sent or checked as a file's bytes but the file's.
   */
  async #bytesFrom(blob: string, text: string | undefined): Promise<Uint8Array> {
    const encoded = text === undefined ? undefined : new TextEncoder().encode(text);
    return encoded && (await gitBlobId(encoded)) === blob ? encoded : this.api.readFile(blob);
  }

  #bytesOf(blob: string | undefined): Promise<Uint8Array | undefined> {
    if (blob === undefined) return Promise.resolve(undefined);
    if (!this.#bytes.has(blob)) this.#bytes.set(blob, this.#bytesFrom(blob, this.#textOf(blob)));
    return this.#bytes.get(blob)!;
  }

  async changed(from: string, to: string): Promise<string[]> {
    // GitHub's compare lists the files changed from where the two met: from `from` itself, when `to` holds it, and
    // only while the list is whole; otherwise the two trees are compared here.
    const compared = await this.api.compare(from, to);
    if (compared.mergeBase === from && compared.complete) return compared.files;
    const [before, after, oddBefore, oddAfter] = await Promise.all([
      this.files(from),
      this.files(to),
      this.oddFiles(from),
      this.oddFiles(to),
    ]);
    const paths = new Set([...before.keys(), ...after.keys(), ...oddBefore.keys(), ...oddAfter.keys()]);
    return [...paths].filter(
      (path) => before.get(path) !== after.get(path) || oddBefore.get(path) !== oddAfter.get(path),
    );
  }

  async contains(later: string, commit: string): Promise<boolean> {
    if (later === commit) return true;
    try {
      return (await this.api.compare(commit, later)).mergeBase === commit;
    } catch (refusal) {
      // GitHub knows no such commit.
      if (refusal instanceof GitHubRefusal && refusal.kind === 'not-found') return false;
      throw refusal;
    }
  }

  async history(branch: string, count: number, path?: string): Promise<RepositoryCommit[]> {
    if (path) return this.api.history(branch, count, path);
    // GitHub lists the commits of every parent, newest first: the published line is read from them, each commit's
    // first parent after it, and read on from the first parent a page ends before.
    const line: RepositoryCommit[] = [];
    let next: string | undefined = branch;
    while (next !== undefined && line.length < count) {
      const page = await this.api.history(next, Math.min(count - line.length, HISTORY_PAGE));
      const listed = new Map(page.map((commit) => [commit.oid, commit]));
      let commit = page[0];
      next = undefined;
      while (commit && line.length < count) {
        line.push(commit);
        next = commit.parents[0];
        commit = next === undefined ? undefined : listed.get(next);
      }
    }
    return line;
  }

  commitsSince(head: string, since: string, limit: number): Promise<RepositoryCommit[]> {
    return this.api.commitsSince(since, head, limit);
  }

  async commit(input: CommitRequest): Promise<CommitOutcome> {
    if (input.create)
      // A try again of the same publish finds the branch its earlier try made, still where it was made.
      await this.api.createBranch(input.branch, input.expectedHead).catch(async (refusal: unknown) => {
        if ((await this.api.head(input.branch)) !== input.expectedHead) throw refusal;
      });
    const [headline, ...rest] = input.message.split('\n');
    const body = rest.join('\n').trim();
    try {
      const commit = await this.api.commit({
        branch: input.branch,
        expectedHead: input.expectedHead,
        headline: headline!.trim(),
        ...(body ? { body } : {}),
        changes: [...input.changes].map(([path, bytes]) => ({ path, bytes })),
      });
      return { commit };
    } catch (refusal) {
      if (refusal instanceof GitHubRefusal && (refusal.kind === 'moved' || refusal.kind === 'protected'))
        return refusal.kind;
      throw refusal;
    }
  }

  async review(branch: string, into: string, title: string, body: string): Promise<string | undefined> {
    return (await this.api.pullRequestFrom(branch)) ?? this.api.openPullRequest({ from: branch, into, title, body });
  }
}
