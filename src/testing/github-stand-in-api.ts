import type { BareRepository } from './bare-repository.ts';
import {
  checkRun,
  combinedStatus,
  commitComparison,
  commitOf,
  commitStatus,
  deployment,
  deploymentStatus,
  diffEntry,
  DOCUMENTATION,
  fullRepository,
  gitCommit,
  gitRef,
  minimalRepository,
  publicUser,
  pullRequest,
  pullRequestSimple,
  repositoryOf,
  validationFailed,
  type GitHubPlace,
  type GitHubSchemas,
} from './github-stand-in-answers.ts';

/** An account of the GitHub stand-in, and whether it may write to the repository. */
export interface Account {
  readonly login: string;
  readonly name: string;
  readonly email: string;
  readonly canWrite: boolean;
}

export interface StandInRepository {
  readonly git: BareRepository;
  readonly owner: string;
  readonly name: string;
  /** The pull requests opened, oldest first: their number is their place in this list, from 1. */
  readonly pulls: PullRecord[];
  /** What hosts posted about commits' builds, as GitHub keeps it: statuses, check runs, deployments. */
  readonly builds: BuildRecords;
  /** Every account the stand-in knows: GitHub names the one whose address a commit carries. */
  readonly accounts: readonly Account[];
}

/** A pull request as opened: from which branch into which, its words, and who opened it. */
export interface PullRecord {
  readonly head: string;
  readonly base: string;
  readonly title: string;
  readonly body: string | null;
  readonly by: string;
}

/** Commit statuses, check runs and deployments, each kept as GitHub answered its post (newest last). */
export interface BuildRecords {
  readonly statuses: { readonly sha: string; readonly status: GitHubSchemas['status'] }[];
  readonly checks: GitHubSchemas['check-run'][];
  readonly deployments: { deployment: GitHubSchemas['deployment']; statuses: GitHubSchemas['deployment-status'][] }[];
}

export const noBuildRecords = (): BuildRecords => ({ statuses: [], checks: [], deployments: [] });

export interface ApiAnswer {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
}

const notFound: ApiAnswer = { status: 404, body: { message: 'Not Found', documentation_url: DOCUMENTATION } };
const forbidden: ApiAnswer = {
  status: 403,
  body: { message: 'Resource not accessible by personal access token', documentation_url: DOCUMENTATION },
};
/** GitHub's 422: a request it understood and cannot do, in its words. */
const unprocessable = (message: string): ApiAnswer => ({ status: 422, body: validationFailed(message) });

/** The branch GitHub names as the repository's own. */
const DEFAULT_BRANCH = 'main';

/**
 * The REST and GraphQL calls of src/editor/github/github-api.ts, answered from the bare repository as GitHub answers
 * them: every field GitHub's description says it always sends (github-stand-in-answers.ts), and the status codes of
 * its documentation.
 */
