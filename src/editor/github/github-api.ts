/**
 * The parts of GitHub's API the editor uses, from the browser: who is signed in, the repository, a branch's head, the
 * files of a commit, a file's bytes, one atomic commit of exactly the author's changes made against the version they
 * started from (GraphQL createCommitOnBranch with expectedHeadOid), a new branch, the history and a pull request.
 * Every refusal comes back as a GitHubRefusal that says in words what happened and what to do (github-http.ts, which
 * carries every request); many texts at once are read by github-texts.ts, what hosts said about a build by
 * github-reports.ts.
 */
import { fromBase64, toBase64 } from '../model/base64.ts';
import { GitHubHttp, GitHubRefusal, type GitHubSettings, type RestBody } from './github-http.ts';
import { buildReportsOf, type BuildReports } from './github-reports.ts';
import { readFolderTextsOf, readTextsOf } from './github-texts.ts';
import type { RepositoryCommit } from '../model/repository.ts';
import { refusalWords } from '../protocol/refusals.ts';

export interface CommitChange {
  readonly path: string;
  /** The file's new bytes; undefined removes the file. */
  readonly bytes?: Uint8Array;
}

/** The GraphQL mutation of one commit on a branch, made only if the branch is still at the commit expected. */
export const COMMIT_ON_BRANCH = `mutation ($input: CreateCommitOnBranchInput!) {
  createCommitOnBranch(input: $input) { commit { oid } }
}`;

/** An entry of a tree GitHub makes (POST …/git/trees), as its description has it. */
type TreeEntry = RestBody<'/repos/{owner}/{repo}/git/trees', 'POST'>['tree'][number];

/** What listings found so far: each file's size by the id of its bytes, and each commit's links and submodules. */
interface Listed {
  readonly sizes: Map<string, number>;
  readonly odd: Map<string, { path: string; kind: 'link' | 'submodule' }[]>;
}

/** How many changed files GitHub's comparison of two commits lists at most. */
const COMPARE_FILES_SHOWN = 300;

/** How many commits a page of GitHub's comparison of two commits is asked for. */
const COMMITS_PAGE = 100;

/** A commit as GitHub lists it (…/commits, …/compare), as the port has it. */
function repositoryCommit(found: {
  readonly sha: string;
  readonly parents: readonly { readonly sha: string }[];
  readonly commit: { readonly message: string; readonly author: { name?: string; date?: string } | null };
}): RepositoryCommit {
  // Git records every commit's author with a name and a date; GitHub's description allows an answer without.
  const author = found.commit.author!;
  return {
    oid: found.sha,
    parents: found.parents.map((parent) => parent.sha),
    message: found.commit.message,
    author: { name: author.name!, date: author.date! },
  };
}

export class GitHubApi {
  readonly #http: GitHubHttp;
  readonly #listed: Listed;

  constructor(
    settings: GitHubSettings | GitHubHttp,
    fetchImpl?: typeof fetch,
    listed: Listed = { sizes: new Map(), odd: new Map() },
  ) {
    this.#http = settings instanceof GitHubHttp ? settings : new GitHubHttp(settings, fetchImpl);
    this.#listed = listed;
  }

  /**
   * The same API for one action that writes: once `stopped` fires (the page stopped waiting for it), no request of it
   * starts and those under way end, so nothing of it lands after the page said what became of it (but a request
   * GitHub had already taken).
   */
  until(stopped: AbortSignal | undefined): GitHubApi {
    return stopped ? new GitHubApi(this.#http.until(stopped), undefined, this.#listed) : this;
  }

  /** What the hosts said about a commit's build (github-reports.ts). */
  buildReports(commit: string): Promise<BuildReports> {
    return buildReportsOf(this.#http, commit);
  }

  /** The signed-in account. */
  async viewer(): Promise<{ login: string; name: string }> {
    const user = await this.#http.rest('GET', '/user', {});
    return { login: user.login, name: user.name ?? user.login };
  }

  /** The repository's main branch, and whether this account may write to it. */
  async repository(): Promise<{ defaultBranch: string; canWrite: boolean }> {
    const found = await this.#http.rest('GET', '/repos/{owner}/{repo}', {});
    return { defaultBranch: found.default_branch, canWrite: found.permissions?.push === true };
  }

  /**
   * The commit a branch points to, or undefined when there is no such branch. Asked as a list of the branches whose
   * names start so ("matching-refs"), which is empty rather than an error when there is none: a branch not made yet
   * (the author's drafts, before their first save) is an answer, not a failure the browser reports.
   */
  async head(branch: string): Promise<string | undefined> {
    return (await this.heads(branch)).get(branch);
  }

  /** Every branch whose name starts with `prefix`, with the commit it points to. */
  async heads(prefix: string): Promise<Map<string, string>> {
    const refs = await this.#http.rest('GET', '/repos/{owner}/{repo}/git/matching-refs/{ref}', {
      ref: `heads/${prefix}`,
    });
    return new Map(refs.map((ref) => [ref.ref.slice('refs/heads/'.length), ref.object.sha]));
  }

