import type { BareRepository } from './bare-repository.ts';

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
  /** The pull requests opened, by head branch. */
  readonly pulls: string[];
  /** What hosts posted about commits' builds, as GitHub keeps it: statuses, check runs, deployments. */
  readonly builds: BuildRecords;
}

/** Commit statuses, check runs and deployments, each kept as posted (newest last), with the commit it is about. */
export interface BuildRecords {
  readonly statuses: { sha: string; context: string; state: string; description?: string; target_url?: string }[];
  readonly checks: {
    sha: string;
    name: string;
    status: string;
    conclusion?: string;
    details_url?: string;
    output?: { title?: string; summary?: string };
  }[];
  readonly deployments: {
    id: number;
    sha: string;
    environment: string;
    statuses: { state: string; description?: string; environment_url?: string; log_url?: string }[];
  }[];
}

export const noBuildRecords = (): BuildRecords => ({ statuses: [], checks: [], deployments: [] });

export interface ApiAnswer {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
}

const notFound: ApiAnswer = { status: 404, body: { message: 'Not Found' } };

/**
 * The REST and GraphQL calls of src/editor/github/github-api.ts, answered from the bare repository as GitHub answers
 * them (the fields the editor reads, and the status codes of GitHub's documentation).
 */
export function answerApi(
  request: { method: string; url: URL; body: string },
  caller: Account,
  repository: StandInRepository | undefined,
  protectedBranches: ReadonlySet<string>,
  origin: string,
): ApiAnswer {
  const { method, url } = request;
  if (method === 'GET' && url.pathname === '/user') return { body: { login: caller.login, name: caller.name } };
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
  const forbidden: ApiAnswer = { status: 403, body: { message: 'Resource not accessible by personal access token' } };

  if (method === 'GET' && rest === '')
    return {
      body: {
        full_name: `${repository.owner}/${repository.name}`,
        default_branch: 'main',
        permissions: { pull: true, push: caller.canWrite },
      },
    };
  if (method === 'GET' && rest.startsWith('/git/matching-refs/heads/')) {
    const prefix = decodeURIComponent(rest.slice('/git/matching-refs/heads/'.length));
    return {
      body: git
        .branchesStartingWith(prefix)
        .map(({ name, sha }) => ({ ref: `refs/heads/${name}`, object: { sha, type: 'commit' } })),
    };
  }
  if (method === 'GET' && rest.startsWith('/git/commits/')) {
    const commit = git.commitOf(rest.slice('/git/commits/'.length));
    if (!commit) return notFound;
    const details = git.commitDetails(commit);
    return {
      body: {
        sha: commit,
        tree: { sha: details.tree },
        parents: details.parents.map((sha) => ({ sha })),
        message: details.message,
      },
    };
  }
  if (method === 'GET' && rest.startsWith('/compare/')) {
    const [base, head] = decodeURIComponent(rest.slice('/compare/'.length))
      .split('...')
      .map((name) => git.commitOf(name ?? ''));
    if (!base || !head) return notFound;
    const mergeBase = git.mergeBase(base, head);
    const statuses: Record<string, string> = { A: 'added', M: 'modified', D: 'removed' };
    return {
      body: {
        merge_base_commit: { sha: mergeBase },
        files: git
          .changedFiles(mergeBase, head)
          .map((file) => ({ filename: file.path, status: statuses[file.status] ?? 'modified' })),
      },
    };
  }
  if (method === 'POST' && rest === '/git/blobs') {
    if (!caller.canWrite) return forbidden;
    const { content, encoding } = JSON.parse(request.body) as { content: string; encoding: string };
    if (encoding !== 'base64') return { status: 422, body: { message: 'The stand-in takes base64 blobs only.' } };
    return { status: 201, body: { sha: git.writeBlob(Buffer.from(content, 'base64')) } };
  }
  if (method === 'POST' && rest === '/git/trees') {
    if (!caller.canWrite) return forbidden;
    const { base_tree, tree } = JSON.parse(request.body) as {
      base_tree: string;
      tree: { path: string; sha: string | null }[];
    };
    return {
      status: 201,
      body: {
        sha: git.makeTree(
          base_tree,
          tree.map((entry) => ({ path: entry.path, blob: entry.sha })),
        ),
      },
    };
  }
  if (method === 'POST' && rest === '/git/commits') {
    if (!caller.canWrite) return forbidden;
    const { message, tree, parents } = JSON.parse(request.body) as { message: string; tree: string; parents: string[] };
    return { status: 201, body: { sha: git.makeCommit(tree, parents, message, caller) } };
  }
  if (method === 'PATCH' && rest.startsWith('/git/refs/heads/')) {
    if (!caller.canWrite) return forbidden;
    const { sha, force } = JSON.parse(request.body) as { sha: string; force?: boolean };
    if (force) return { status: 422, body: { message: 'The stand-in never forces a branch.' } };
    return git.fastForward(decodeURIComponent(rest.slice('/git/refs/heads/'.length)), sha)
      ? { body: { object: { sha, type: 'commit' } } }
      : { status: 422, body: { message: 'Update is not a fast forward' } };
  }
  if (method === 'GET' && rest.startsWith('/git/trees/')) {
    const commit = git.commitOf(decodeURIComponent(rest.slice('/git/trees/'.length)));
    if (!commit) return notFound;
    const tree = git.files(commit).map((file) => ({
      path: file.path,
      mode: file.mode,
      type: file.type,
      sha: file.sha,
      ...(file.type === 'blob' ? { size: file.size } : {}),
    }));
    return { body: { sha: git.commitDetails(commit).tree, tree, truncated: false } };
  }
  if (method === 'GET' && rest.startsWith('/git/blobs/')) {
    const bytes = git.blob(rest.slice('/git/blobs/'.length));
    // GitHub wraps base64 at 60 characters.
    return bytes
      ? {
          body: {
            sha: rest.slice('/git/blobs/'.length),
            size: bytes.length,
            encoding: 'base64',
            content: bytes.toString('base64').replace(/.{60}/g, '$&\n'),
          },
        }
      : notFound;
  }
  if (method === 'POST' && rest === '/git/refs') {
    if (!caller.canWrite) return forbidden;
    const { ref, sha } = JSON.parse(request.body) as { ref: string; sha: string };
    if (!ref.startsWith('refs/heads/') || !git.commitOf(sha))
      return { status: 422, body: { message: 'Invalid request' } };
    return git.createBranch(ref.slice('refs/heads/'.length), sha)
      ? { status: 201, body: { ref, object: { sha, type: 'commit' } } }
      : { status: 422, body: { message: 'Reference already exists' } };
  }
  if (method === 'GET' && rest === '/commits') {
    const from = git.commitOf(url.searchParams.get('sha') ?? 'main');
    if (!from) return notFound;
    const count = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
    return {
      body: git.log(from, count, url.searchParams.get('path') ?? undefined).map((commit) => ({
        sha: commit.oid,
        parents: commit.parents.map((sha) => ({ sha })),
        commit: { message: commit.message, author: { name: commit.name, email: commit.email, date: commit.date } },
        author: null,
      })),
    };
  }
  const builds = answerBuilds(method, rest, url, request.body, repository, caller);
  if (builds) return builds;
  // GitHub's list of pull requests, filtered by "head" as owner:branch.
  if (method === 'GET' && rest === '/pulls') {
    const head = url.searchParams.get('head') ?? '';
    const branch = head.startsWith(`${repository.owner}:`) ? head.slice(repository.owner.length + 1) : undefined;
    return {
      body: repository.pulls.flatMap((from, index) =>
        branch === undefined || from === branch
          ? [
              {
                number: index + 1,
                html_url: `${origin}${prefix.replace('/repos', '')}/pull/${index + 1}`,
                head: { ref: from },
              },
            ]
          : [],
      ),
    };
  }
  if (method === 'POST' && rest === '/pulls') {
    if (!caller.canWrite) return forbidden;
    const { head, base } = JSON.parse(request.body) as { head: string; base: string };
    if (!git.head(head) || !git.head(base)) return { status: 422, body: { message: 'Validation Failed' } };
    repository.pulls.push(head);
    return {
      status: 201,
      body: {
        number: repository.pulls.length,
        html_url: `${origin}${prefix.replace('/repos', '')}/pull/${repository.pulls.length}`,
      },
    };
  }
  return notFound;
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
function blobTexts(request: { query?: string; variables?: Record<string, unknown> }, repository: StandInRepository) {
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
      body: { data: { repository: { object: treeOf(repository, String(variables.expression ?? ''), depth, textOf) } } },
    };
  }
  const found: Record<string, { text: string | null; isTruncated: boolean } | null> = {};
  const asked = [...query.matchAll(/(\w+): object\(oid: "([0-9a-f]{40})"\)/g)];
  const contents = repository.git.blobs(asked.map(([, , oid]) => oid!));
  asked.forEach(([, alias], index) => (found[alias!] = textOf(contents[index])));
  return { body: { data: { repository: found } } };
}