export async function answerApi(
  request: { method: string; url: URL; body: string },
  caller: Account,
  repository: StandInRepository | undefined,
  protectedBranches: ReadonlySet<string>,
  origin: string,
): Promise<ApiAnswer> {
  const { method, url } = request;
  if (method === 'GET' && url.pathname === '/user') return { body: publicUser(origin, caller) };
  if (!repository) return notFound;
  if (method === 'POST' && url.pathname === '/graphql') {
    const asked = JSON.parse(request.body) as { query?: string; variables?: Record<string, unknown> };
    return asked.query?.trimStart().startsWith('query')
      ? blobTexts(asked, repository)
      : commitOnBranch(asked, caller, repository, protectedBranches);
  }
  const prefix = `/repos/${repository.owner}/${repository.name}`;
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return notFound;
  const rest = url.pathname.slice(prefix.length);
  const { git } = repository;
  const place: GitHubPlace = { origin, owner: repository.owner, name: repository.name };
  const accountOf = (email: string) => repository.accounts.find((account) => account.email === email)?.login;
  const posted = <T>() => JSON.parse(request.body) as T;

  if (method === 'GET' && rest === '')
    return { body: fullRepository(place, { defaultBranch: DEFAULT_BRANCH, canWrite: caller.canWrite }) };
  if (method === 'GET' && rest.startsWith('/git/matching-refs/heads/')) {
    const prefix = decodeURIComponent(rest.slice('/git/matching-refs/heads/'.length));
    return { body: git.branchesStartingWith(prefix).map(({ name, sha }) => gitRef(place, name, sha)) };
  }
  if (method === 'GET' && rest.startsWith('/git/commits/')) {
    const commit = await git.commitOf(rest.slice('/git/commits/'.length));
    if (!commit) return notFound;
    return { body: gitCommit(place, await git.commitRecord(commit)) };
  }
  if (method === 'GET' && rest.startsWith('/compare/')) {
    const basehead = decodeURIComponent(rest.slice('/compare/'.length));
    const [base, head] = await Promise.all(basehead.split('...').map((name) => git.commitOf(name ?? '')));
    if (!base || !head) return notFound;
    const mergeBase = await git.mergeBase(base, head);
    const [baseCommit, mergeBaseCommit] = (await git.commitRecords([base, mergeBase])).map((commit) =>
      commitOf(place, commit, accountOf),
    );
    const ahead = await git.commitsBetween(mergeBase, head);
    // Oldest first. Asked for no page, the newest 250; asked for a page (30 commits unless told, at most 100), that
    // page, and the changed files on the first only.
    const paged = url.searchParams.has('per_page') || url.searchParams.has('page');
    const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
    const page = Number(url.searchParams.get('page') ?? 1);
    const shown = paged ? ahead.slice((page - 1) * perPage, page * perPage) : ahead.slice(-250);
    return {
      body: commitComparison(place, {
        basehead: rest.slice('/compare/'.length),
        base: baseCommit!,
        mergeBase: mergeBaseCommit!,
        aheadBy: ahead.length,
        commits: shown.map((commit) => commitOf(place, commit, accountOf)),
        behindBy: await git.countBetween(mergeBase, base),
        // GitHub lists at most 300 changed files.
        files:
          page === 1
            ? (await git.changedFiles(mergeBase, head)).slice(0, 300).map((file) => diffEntry(place, file))
            : [],
      }),
    };
  }
  if (method === 'POST' && rest === '/git/blobs') {
    if (!caller.canWrite) return forbidden;
    const { content, encoding = 'utf-8' } = posted<{ content: string; encoding?: string }>();
    if (encoding !== 'base64' && encoding !== 'utf-8') return unprocessable(`Invalid encoding: ${encoding}`);
    const sha = git.writeBlob(Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8'));
    return { status: 201, body: { sha, url: `${origin}${prefix}/git/blobs/${sha}` } };
  }
  if (method === 'POST' && rest === '/git/trees') {
    if (!caller.canWrite) return forbidden;
    const { base_tree, tree } = posted<{ base_tree: string; tree: { path: string; sha: string | null }[] }>();
    const made = git.makeTree(
      base_tree,
      tree.map((entry) => ({ path: entry.path, blob: entry.sha })),
    );
    return { status: 201, body: treeAnswer(place, made, await git.entriesOf(made)) };
  }
  if (method === 'POST' && rest === '/git/commits') {
    if (!caller.canWrite) return forbidden;
    const { message, tree, parents = [] } = posted<{ message: string; tree: string; parents?: string[] }>();
    const made = git.makeCommit(tree, parents, message, caller);
    return { status: 201, body: gitCommit(place, await git.commitRecord(made)) };
  }
  if (method === 'PATCH' && rest.startsWith('/git/refs/heads/')) {
    if (!caller.canWrite) return forbidden;
    const { sha, force } = posted<{ sha: string; force?: boolean }>();
    if (force) return unprocessable('The stand-in never forces a branch.');
    const branch = decodeURIComponent(rest.slice('/git/refs/heads/'.length));
    return (await git.fastForward(branch, sha))
      ? { body: gitRef(place, branch, sha) }
      : unprocessable('Update is not a fast forward');
  }
  if (method === 'GET' && rest.startsWith('/git/trees/')) {
    const commit = await git.commitOf(decodeURIComponent(rest.slice('/git/trees/'.length)));
    if (!commit) return notFound;
    const tree = (await git.files(commit)).map((file) => ({
      path: file.path,
      mode: file.mode,
      type: file.type,
      sha: file.sha,
      ...(file.type === 'blob' ? { size: file.size } : {}),
    }));
    const sha = (await git.commitRecord(commit)).tree;
    return { body: { sha, url: `${origin}${prefix}/git/trees/${sha}`, tree, truncated: false } };
  }
  if (method === 'GET' && rest.startsWith('/git/blobs/')) {
    const sha = rest.slice('/git/blobs/'.length);
    const bytes = await git.blob(sha);
    // GitHub wraps base64 at 60 characters.
    return bytes
      ? {
          body: {
            sha,
            node_id: Buffer.from(`Blob:${sha}`).toString('base64'),
            url: `${origin}${prefix}/git/blobs/${sha}`,
            size: bytes.length,
            encoding: 'base64',
            content: bytes.toString('base64').replace(/.{60}/g, '$&\n'),
          },
        }
      : notFound;
  }
  if (method === 'POST' && rest === '/git/refs') {
    if (!caller.canWrite) return forbidden;
    const { ref, sha } = posted<{ ref: string; sha: string }>();
    if (!ref.startsWith('refs/heads/') || !(await git.commitOf(sha))) return unprocessable('Invalid request');
    const branch = ref.slice('refs/heads/'.length);
    return git.createBranch(branch, sha)
      ? { status: 201, body: gitRef(place, branch, sha) }
      : unprocessable('Reference already exists');
  }
  if (method === 'GET' && rest === '/commits') {
    const from = await git.commitOf(url.searchParams.get('sha') ?? DEFAULT_BRANCH);
    if (!from) return notFound;
    const count = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
    return {
      body: (await git.log(from, count, url.searchParams.get('path') ?? undefined)).map((commit) =>
        commitOf(place, commit, accountOf),
      ),
    };
  }
  const builds = await answerBuilds(method, rest, url, request.body, repository, caller, place);
  if (builds) return builds;
  // GitHub's list of pull requests, filtered by "head" as owner:branch.
  const pullOf = (pull: PullRecord, index: number) =>
    pullRequestSimple(place, {
      number: index + 1,
      head: { ref: pull.head, sha: git.head(pull.head) ?? '' },
      base: { ref: pull.base, sha: git.head(pull.base) ?? '' },
      title: pull.title,
      body: pull.body,
      by: pull.by,
      repository: repositoryOf(place, DEFAULT_BRANCH),
    });
  if (method === 'GET' && rest === '/pulls') {
    const head = url.searchParams.get('head') ?? '';
    const branch = head.startsWith(`${repository.owner}:`) ? head.slice(repository.owner.length + 1) : undefined;
    return {
      body: repository.pulls.flatMap((pull, index) =>
        branch === undefined || pull.head === branch ? [pullOf(pull, index)] : [],
      ),
    };
  }
  if (method === 'POST' && rest === '/pulls') {
    if (!caller.canWrite) return forbidden;
    const {
      head,
      base,
      title = '',
      body = null,
    } = posted<{ head: string; base: string; title?: string; body?: string }>();
    if (!git.head(head) || !git.head(base)) return unprocessable('Validation Failed');
    repository.pulls.push({ head, base, title, body, by: caller.login });
    return { status: 201, body: pullRequest(pullOf(repository.pulls.at(-1)!, repository.pulls.length - 1)) };
  }
  return notFound;
}

/** A tree as GitHub answers it: its entries, one level. */
function treeAnswer(
  place: GitHubPlace,
  sha: string,
  entries: readonly { name: string; mode: string; type: string; sha: string }[],
): GitHubSchemas['git-tree'] {
  const api = `${place.origin}/repos/${place.owner}/${place.name}`;
  return {
    sha,
    url: `${api}/git/trees/${sha}`,
    tree: entries.map((entry) => ({
      path: entry.name,
      mode: entry.mode,
      type: entry.type,
      sha: entry.sha,
      url: `${api}/git/${entry.type === 'tree' ? 'trees' : 'blobs'}/${entry.sha}`,
    })),
    truncated: false,
  };
}

interface CommitInput {
  branch: { repositoryNameWithOwner: string; branchName: string };
  message: { headline: string; body?: string };
  fileChanges?: { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] };
  expectedHeadOid: string;
}

