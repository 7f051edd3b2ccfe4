/**
 * GitHub's objects as its REST API gives them, for the stand-ins' answers: an account, the repository, a ref, a
 * commit, a pull request, a commit status, a check run, a deployment, a workflow's run and job. Each is typed by
 * GitHub's own description (@octokit/openapi-types), so the type check holds the stand-in to every field GitHub
 * always sends, and the stand-in checks each answer against the same description as it gives it (github-api-check.ts).
 * Ids are made from names, so the same thing always has the same id; times are the moment asked, or git's own.
 */
import { createHash } from 'node:crypto';
import type { components } from '@octokit/openapi-types';
import type { CommitRecord } from './bare-repository.ts';

export type GitHubSchemas = components['schemas'];

/** Where GitHub is: the stand-in's address serves both github.com's pages and api.github.com's API. */
export interface GitHubPlace {
  readonly origin: string;
  readonly owner: string;
  readonly name: string;
}

/** Where GitHub's errors point to. */
export const DOCUMENTATION = 'https://docs.github.com/rest';

/** GitHub's answer to a request it cannot take (422): its words, and where they are explained. */
export const validationFailed = (message: string): GitHubSchemas['validation-error'] => ({
  message,
  documentation_url: DOCUMENTATION,
});

/** A number id for a name, the same each time (GitHub's ids are numbers). */
export function idOf(name: string): number {
  return createHash('sha256').update(name).digest().readUInt32BE(0);
}

/** GitHub's global id of a thing: its kind and number, as base64. */
const nodeIdOf = (kind: string, id: number) => Buffer.from(`${kind}:${id}`).toString('base64');

const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

/** The repository's API address and its page. */
const apiOf = (place: GitHubPlace) => `${place.origin}/repos/${place.owner}/${place.name}`;
const pageOf = (place: GitHubPlace) => `${place.origin}/${place.owner}/${place.name}`;

