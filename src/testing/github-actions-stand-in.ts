import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a job of a CI run ended, as GitHub names a job's conclusion. */
export type JobConclusion = 'success' | 'failure' | 'cancelled' | 'skipped';

/** A run of the CI workflow: the branch and commit it checked, how it was started, and how each of its jobs ended. */
export interface StandInRun {
  readonly branch: string;
  readonly commit: string;
  readonly event?: 'push' | 'pull_request';
  readonly jobs: Readonly<Record<string, JobConclusion>>;
}

/** The stand-in's address, and every request it was asked, as "METHOD /path?query", oldest first. */
export interface ActionsStandIn {
  readonly url: string;
  readonly requests: readonly string[];
  close(): Promise<void>;
}

/**
 * GitHub's REST API for one workflow's runs and their jobs, as a workflow's own token reads them
 * (scripts/what-changed.ts): "List workflow runs for a workflow" (GET /repos/{owner}/{repo}/actions/workflows/{file}/runs),
 * filtered by branch, event and status (a conclusion) as GitHub filters them, newest first; and "List jobs for a
 * workflow run" (GET /repos/{owner}/{repo}/actions/runs/{id}/jobs). A run's conclusion follows its jobs: failure when
 * one failed, cancelled when one was cancelled, else success (a skipped job fails nothing). Any other token is refused
 * with 401, as GitHub refuses bad credentials.
 */
export async function startActionsStandIn(options: {
  readonly repository: string;
  readonly workflow: string;
  readonly token: string;
  readonly runs: readonly StandInRun[];
}): Promise<ActionsStandIn> {
  const requests: string[] = [];
  const runs = options.runs.map((run, index) => {
    const conclusions = Object.values(run.jobs);
    return {
      id: 1000 + index,
      head_sha: run.commit,
      head_branch: run.branch,
      event: run.event ?? 'push',
      status: 'completed',
      conclusion: conclusions.includes('failure')
        ? 'failure'
        : conclusions.includes('cancelled')
          ? 'cancelled'
          : 'success',
      jobs: Object.entries(run.jobs).map(([name, conclusion]) => ({ name, status: 'completed', conclusion })),
    };
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${options.token}`)
      return answer(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
    const prefix = `/repos/${options.repository}/actions`;
    if (request.method === 'GET' && url.pathname === `${prefix}/workflows/${options.workflow}/runs`) {
      const wanted = (name: string, value: string) =>
        !url.searchParams.get(name) || url.searchParams.get(name) === value;
      const listed = runs
        .filter((run) => wanted('branch', run.head_branch) && wanted('event', run.event))
        .filter((run) => wanted('status', run.conclusion) || wanted('status', run.status))
        .reverse()
        .slice(0, Number(url.searchParams.get('per_page') ?? 30))
        .map(({ jobs: _, ...run }) => run);
      return answer(200, { total_count: listed.length, workflow_runs: listed });
    }
    const jobsOf = new RegExp(`^${prefix}/runs/(\\d+)/jobs$`).exec(url.pathname);
    const run = jobsOf && runs.find((entry) => entry.id === Number(jobsOf[1]));
    if (request.method === 'GET' && run) return answer(200, { total_count: run.jobs.length, jobs: run.jobs });
    answer(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