/** GraphQL's createCommitOnBranch, the one mutation the editor sends: GitHub answers 200 with errors when it refuses. */
/**
 * GraphQL's repository.object, as the editor reads files: blobs by id, each under an alias ("f0: object(oid:
 * "<id>") { ...B }", with "fragment B on Blob { text isTruncated }"), text or null for a binary file; or a folder by
 * expression ("object(expression: $expression) { ...T3 }"), its entries and theirs as many levels down as the query's
 * Tree fragments go, each blob with its text.
 */
async function blobTexts(
  request: { query?: string; variables?: Record<string, unknown> },
  repository: StandInRepository,
): Promise<ApiAnswer> {
  const variables = request.variables ?? {};
  if (variables.owner !== repository.owner || variables.name !== repository.name)
    return {
      body: {
        data: { repository: null },
        errors: [{ type: 'NOT_FOUND', message: 'Could not resolve to a Repository.' }],
      },
    };
  const query = request.query!;
  const textOf = (bytes: Buffer | undefined) => {
    const text = bytes?.toString('utf8');
    return bytes ? { text: text !== undefined && !text.includes('\uFFFD') ? text : null, isTruncated: false } : null;
  };
  if (/object\(expression: \$expression\)/.test(query)) {
    const depth = Math.max(0, ...[...query.matchAll(/fragment T(\d+) on Tree/g)].map((match) => Number(match[1])));
    return {
      body: {
        data: { repository: { object: await treeOf(repository, String(variables.expression ?? ''), depth, textOf) } },
      },
    };
  }
  const found: Record<string, { text: string | null; isTruncated: boolean } | null> = {};
  const asked = [...query.matchAll(/(\w+): object\(oid: "([0-9a-f]{40})"\)/g)];
  const contents = await repository.git.blobs(asked.map(([, , oid]) => oid!));
  asked.forEach(([, alias], index) => (found[alias!] = textOf(contents[index])));
  return { body: { data: { repository: found } } };
}