type TreeAnswer = {
  entries: { name: string; type: string; oid: string; mode: number; object: unknown }[];
} | null;

/** A folder of a commit ("<commit>:config") with `depth` levels of entries, each blob with its text. */
function treeOf(
  repository: StandInRepository,
  expression: string,
  depth: number,
  textOf: (bytes: Buffer | undefined) => unknown,
): TreeAnswer {
  const entries = repository.git.folder(expression);
  if (!entries || depth === 0) return entries ? { entries: [] } : null;
  const blobs = entries.filter((entry) => entry.type === 'blob');
  const contents = repository.git.blobs(blobs.map((entry) => entry.sha));
  return {
    entries: entries.map((entry) => ({
      name: entry.name,
      type: entry.type,
      oid: entry.sha,
      mode: parseInt(entry.mode, 8),
      object:
        entry.type === 'blob'
          ? textOf(contents[blobs.indexOf(entry)])
          : entry.type === 'tree'
            ? depth > 1
              ? treeOf(repository, `${expression}/${entry.name}`, depth - 1, textOf)
              : {}
            : {},
    })),
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
function answerBuilds(
  method: string,
  rest: string,
  url: URL,
  body: string,
  repository: StandInRepository,
  caller: Account,
): ApiAnswer | undefined {
  const { builds, git } = repository;
  const posted = () => JSON.parse(body) as Record<string, unknown>;
  const commitIn = (path: string, prefix: string, suffix: string) =>
    path.startsWith(prefix) && path.endsWith(suffix)
      ? git.commitOf(decodeURIComponent(path.slice(prefix.length, path.length - suffix.length)))
      : undefined;
  const newestFirst = <T>(list: readonly T[]) => [...list].reverse();
  if (method === 'POST' && rest.startsWith('/statuses/')) {
    const sha = git.commitOf(rest.slice('/statuses/'.length));
    if (!caller.canWrite) return { status: 403, body: { message: 'Resource not accessible by personal access token' } };
    if (!sha) return { status: 422, body: { message: 'No commit found for SHA' } };
    const { context = 'default', state, description, target_url } = posted() as BuildRecords['statuses'][number];
    builds.statuses.push({ sha, context, state, description, target_url });
    return { status: 201, body: { context, state } };
  }
  const statusOf = commitIn(rest, '/commits/', '/status');
  if (method === 'GET' && statusOf) {
    const latest = new Map<string, BuildRecords['statuses'][number]>();
    for (const status of builds.statuses.filter((entry) => entry.sha === statusOf)) latest.set(status.context, status);
    const statuses = newestFirst([...latest.values()]);
    const state = statuses.some((entry) => entry.state === 'failure' || entry.state === 'error')
      ? 'failure'
      : statuses.some((entry) => entry.state === 'pending') || statuses.length === 0
        ? 'pending'
        : 'success';
    return { body: { state, sha: statusOf, statuses } };
  }
  if (method === 'POST' && rest === '/check-runs') {
    const check = posted() as BuildRecords['checks'][number] & { head_sha: string };
    const sha = git.commitOf(check.head_sha);
    if (!sha) return { status: 422, body: { message: 'No commit found for SHA' } };
    builds.checks.push({ ...check, sha });
    return { status: 201, body: { id: builds.checks.length, name: check.name } };
  }
  const checksOf = commitIn(rest, '/commits/', '/check-runs');
  if (method === 'GET' && checksOf) {
    // GitHub's default (filter=latest): the newest run of each name.
    const latest = new Map<string, BuildRecords['checks'][number]>();
    for (const check of builds.checks.filter((entry) => entry.sha === checksOf)) latest.set(check.name, check);
    const runs = newestFirst([...latest.values()]).map(({ sha, ...run }) => ({
      ...run,
      head_sha: sha,
      app: { slug: 'github-actions', name: 'GitHub Actions' },
    }));
    return { body: { total_count: runs.length, check_runs: runs } };
  }
  if (method === 'POST' && rest === '/deployments') {
    const { ref, environment = 'production' } = posted() as { ref: string; environment?: string };
    const sha = git.commitOf(ref);
    if (!sha) return { status: 422, body: { message: 'No ref found for: ' + ref } };
    const deployment = { id: builds.deployments.length + 1, sha, environment, statuses: [] };
    builds.deployments.push(deployment);
    return { status: 201, body: { id: deployment.id, sha, environment } };
  }
  const deploymentStatuses = /^\/deployments\/(\d+)\/statuses$/.exec(rest);
  if (deploymentStatuses) {
    const deployment = builds.deployments.find((entry) => entry.id === Number(deploymentStatuses[1]));
    if (!deployment) return notFound;
    if (method === 'POST') {
      deployment.statuses.push(posted() as BuildRecords['deployments'][number]['statuses'][number]);
      return { status: 201, body: { state: deployment.statuses.at(-1)!.state } };
    }
    if (method === 'GET') return { body: newestFirst(deployment.statuses) };
  }
  if (method === 'GET' && rest === '/deployments') {
    const sha = url.searchParams.get('sha');
    return {
      body: newestFirst(builds.deployments.filter((entry) => !sha || entry.sha === sha)).map(
        ({ statuses: _statuses, ...deployment }) => deployment,
      ),
    };
  }
  return undefined;
}
