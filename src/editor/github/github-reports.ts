/**
 * What the hosts said about a commit's build, as GitHub keeps it (github-build.ts reads it): the latest commit status
 * of each context (Netlify posts one), the check runs (GitHub Actions' jobs, Cloudflare Pages) and the deployments
 * with their latest status (GitHub Pages, and hosts that record deployments). A part the token may not read is left
 * out, not refused: the live site's own word still says when the change is live.
 */
import type { GitHubHttp, RestAnswer } from './github-http.ts';

export async function buildReportsOf(http: GitHubHttp, commit: string): Promise<BuildReports> {
  const [statuses, checks, deployments] = await Promise.all([
    http.rest('GET', '/repos/{owner}/{repo}/commits/{ref}/status', { ref: commit }).then(
      (combined): GitHubCommitStatus[] => combined.statuses ?? [],
      () => [],
    ),
    http.rest('GET', '/repos/{owner}/{repo}/commits/{ref}/check-runs', { ref: commit, per_page: 50 }).then(
      (runs): GitHubCheckRun[] => runs.check_runs ?? [],
      () => [],
    ),
    http.rest('GET', '/repos/{owner}/{repo}/deployments', { sha: commit, per_page: 5 }).then(
      (found) =>
        Promise.all(
          found.map(async (deployment) => ({
            environment: deployment.environment,
            status: (
              await http
                .rest('GET', '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses', {
                  // An int64 in GitHub's description; JSON gives it as a number.
                  deployment_id: Number(deployment.id),
                  per_page: 1,
                })
                .catch((): GitHubDeploymentStatus[] => [])
            )[0],
          })),
        ),
      () => [],
    ),
  ]);
  return { statuses, checks, deployments };
}

/** A commit status, a check run and a deployment's status, as GitHub's description types its answers. */
type GitHubCommitStatus = RestAnswer<'/repos/{owner}/{repo}/commits/{ref}/status', 'GET'>['statuses'][number];
export type GitHubCheckRun = RestAnswer<'/repos/{owner}/{repo}/commits/{ref}/check-runs', 'GET'>['check_runs'][number];
type GitHubDeploymentStatus = RestAnswer<'/repos/{owner}/{repo}/deployments/{deployment_id}/statuses', 'GET'>[number];

/** What GitHub holds about a commit's build. */
export interface BuildReports {
  readonly statuses: readonly GitHubCommitStatus[];
  readonly checks: readonly GitHubCheckRun[];
  readonly deployments: readonly { readonly environment: string; readonly status?: GitHubDeploymentStatus }[];
}