type TreeAnswer = {
  entries: { name: string; type: string; object: unknown }[];
} | null;

/** A folder of a commit ("<commit>:config") with `depth` levels of entries, each blob with its text. */
async function treeOf(
  repository: StandInRepository,
  expression: string,
  depth: number,
  textOf: (bytes: Buffer | undefined) => unknown,
): Promise<TreeAnswer> {
  const entries = await repository.git.folder(expression);
  return entries ? treeOfEntries(repository, entries, depth, textOf) : null;
}

/** A folder's entries with `depth` levels below them, each blob with its text: a folder within, read by its id. */
async function treeOfEntries(
  repository: StandInRepository,
  entries: readonly { name: string; type: string; sha: string }[],
  depth: number,
  textOf: (bytes: Buffer | undefined) => unknown,
): Promise<TreeAnswer> {
  if (depth === 0) return { entries: [] };
  const blobs = entries.filter((entry) => entry.type === 'blob');
  const contents = await repository.git.blobs(blobs.map((entry) => entry.sha));
  return {
    entries: await Promise.all(
      entries.map(async (entry) => ({
        name: entry.name,
        type: entry.type,
        object:
          entry.type === 'blob'
            ? textOf(contents[blobs.indexOf(entry)])
            : entry.type === 'tree' && depth > 1
              ? await treeOfEntries(repository, await repository.git.entriesOf(entry.sha), depth - 1, textOf)
              : {},
      })),
    ),
  };
}

function commitOnBranch(
  request: { query?: string; variables?: { input?: CommitInput } },
  caller: Account,
  repository: StandInRepository,
  protectedBranches: ReadonlySet<string>,
): ApiAnswer {
  const refuse = (type: string, message: string): ApiAnswer => ({
    body: { data: { createCommitOnBranch: null }, errors: [{ type, message }] },
  });
  const input = request.variables?.input;
  if (!request.query?.includes('createCommitOnBranch') || !input)
    return refuse('UNSUPPORTED', 'The stand-in answers createCommitOnBranch only.');
  if (input.branch.repositoryNameWithOwner !== `${repository.owner}/${repository.name}`)
    return refuse(
      'NOT_FOUND',
      `Could not resolve to a Repository with the name '${input.branch.repositoryNameWithOwner}'.`,
    );
  if (!caller.canWrite) return refuse('FORBIDDEN', 'Resource not accessible by personal access token');
  if (protectedBranches.has(input.branch.branchName))
    return refuse('UNPROCESSABLE', 'Repository rule violations found\n\nChanges must be made through a pull request.');
  const made = repository.git.commit({
    branch: input.branch.branchName,
    expectedHead: input.expectedHeadOid,
    message: input.message.body ? `${input.message.headline}\n\n${input.message.body}` : input.message.headline,
    author: { name: caller.name, email: caller.email },
    additions: (input.fileChanges?.additions ?? []).map((file) => ({
      path: file.path,
      bytes: Buffer.from(file.contents, 'base64'),
    })),
    deletions: (input.fileChanges?.deletions ?? []).map((file) => file.path),
  });
  if (made === 'moved')
    return refuse(
      'STALE_DATA',
      `Expected branch to point to "${input.expectedHeadOid}" but it did not. Pull and try again.`,
    );
  return { body: { data: { createCommitOnBranch: { commit: { oid: made.oid } } } } };
}

/**
 * The commit statuses, check runs and deployments of GitHub's REST API (the fields hosts post and the editor reads): a
 * host posts them (POST), the editor reads them (GET) as GitHub answers, newest first.
 */
