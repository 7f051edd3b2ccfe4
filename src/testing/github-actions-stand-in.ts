import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { restAnswerProblems, restRequestProblems } from './github-api-check.ts';
import { DOCUMENTATION, workflowJob, workflowRun, type GitHubPlace } from './github-stand-in-answers.ts';

/** How a job of a CI run ended, as GitHub names a job's conclusion. */
export type JobConclusion = 'success' | 'failure' | 'cancelled' | 'skipped';

/** A run of the CI workflow: the branch and commit it checked, how it was started, and how each of its jobs ended. */
export interface StandInRun {
  readonly branch: string;
  readonly commit: string;
  readonly event?: 'push' | 'pull_request';
  readonly jobs: Readonly<Record<string, JobConclusion>>;
}

/**
 * The stand-in's address, every request it was asked, as "METHOD /path?query", oldest first, and each request or
 * answer GitHub's description would not have (github-api-check.ts), in words: close() fails while there is one.
 */
export interface ActionsStandIn {
  readonly url: string;
  readonly requests: readonly string[];
  readonly violations: string[];
  close(): Promise<void>;
}

/**
 * GitHub's REST API for one workflow's runs and their jobs, as a workflow's own token reads them
 * (scripts/what-changed.ts): "List workflow runs for a workflow" (GET /repos/{owner}/{repo}/actions/workflows/{file}/runs),
 * filtered by branch, event and status (a conclusion) as GitHub filters them, newest first; and "List jobs for a
 * workflow run" (GET /repos/{owner}/{repo}/actions/runs/{id}/jobs). A run's conclusion follows its jobs: failure when
 * one failed, cancelled when one was cancelled, else success (a skipped job fails nothing). Any other token is refused
 * with 401, as GitHub refuses bad credentials. Held to GitHub's description as the API's stand-in is
 * (github-stand-in.ts): what GitHub would not take or give is a 500 that says why, and fails the test.
 */
export async function startActionsStandIn(options: {
  readonly repository: string;
  readonly workflow: string;
  readonly token: string;
  readonly runs: readonly StandInRun[];
}): Promise<ActionsStandIn> {
  const requests: string[] = [];
  const violations: string[] = [];
  const [owner = '', name = ''] = options.repository.split('/');
  let place: GitHubPlace = { origin: '', owner, name };
  const runs = options.runs.map((run, index) => {
    const conclusions = Object.values(run.jobs);
    const id = 1000 + index;
    const conclusion = conclusions.includes('failure')
      ? 'failure'
      : conclusions.includes('cancelled')
        ? 'cancelled'
        : 'success';
    const answer = () =>
      workflowRun(place, {
        id,
        workflow: options.workflow,
        branch: run.branch,
        sha: run.commit,
        event: run.event ?? 'push',
        conclusion,
      });
    const jobs = () =>
      Object.entries(run.jobs).map(([job, ended], index) =>
        workflowJob(place, {
          runId: id,
          index,
          workflow: options.workflow,
          branch: run.branch,
          sha: run.commit,
          name: job,
          conclusion: ended,
        }),
      );
    return { id, answer, jobs };
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    const violated = (problems: string[]) => {
      violations.push(...problems);
      send(500, { message: `Not as GitHub's API is described: ${problems.join(' ')}` });
    };
    const answer = (status: number, body: unknown) => {
      const problems = restAnswerProblems(method, url, status, body);
      if (problems.length > 0) return violated(problems);
      send(status, body);
    };
    const refused = restRequestProblems(method, url, '');
    if (refused.length > 0) return violated(refused);
    if (request.headers.authorization !== `Bearer ${options.token}`)
      return answer(401, { message: 'Bad credentials', documentation_url: DOCUMENTATION });
    const prefix = `/repos/${options.repository}/actions`;
    if (method === 'GET' && url.pathname === `${prefix}/workflows/${options.workflow}/runs`) {
      const wanted = (name: string, value: string | null) =>
        !url.searchParams.get(name) || url.searchParams.get(name) === value;
      const listed = runs
        .map((run) => run.answer())
        .filter((run) => wanted('branch', run.head_branch) && wanted('event', run.event))
        .filter((run) => wanted('status', run.conclusion) || wanted('status', run.status))
        .reverse()
        .slice(0, Number(url.searchParams.get('per_page') ?? 30));
      return answer(200, { total_count: listed.length, workflow_runs: listed });
    }
    const jobsOf = new RegExp(`^${prefix}/runs/(\\d+)/jobs$`).exec(url.pathname);
    const run = jobsOf && runs.find((entry) => entry.id === Number(jobsOf[1]));
    if (method === 'GET' && run) return answer(200, { total_count: run.jobs().length, jobs: run.jobs() });
    answer(404, { message: 'Not Found', documentation_url: DOCUMENTATION });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  place = { ...place, origin: url };
  return {
    url,
    requests,
    violations,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (violations.length > 0)
        throw new Error(`The GitHub Actions stand-in was used as GitHub's API never is:\n${violations.join('\n')}`);
    },
  };
}
