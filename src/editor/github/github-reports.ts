/**
 * What the hosts said about a commit's build, as GitHub keeps it (github-build.ts reads it): the latest commit status
 * of each context (Netlify posts one), the check runs (GitHub Actions' jobs, Cloudflare Pages) and the deployments
 * with their latest status (GitHub Pages, and hosts that record deployments). A part the token may not read is left
 * out, not refused: the live site's own word still says when the change is live.
 */
import type { GitHubHttp } from './github-http.ts';

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

/** A commit status as GitHub answers it (the fields the editor reads). */
export interface GitHubCommitStatus {
  readonly context: string;
  /** 'error', 'failure', 'pending' or 'success'; GitHub's description types it as any text. */
  readonly state: string;
  readonly description?: string | null;
  readonly target_url?: string | null;
}

/** A check run as GitHub answers it (the fields the editor reads). */
export interface GitHubCheckRun {
  readonly name: string;
  readonly status: 'queued' | 'in_progress' | 'completed' | 'waiting' | 'requested' | 'pending';
  readonly conclusion?: string | null;
  readonly details_url?: string | null;
  readonly html_url?: string | null;
  readonly output?: { readonly title?: string | null; readonly summary?: string | null } | null;
  readonly app?: { readonly slug?: string; readonly name?: string } | null;
}

/** A deployment's status as GitHub answers it (the fields the editor reads). */
export interface GitHubDeploymentStatus {
  readonly state: 'error' | 'failure' | 'inactive' | 'in_progress' | 'queued' | 'pending' | 'success';
  readonly description?: string | null;
  readonly environment_url?: string | null;
  readonly log_url?: string | null;
  readonly target_url?: string | null;
}

/** What GitHub holds about a commit's build. */
export interface BuildReports {
  readonly statuses: readonly GitHubCommitStatus[];
  readonly checks: readonly GitHubCheckRun[];
  readonly deployments: readonly { readonly environment: string; readonly status?: GitHubDeploymentStatus }[];
}