  /**
   * Every plain file of a commit, by path, with the id of its bytes (which readFile takes). Links and submodules are
   * not files the editor reads or writes: oddFiles lists them.
   */
  async files(commit: string): Promise<Map<string, string>> {
    const tree = await this.#http.rest('GET', '/repos/{owner}/{repo}/git/trees/{tree_sha}', {
      tree_sha: commit,
      recursive: '1',
    });
    if (tree.truncated) throw new GitHubRefusal('refused', refusalWords('tooManyFiles'));
    const blobs = tree.tree.filter((entry) => entry.type === 'blob' && entry.mode !== '120000');
    for (const entry of blobs) if (entry.size !== undefined) this.#listed.sizes.set(entry.sha, entry.size);
    this.#listed.odd.set(
      commit,
      tree.tree.flatMap((entry): { path: string; kind: 'link' | 'submodule' }[] =>
        entry.mode === '120000'
          ? [{ path: entry.path, kind: 'link' }]
          : entry.type === 'commit'
            ? [{ path: entry.path, kind: 'submodule' }]
            : [],
      ),
    );
    return new Map(blobs.map((entry) => [entry.path, entry.sha]));
  }

  /** The entries of a commit that are not plain files: links and submodules, by path. */
  async oddFiles(commit: string): Promise<ReadonlyMap<string, 'link' | 'submodule'>> {
    if (!this.#listed.odd.has(commit)) await this.files(commit);
    return new Map(this.#listed.odd.get(commit)!.map((entry) => [entry.path, entry.kind]));
  }

  /** How many bytes a file has, by the id files() gave (undefined for one no listing named). */
  sizeOf(blob: string): number | undefined {
    return this.#listed.sizes.get(blob);
  }

  /** A file's bytes, by the id files() gave. */
  async readFile(blob: string): Promise<Uint8Array> {
    const found = await this.#http.rest('GET', '/repos/{owner}/{repo}/git/blobs/{file_sha}', { file_sha: blob });
    return fromBase64(found.content.replace(/\s/g, ''));
  }

  /** The texts of many files at once, by the ids files() gave, a hundred to a request (github-texts.ts). */
  readTexts(blobs: readonly string[]): Promise<Map<string, string>> {
    return readTextsOf(this.#http, blobs, (blob) => this.readFile(blob));
  }

  /** The texts of a folder's files at a commit, `depth` levels down, in one request (github-texts.ts). */
  readFolderTexts(
    commit: string,
    folder: string,
    depth: number,
  ): Promise<Map<string, { readonly text: string | null }>> {
    return readFolderTextsOf(this.#http, commit, folder, depth);
  }

  /**
   * One commit of exactly these changes on a branch, made only if the branch is still at `expectedHead`: when someone
   * moved it meanwhile, nothing is written and the refusal is 'moved'.
   */
  async commit(input: {
    branch: string;
    expectedHead: string;
    headline: string;
    body?: string;
    changes: readonly CommitChange[];
  }): Promise<string> {
    const fileChanges = {
      additions: input.changes
        .filter((change) => change.bytes)
        .map((change) => ({ path: change.path, contents: toBase64(change.bytes!) })),
      deletions: input.changes.filter((change) => !change.bytes).map((change) => ({ path: change.path })),
    };
    const answer = await this.#http.graphql<{ createCommitOnBranch?: { commit: { oid: string } } | null }>(
      COMMIT_ON_BRANCH,
      {
        input: {
          branch: { repositoryNameWithOwner: this.#http.repository, branchName: input.branch },
          message: { headline: input.headline, ...(input.body ? { body: input.body } : {}) },
          fileChanges,
          expectedHeadOid: input.expectedHead,
        },
      },
    );
    const oid = answer.data?.createCommitOnBranch?.commit.oid;
    if (oid) return oid;
    // Whether the branch moved is read from the branch itself, not from the wording of GitHub's error.
    if ((await this.head(input.branch)) !== input.expectedHead)
      throw new GitHubRefusal('moved', refusalWords('branchMoved', input.branch));
    const message = answer.errors?.map((error) => error.message).join(' ') ?? 'no reason given';
    if (/protected|rule|pull request/i.test(message))
      throw new GitHubRefusal('protected', refusalWords('protectedBranch', input.branch));
    throw new GitHubRefusal('refused', refusalWords('gitHubRefused', message));
  }

  /**
   * Where two commits' histories meet, and the files changed from there to `head` (both names of a file moved), and
   * whether that list is whole.
   */
  async compare(base: string, head: string): Promise<{ mergeBase: string; files: string[]; complete: boolean }> {
    const compared = await this.#http.rest('GET', '/repos/{owner}/{repo}/compare/{basehead}', {
      basehead: `${base}...${head}`,
    });
    const files = compared.files ?? [];
    return {
      mergeBase: compared.merge_base_commit.sha,
      // A file moved is both a file gone and a file made.
      files: files.flatMap((file) =>
        file.status === 'renamed' && file.previous_filename ? [file.previous_filename, file.filename] : [file.filename],
      ),
      // GitHub lists at most 300 files: a longer list is cut short, and the trees tell instead.
      complete: files.length < COMPARE_FILES_SHOWN,
    };
  }

  /** A commit's tree, parents and message. */
  async commitDetails(commit: string): Promise<{ tree: string; parents: string[]; message: string }> {
    const found = await this.#http.rest('GET', '/repos/{owner}/{repo}/git/commits/{commit_sha}', {
      commit_sha: commit,
    });
    return { tree: found.tree.sha, parents: found.parents.map((parent) => parent.sha), message: found.message };
  }

  /** Stores bytes on GitHub as a blob, for a tree to name: its id. */
  async makeBlob(bytes: Uint8Array): Promise<string> {
    const made = await this.#http.rest(
      'POST',
      '/repos/{owner}/{repo}/git/blobs',
      {},
      {
        content: toBase64(bytes),
        encoding: 'base64',
      },
    );
    return made.sha;
  }

  /** A tree made of `base` with these files set to the bytes of other files (null: removed). */
  async makeTree(base: string, files: readonly { path: string; blob: string | null }[]): Promise<string> {
    const made = await this.#http.rest(
      'POST',
      '/repos/{owner}/{repo}/git/trees',
      {},
      {
        base_tree: base,
        tree: files.map((file): TreeEntry => ({ path: file.path, mode: '100644', type: 'blob', sha: file.blob })),
      },
    );
    return made.sha;
  }

  /** A commit of a tree with these parents; no branch moves. */
  async makeCommit(tree: string, parents: readonly string[], message: string): Promise<string> {
    const made = await this.#http.rest(
      'POST',
      '/repos/{owner}/{repo}/git/commits',
      {},
      { message, tree, parents: [...parents] },
    );
    return made.sha;
  }

  /** Moves a branch forward to a commit whose history holds its head; 'moved' when someone moved it meanwhile. */
  async fastForward(branch: string, to: string): Promise<void> {
    try {
      await this.#http.rest(
        'PATCH',
        '/repos/{owner}/{repo}/git/refs/{ref}',
        { ref: `heads/${branch}` },
        { sha: to, force: false },
      );
    } catch (refusal) {
      if (refusal instanceof GitHubRefusal && refusal.kind === 'refused')
        throw new GitHubRefusal('moved', refusalWords('branchMoved', branch));
      throw refusal;
    }
  }

  /** A new branch at a commit. */
  async createBranch(branch: string, at: string): Promise<void> {
    await this.#http.rest('POST', '/repos/{owner}/{repo}/git/refs', {}, { ref: `refs/heads/${branch}`, sha: at });
  }

  /** The newest commits of a branch (that changed `path`, when given), newest first. */
  async history(branch: string, count: number, path?: string): Promise<RepositoryCommit[]> {
    const commits = await this.#http.rest('GET', '/repos/{owner}/{repo}/commits', {
      sha: branch,
      per_page: count,
      path,
    });
    return commits.map(repositoryCommit);
  }

  /**
   * The commits `head` holds that `base` does not (GitHub's comparison from where the two meet), the newest `limit` of
   * them, newest first. GitHub lists them oldest first, a page of 100 at a time (at most 250 without pages): the first
   * page says how many there are, and the rest are read from the last page back.
   */
  async commitsSince(base: string, head: string, limit: number): Promise<RepositoryCommit[]> {
    const page = (number: number) =>
      this.#http.rest('GET', '/repos/{owner}/{repo}/compare/{basehead}', {
        basehead: `${base}...${head}`,
        per_page: COMMITS_PAGE,
        page: number,
      });
    const first = await page(1);
    const found: RepositoryCommit[] = [];
    for (let number = Math.ceil(first.total_commits / COMMITS_PAGE); number >= 1 && found.length < limit; number--) {
      const listed = number === 1 ? first : await page(number);
      found.push(...listed.commits.map(repositoryCommit).reverse());
    }
    return found.slice(0, limit);
  }

  /** The address of a pull request opened from `branch`, if there is one (open or not). */
  async pullRequestFrom(branch: string): Promise<string | undefined> {
    const owner = this.#http.repository.split('/')[0]!;
    const found = await this.#http.rest('GET', '/repos/{owner}/{repo}/pulls', {
      state: 'all',
      head: `${owner}:${branch}`,
    });
    return found[0]?.html_url;
  }

  /** A pull request from one branch into another: its address, to give the author. */
  async openPullRequest(input: { from: string; into: string; title: string; body: string }): Promise<string> {
    const opened = await this.#http.rest(
      'POST',
      '/repos/{owner}/{repo}/pulls',
      {},
      {
        title: input.title,
        head: input.from,
        base: input.into,
        body: input.body,
      },
    );
    return opened.html_url;
  }
}