/** An account as GitHub names it inside other objects (an owner, a creator, a commit's author). */
export function simpleUser(origin: string, login: string): GitHubSchemas['simple-user'] {
  const id = idOf(`user:${login}`);
  const api = `${origin}/users/${login}`;
  return {
    login,
    id,
    node_id: nodeIdOf('User', id),
    avatar_url: `${origin}/avatars/${login}`,
    gravatar_id: '',
    url: api,
    html_url: `${origin}/${login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: 'User',
    site_admin: false,
  };
}

/** The signed-in account (GET /user), as a token without the "user" scope reads it: its public profile. */
export function publicUser(
  origin: string,
  account: { readonly login: string; readonly name: string },
): GitHubSchemas['public-user'] {
  const created = '2020-01-01T00:00:00Z';
  return {
    ...simpleUser(origin, account.login),
    name: account.name,
    company: null,
    blog: '',
    location: null,
    email: null,
    hireable: null,
    bio: null,
    public_repos: 1,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: created,
    updated_at: created,
  };
}

/** The repository (GET /repos/{owner}/{repo}), with what this account may do in it. */
export function fullRepository(
  place: GitHubPlace,
  options: { readonly defaultBranch: string; readonly canWrite: boolean },
): GitHubSchemas['full-repository'] {
  const id = idOf(`repository:${place.owner}/${place.name}`);
  const api = apiOf(place);
  const at = now();
  return {
    id,
    node_id: nodeIdOf('Repository', id),
    name: place.name,
    full_name: `${place.owner}/${place.name}`,
    owner: simpleUser(place.origin, place.owner),
    private: true,
    html_url: pageOf(place),
    description: null,
    fork: false,
    url: api,
    archive_url: `${api}/{archive_format}{/ref}`,
    assignees_url: `${api}/assignees{/user}`,
    blobs_url: `${api}/git/blobs{/sha}`,
    branches_url: `${api}/branches{/branch}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    comments_url: `${api}/comments{/number}`,
    commits_url: `${api}/commits{/sha}`,
    compare_url: `${api}/compare/{base}...{head}`,
    contents_url: `${api}/contents/{+path}`,
    contributors_url: `${api}/contributors`,
    deployments_url: `${api}/deployments`,
    downloads_url: `${api}/downloads`,
    events_url: `${api}/events`,
    forks_url: `${api}/forks`,
    git_commits_url: `${api}/git/commits{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    git_url: `git:${pageOf(place).slice(place.origin.indexOf(':') + 1)}.git`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    issue_events_url: `${api}/issues/events{/number}`,
    issues_url: `${api}/issues{/number}`,
    keys_url: `${api}/keys{/key_id}`,
    labels_url: `${api}/labels{/name}`,
    languages_url: `${api}/languages`,
    merges_url: `${api}/merges`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    pulls_url: `${api}/pulls{/number}`,
    releases_url: `${api}/releases{/id}`,
    ssh_url: `git@${new URL(place.origin).host}:${place.owner}/${place.name}.git`,
    stargazers_url: `${api}/stargazers`,
    statuses_url: `${api}/statuses/{sha}`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    tags_url: `${api}/tags`,
    teams_url: `${api}/teams`,
    trees_url: `${api}/git/trees{/sha}`,
    clone_url: `${pageOf(place)}.git`,
    mirror_url: null,
    hooks_url: `${api}/hooks`,
    svn_url: pageOf(place),
    homepage: null,
    language: 'TypeScript',
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    size: 0,
    default_branch: options.defaultBranch,
    open_issues: 0,
    open_issues_count: 0,
    is_template: false,
    topics: [],
    has_issues: true,
    has_projects: false,
    has_wiki: false,
    has_pages: false,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: 'private',
    pushed_at: at,
    created_at: '2020-01-01T00:00:00Z',
    updated_at: at,
    permissions: {
      admin: false,
      maintain: false,
      push: options.canWrite,
      triage: options.canWrite,
      pull: true,
    },
    license: null,
    network_count: 0,
    subscribers_count: 1,
  };
}

/** A branch (a ref under refs/heads/) and the commit it points to. */
export function gitRef(place: GitHubPlace, branch: string, sha: string): GitHubSchemas['git-ref'] {
  const ref = `refs/heads/${branch}`;
  return {
    ref,
    node_id: Buffer.from(`Ref:${place.owner}/${place.name}:${ref}`).toString('base64'),
    url: `${apiOf(place)}/git/${ref}`,
    object: { type: 'commit', sha, url: `${apiOf(place)}/git/commits/${sha}` },
  };
}

/** No signature: what GitHub says of a commit nobody signed. */
const UNSIGNED: GitHubSchemas['git-commit']['verification'] = {
  verified: false,
  reason: 'unsigned',
  signature: null,
  payload: null,
  verified_at: null,
};

/** A git commit (GET and POST …/git/commits). */
export function gitCommit(place: GitHubPlace, commit: CommitRecord): GitHubSchemas['git-commit'] {
  const api = apiOf(place);
  return {
    sha: commit.sha,
    node_id: nodeIdOf('Commit', idOf(commit.sha)),
    url: `${api}/git/commits/${commit.sha}`,
    html_url: `${pageOf(place)}/commit/${commit.sha}`,
    author: { ...commit.author },
    committer: { ...commit.committer },
    tree: { sha: commit.tree, url: `${api}/git/trees/${commit.tree}` },
    message: commit.message,
    parents: commit.parents.map((sha) => ({
      sha,
      url: `${api}/git/commits/${sha}`,
      html_url: `${pageOf(place)}/commit/${sha}`,
    })),
    verification: UNSIGNED,
  };
}

/** A commit as the commits list and a comparison give it (GET …/commits, …/compare). */
export function commitOf(
  place: GitHubPlace,
  commit: CommitRecord,
  accountOf: (email: string) => string | undefined,
): GitHubSchemas['commit'] {
  const api = apiOf(place);
  // GitHub names the account whose address a commit carries; none when no account has it.
  const userOf = (email: string) => {
    const login = accountOf(email);
    return login === undefined ? null : simpleUser(place.origin, login);
  };
  return {
    url: `${api}/commits/${commit.sha}`,
    sha: commit.sha,
    node_id: nodeIdOf('Commit', idOf(commit.sha)),
    html_url: `${pageOf(place)}/commit/${commit.sha}`,
    comments_url: `${api}/commits/${commit.sha}/comments`,
    commit: {
      url: `${api}/git/commits/${commit.sha}`,
      author: { ...commit.author },
      committer: { ...commit.committer },
      message: commit.message,
      comment_count: 0,
      tree: { sha: commit.tree, url: `${api}/git/trees/${commit.tree}` },
      verification: UNSIGNED,
    },
    author: userOf(commit.author.email),
    committer: userOf(commit.committer.email),
    parents: commit.parents.map((sha) => ({
      sha,
      url: `${api}/commits/${sha}`,
      html_url: `${pageOf(place)}/commit/${sha}`,
    })),
  };
}

/** A file a comparison lists, with git's status letter (A, M, D). */
export function diffEntry(
  place: GitHubPlace,
  file: { path: string; status: string; previous?: string },
): GitHubSchemas['diff-entry'] {
  const statuses: Record<string, GitHubSchemas['diff-entry']['status']> = {
    A: 'added',
    M: 'modified',
    D: 'removed',
    R: 'renamed',
  };
  const path = file.path.split('/').map(encodeURIComponent).join('/');
  return {
    sha: null,
    filename: file.path,
    status: statuses[file.status] ?? 'modified',
    additions: 0,
    deletions: 0,
    changes: 0,
    blob_url: `${pageOf(place)}/blob/HEAD/${path}`,
    raw_url: `${pageOf(place)}/raw/HEAD/${path}`,
    contents_url: `${apiOf(place)}/contents/${path}`,
    ...(file.previous ? { previous_filename: file.previous } : {}),
  };
}

/** Two commits compared (GET …/compare/{base}...{head}): where they meet, and what changed from there to head. */
export function commitComparison(
  place: GitHubPlace,
  compared: {
    readonly base: GitHubSchemas['commit'];
    readonly mergeBase: GitHubSchemas['commit'];
    /** How many commits head has that the merge base has not, and those of them this page lists. */
    readonly aheadBy: number;
    readonly commits: readonly GitHubSchemas['commit'][];
    readonly behindBy: number;
    readonly files: readonly GitHubSchemas['diff-entry'][];
    readonly basehead: string;
  },
): GitHubSchemas['commit-comparison'] {
  const { aheadBy } = compared;
  return {
    url: `${apiOf(place)}/compare/${compared.basehead}`,
    html_url: `${pageOf(place)}/compare/${compared.basehead}`,
    permalink_url: `${pageOf(place)}/compare/${compared.basehead}`,
    diff_url: `${pageOf(place)}/compare/${compared.basehead}.diff`,
    patch_url: `${pageOf(place)}/compare/${compared.basehead}.patch`,
    base_commit: compared.base,
    merge_base_commit: compared.mergeBase,
    status:
      aheadBy === 0 && compared.behindBy === 0
        ? 'identical'
        : compared.behindBy === 0
          ? 'ahead'
          : aheadBy === 0
            ? 'behind'
            : 'diverged',
    ahead_by: aheadBy,
    behind_by: compared.behindBy,
    total_commits: aheadBy,
    commits: [...compared.commits],
    files: [...compared.files],
  };
}

/** A pull request from a branch into another, as the list of pull requests gives it. */
export function pullRequestSimple(
  place: GitHubPlace,
  pull: {
    readonly number: number;
    readonly head: { readonly ref: string; readonly sha: string };
    readonly base: { readonly ref: string; readonly sha: string };
    readonly title: string;
    readonly body: string | null;
    readonly by: string;
    readonly repository: GitHubSchemas['repository'];
  },
): GitHubSchemas['pull-request-simple'] {
  const id = idOf(`pull:${place.owner}/${place.name}#${pull.number}`);
  const api = `${apiOf(place)}/pulls/${pull.number}`;
  const page = `${pageOf(place)}/pull/${pull.number}`;
  const issue = `${apiOf(place)}/issues/${pull.number}`;
  const user = simpleUser(place.origin, pull.by);
  const side = (side: { ref: string; sha: string }) => ({
    label: `${place.owner}:${side.ref}`,
    ref: side.ref,
    sha: side.sha,
    user: simpleUser(place.origin, place.owner),
    repo: pull.repository,
  });
  const at = now();
  return {
    url: api,
    id,
    node_id: nodeIdOf('PullRequest', id),
    html_url: page,
    diff_url: `${page}.diff`,
    patch_url: `${page}.patch`,
    issue_url: issue,
    commits_url: `${api}/commits`,
    review_comments_url: `${api}/comments`,
    review_comment_url: `${apiOf(place)}/pulls/comments{/number}`,
    comments_url: `${issue}/comments`,
    statuses_url: `${apiOf(place)}/statuses/${pull.head.sha}`,
    number: pull.number,
    state: 'open',
    locked: false,
    title: pull.title,
    user,
    body: pull.body,
    labels: [],
    milestone: null,
    created_at: at,
    updated_at: at,
    closed_at: null,
    merged_at: null,
    merge_commit_sha: null,
    assignee: null,
    head: side(pull.head),
    base: side(pull.base),
    _links: {
      self: { href: api },
      html: { href: page },
      issue: { href: issue },
      comments: { href: `${issue}/comments` },
      review_comments: { href: `${api}/comments` },
      review_comment: { href: `${apiOf(place)}/pulls/comments{/number}` },
      commits: { href: `${api}/commits` },
      statuses: { href: `${apiOf(place)}/statuses/${pull.head.sha}` },
    },
    author_association: 'COLLABORATOR',
    auto_merge: null,
  };
}

/** A pull request just opened (POST …/pulls): its list entry, and what GitHub says of it besides. */
export function pullRequest(pull: GitHubSchemas['pull-request-simple']): GitHubSchemas['pull-request'] {
  return {
    ...pull,
    state: 'open',
    active_lock_reason: null,
    merged: false,
    mergeable: null,
    rebaseable: null,
    mergeable_state: 'unknown',
    merged_by: null,
    comments: 0,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 1,
    additions: 0,
    deletions: 0,
    changed_files: 0,
    // The list entry's people and sides, which the list types as maybe absent and a new pull request always has.
  } as GitHubSchemas['pull-request'];
}

/** The repository as other objects name it (a pull request's head and base). */
export function repositoryOf(place: GitHubPlace, defaultBranch: string): GitHubSchemas['repository'] {
  const {
    network_count: _network,
    subscribers_count: _subscribers,
    temp_clone_token: _token,
    ...repository
  } = fullRepository(place, {
    defaultBranch,
    canWrite: true,
  });
  return { ...repository, has_downloads: false };
}

/** A commit status a host posted (POST …/statuses/{sha}), by the account that posted it. */
export function commitStatus(
  place: GitHubPlace,
  posted: {
    readonly id: number;
    readonly sha: string;
    readonly context: string;
    readonly state: string;
    readonly description?: string | null;
    readonly target_url?: string | null;
    readonly by: string;
    readonly at: string;
  },
): GitHubSchemas['status'] {
  return {
    url: `${apiOf(place)}/statuses/${posted.sha}`,
    avatar_url: null,
    id: posted.id,
    node_id: nodeIdOf('StatusContext', posted.id),
    state: posted.state,
    description: posted.description ?? null,
    target_url: posted.target_url ?? null,
    context: posted.context,
    created_at: posted.at,
    updated_at: posted.at,
    creator: simpleUser(place.origin, posted.by),
  };
}

/** A commit's statuses combined (GET …/commits/{ref}/status): the newest of each context, and one state for all. */
export function combinedStatus(
  place: GitHubPlace,
  sha: string,
  statuses: readonly GitHubSchemas['status'][],
  repository: GitHubSchemas['minimal-repository'],
): GitHubSchemas['combined-commit-status'] {
  const state = statuses.some((entry) => entry.state === 'failure' || entry.state === 'error')
    ? 'failure'
    : statuses.some((entry) => entry.state === 'pending') || statuses.length === 0
      ? 'pending'
      : 'success';
  return {
    state,
    sha,
    total_count: statuses.length,
    statuses: statuses.map(({ creator: _creator, ...status }) => ({ ...status, required: false })),
    repository,
    commit_url: `${apiOf(place)}/commits/${sha}`,
    url: `${apiOf(place)}/commits/${sha}/status`,
  };
}

/** The repository as a status or a run names it. */
export function minimalRepository(place: GitHubPlace, defaultBranch: string): GitHubSchemas['minimal-repository'] {
  // No licence: where the full repository says null, the minimal one leaves it out.
  const { license: _license, ...repository } = repositoryOf(place, defaultBranch);
  return repository;
}

/** The app that posted a check run or ran a workflow (GitHub Actions, a host's app). */
export function appOf(origin: string, app: { readonly slug: string; readonly name: string }) {
  const id = idOf(`app:${app.slug}`);
  const at = '2020-01-01T00:00:00Z';
  return {
    id,
    slug: app.slug,
    node_id: nodeIdOf('App', id),
    owner: simpleUser(origin, app.slug),
    name: app.name,
    description: null,
    external_url: `${origin}/apps/${app.slug}`,
    html_url: `${origin}/apps/${app.slug}`,
    created_at: at,
    updated_at: at,
    permissions: { checks: 'write', contents: 'read', metadata: 'read' },
    events: [],
  } satisfies NonNullable<GitHubSchemas['nullable-integration']>;
}

/** A check run a host or GitHub Actions posted (POST …/check-runs), as GitHub gives it back. */
export function checkRun(
  place: GitHubPlace,
  posted: {
    readonly id: number;
    readonly sha: string;
    readonly name: string;
    readonly status: GitHubSchemas['check-run']['status'];
    readonly conclusion?: GitHubSchemas['check-run']['conclusion'];
    readonly details_url?: string | null;
    readonly output?: { readonly title?: string | null; readonly summary?: string | null };
    readonly app: { readonly slug: string; readonly name: string };
    readonly at: string;
  },
): GitHubSchemas['check-run'] {
  const completed = posted.status === 'completed';
  return {
    id: posted.id,
    node_id: nodeIdOf('CheckRun', posted.id),
    head_sha: posted.sha,
    name: posted.name,
    url: `${apiOf(place)}/check-runs/${posted.id}`,
    html_url: `${pageOf(place)}/runs/${posted.id}`,
    details_url: posted.details_url ?? null,
    external_id: '',
    status: posted.status,
    conclusion: posted.conclusion ?? null,
    started_at: posted.at,
    completed_at: completed ? posted.at : null,
    output: {
      title: posted.output?.title ?? null,
      summary: posted.output?.summary ?? null,
      text: null,
      annotations_count: 0,
      annotations_url: `${apiOf(place)}/check-runs/${posted.id}/annotations`,
    },
    check_suite: { id: idOf(`suite:${posted.sha}:${posted.app.slug}`) },
    app: appOf(place.origin, posted.app),
    pull_requests: [],
  };
}

/** A deployment of a commit to an environment (POST, GET …/deployments). */
export function deployment(
  place: GitHubPlace,
  made: {
    readonly id: number;
    readonly sha: string;
    readonly ref: string;
    readonly environment: string;
    readonly by: string;
    readonly at: string;
  },
): GitHubSchemas['deployment'] {
  const url = `${apiOf(place)}/deployments/${made.id}`;
  return {
    url,
    id: made.id,
    node_id: nodeIdOf('Deployment', made.id),
    sha: made.sha,
    ref: made.ref,
    task: 'deploy',
    payload: {},
    original_environment: made.environment,
    environment: made.environment,
    description: null,
    creator: simpleUser(place.origin, made.by),
    created_at: made.at,
    updated_at: made.at,
    statuses_url: `${url}/statuses`,
    repository_url: apiOf(place),
    transient_environment: false,
    production_environment: made.environment === 'production',
  };
}

/** A deployment's status, as a host posted it (POST, GET …/deployments/{id}/statuses). */
export function deploymentStatus(
  place: GitHubPlace,
  posted: {
    readonly id: number;
    readonly deployment: number;
    readonly environment: string;
    readonly state: GitHubSchemas['deployment-status']['state'];
    readonly description?: string;
    readonly environment_url?: string;
    readonly log_url?: string;
    readonly target_url?: string;
    readonly by: string;
    readonly at: string;
  },
): GitHubSchemas['deployment-status'] {
  const deploymentUrl = `${apiOf(place)}/deployments/${posted.deployment}`;
  return {
    url: `${deploymentUrl}/statuses/${posted.id}`,
    id: posted.id,
    node_id: nodeIdOf('DeploymentStatus', posted.id),
    state: posted.state,
    creator: simpleUser(place.origin, posted.by),
    description: posted.description ?? '',
    environment: posted.environment,
    target_url: posted.target_url ?? posted.log_url ?? '',
    created_at: posted.at,
    updated_at: posted.at,
    deployment_url: deploymentUrl,
    repository_url: apiOf(place),
    environment_url: posted.environment_url ?? '',
    log_url: posted.log_url ?? posted.target_url ?? '',
  };
}

/** A run of a workflow (GET …/actions/workflows/{workflow}/runs), of a commit on a branch, finished. */
export function workflowRun(
  place: GitHubPlace,
  run: {
    readonly id: number;
    readonly workflow: string;
    readonly branch: string;
    readonly sha: string;
    readonly event: string;
    readonly conclusion: string;
  },
): GitHubSchemas['workflow-run'] {
  const api = `${apiOf(place)}/actions/runs/${run.id}`;
  const workflowId = idOf(`workflow:${run.workflow}`);
  const at = '2020-01-01T00:00:00Z';
  return {
    id: run.id,
    name: run.workflow,
    node_id: nodeIdOf('WorkflowRun', run.id),
    head_branch: run.branch,
    head_sha: run.sha,
    path: `.github/workflows/${run.workflow}`,
    display_title: run.workflow,
    run_number: run.id,
    run_attempt: 1,
    event: run.event,
    status: 'completed',
    conclusion: run.conclusion,
    workflow_id: workflowId,
    check_suite_id: idOf(`suite:${run.id}`),
    url: api,
    html_url: `${pageOf(place)}/actions/runs/${run.id}`,
    pull_requests: [],
    created_at: at,
    updated_at: at,
    run_started_at: at,
    jobs_url: `${api}/jobs`,
    logs_url: `${api}/logs`,
    check_suite_url: `${apiOf(place)}/check-suites/${idOf(`suite:${run.id}`)}`,
    artifacts_url: `${api}/artifacts`,
    cancel_url: `${api}/cancel`,
    rerun_url: `${api}/rerun`,
    workflow_url: `${apiOf(place)}/actions/workflows/${workflowId}`,
    head_commit: null,
    repository: minimalRepository(place, 'main'),
    head_repository: minimalRepository(place, 'main'),
  };
}

/** A job of a workflow's run (GET …/actions/runs/{id}/jobs), finished. */
export function workflowJob(
  place: GitHubPlace,
  job: {
    readonly runId: number;
    readonly index: number;
    readonly workflow: string;
    readonly branch: string;
    readonly sha: string;
    readonly name: string;
    readonly conclusion: GitHubSchemas['job']['conclusion'];
  },
): GitHubSchemas['job'] {
  const id = job.runId * 100 + job.index;
  const at = '2020-01-01T00:00:00Z';
  return {
    id,
    run_id: job.runId,
    run_url: `${apiOf(place)}/actions/runs/${job.runId}`,
    node_id: nodeIdOf('CheckRun', id),
    head_sha: job.sha,
    head_branch: job.branch,
    workflow_name: job.workflow,
    url: `${apiOf(place)}/actions/jobs/${id}`,
    html_url: `${pageOf(place)}/actions/runs/${job.runId}/job/${id}`,
    status: 'completed',
    conclusion: job.conclusion,
    created_at: at,
    started_at: at,
    completed_at: at,
    name: job.name,
    check_run_url: `${apiOf(place)}/check-runs/${id}`,
    labels: ['ubuntu-latest'],
    runner_id: 1,
    runner_name: 'GitHub Actions 1',
    runner_group_id: 1,
    runner_group_name: 'GitHub Actions',
  };
}