async function answerBuilds(
  method: string,
  rest: string,
  url: URL,
  body: string,
  repository: StandInRepository,
  caller: Account,
  place: GitHubPlace,
): Promise<ApiAnswer | undefined> {
  const { builds, git } = repository;
  const posted = <T>() => JSON.parse(body) as T;
  const at = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const commitIn = (path: string, prefix: string, suffix: string) =>
    path.startsWith(prefix) && path.endsWith(suffix)
      ? git.commitOf(decodeURIComponent(path.slice(prefix.length, path.length - suffix.length)))
      : undefined;
  const newestFirst = <T>(list: readonly T[]) => [...list].reverse();
  if (method === 'POST' && rest.startsWith('/statuses/')) {
    const sha = await git.commitOf(rest.slice('/statuses/'.length));
    if (!caller.canWrite) return forbidden;
    if (!sha) return unprocessable('No commit found for SHA');
    const { context = 'default', ...status } = posted<{
      context?: string;
      state: string;
      description?: string | null;
      target_url?: string | null;
    }>();
    const made = commitStatus(place, { ...status, id: builds.statuses.length + 1, sha, context, by: caller.login, at });
    builds.statuses.push({ sha, status: made });
    return { status: 201, body: made };
  }
  const statusOf = await commitIn(rest, '/commits/', '/status');
  if (method === 'GET' && statusOf) {
    const latest = new Map<string, GitHubSchemas['status']>();
    for (const { sha, status } of builds.statuses) if (sha === statusOf) latest.set(status.context, status);
    const repo = minimalRepository(place, DEFAULT_BRANCH);
    return { body: combinedStatus(place, statusOf, newestFirst([...latest.values()]), repo) };
  }
  if (method === 'POST' && rest === '/check-runs') {
    const check = posted<{
      head_sha: string;
      name: string;
      status?: GitHubSchemas['check-run']['status'];
      conclusion?: GitHubSchemas['check-run']['conclusion'];
      details_url?: string;
      output?: { title?: string; summary?: string };
    }>();
    const sha = await git.commitOf(check.head_sha);
    if (!sha) return unprocessable('No commit found for SHA');
    const made = checkRun(place, {
      ...check,
      // GitHub takes a conclusion as the end of a run.
      status: check.conclusion ? 'completed' : (check.status ?? 'queued'),
      id: builds.checks.length + 1,
      sha,
      app: { slug: 'github-actions', name: 'GitHub Actions' },
      at,
    });
    builds.checks.push(made);
    return { status: 201, body: made };
  }
  const checksOf = await commitIn(rest, '/commits/', '/check-runs');
  if (method === 'GET' && checksOf) {
    // GitHub's default (filter=latest): the newest run of each name.
    const latest = new Map<string, GitHubSchemas['check-run']>();
    for (const check of builds.checks) if (check.head_sha === checksOf) latest.set(check.name, check);
    const runs = newestFirst([...latest.values()]);
    return { body: { total_count: runs.length, check_runs: runs } };
  }
  if (method === 'POST' && rest === '/deployments') {
    const { ref, environment = 'production' } = posted<{ ref: string; environment?: string }>();
    const sha = await git.commitOf(ref);
    if (!sha) return unprocessable(`No ref found for: ${ref}`);
    const made = deployment(place, { id: builds.deployments.length + 1, sha, ref, environment, by: caller.login, at });
    builds.deployments.push({ deployment: made, statuses: [] });
    return { status: 201, body: made };
  }
  const deploymentStatuses = /^\/deployments\/(\d+)\/statuses$/.exec(rest);
  if (deploymentStatuses) {
    const found = builds.deployments.find((entry) => entry.deployment.id === Number(deploymentStatuses[1]));
    if (!found) return notFound;
    if (method === 'POST') {
      const status = posted<{
        state: GitHubSchemas['deployment-status']['state'];
        description?: string;
        environment_url?: string;
        log_url?: string;
        target_url?: string;
        environment?: string;
      }>();
      const made = deploymentStatus(place, {
        ...status,
        id: found.statuses.length + 1,
        deployment: Number(found.deployment.id),
        environment: status.environment ?? found.deployment.environment,
        by: caller.login,
        at,
      });
      found.statuses.push(made);
      return { status: 201, body: made };
    }
    if (method === 'GET') return { body: newestFirst(found.statuses) };
  }
  if (method === 'GET' && rest === '/deployments') {
    const sha = url.searchParams.get('sha');
    return {
      body: newestFirst(builds.deployments.filter((entry) => !sha || entry.deployment.sha === sha)).map(
        (entry) => entry.deployment,
      ),
    };
  }
  return undefined;
}
