/**
 * Whether CI may skip the whole suite (npm test) for a push or pull request, and run the content gate
 * (npm run check:site) alone. Content is what authors and the editor change, `config/` and `public/media/`, and the
 * gate checks all of it; everything else (src/, schemas/, scripts/, the workflows, package files, and the rest of
 * public/, such as _headers) is code, which only the suite checks. So the suite is skipped only where every code path
 * is the same as in a commit whose suite passed: never because "the commit before" changed content only, since that
 * commit's suite may have failed, been cancelled or never run.
 *
 * Two parts: `decideSuite`, over git and the record of passed suites, and `suiteRecordsOnGitHub`, which reads that
 * record from the CI workflow's runs with the workflow's token. `tsx scripts/what-changed.ts`, in GitHub Actions,
 * prints the decision and writes `suite`, `reason` and `passed` to $GITHUB_OUTPUT. When in doubt (no token, GitHub out
 * of reach, a first push, nothing passed yet), the suite runs.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const CONTENT = /^(config|public\/media)\//;

/** The job of .github/workflows/ci.yml that runs the whole suite: its success vouches for its commit's code. */
export const SUITE_JOB = 'suite';

/** How many runs' jobs are looked up at most, looking for a passed suite on the same code. */
export const MOST_RUNS_LOOKED_UP = 10;

/** The paths of code among these: every path outside the content folders. */
export const codePaths = (paths: readonly string[]): string[] => paths.filter((path) => !CONTENT.test(path));

const COMMIT = /^[0-9a-f]{7,64}$/i;

const gitIn = (cwd: string, args: readonly string[]): string | undefined => {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
};

/**
 * The paths whose files differ between the trees of two commits of the repository at `cwd` (what the one builds and
 * the other does not, however their histories went), or every path of `to` when `from` is null (a first commit);
 * undefined when either commit cannot be read.
 */
export function differingPaths(from: string | null, to: string, cwd = process.cwd()): string[] | undefined {
  if (!COMMIT.test(to) || (from !== null && (!COMMIT.test(from) || /^0+$/.test(from)))) return undefined;
  const listed = gitIn(
    cwd,
    from === null
      ? ['ls-tree', '-r', '--name-only', '-z', `${to}^{commit}`]
      : ['diff', '--name-only', '--no-renames', '-z', `${from}^{commit}`, `${to}^{commit}`, '--'],
  );
  return listed?.split('\0').filter(Boolean);
}

/** What a commit changed itself, against its first parent (for a pull request's merge commit: against the base). */
function ownChange(commit: string, cwd: string): string[] | undefined {
  const parent = gitIn(cwd, ['rev-parse', '--verify', '--quiet', `${commit}^1`])?.trim();
  return differingPaths(parent || null, commit, cwd);
}

/** A run of the CI workflow: the commit it checked. */
export interface CiRun {
  readonly id: number;
  readonly commit: string;
}

/** Where the record of passed suites is kept (GitHub's workflow runs), as the decision asks it. */
export interface SuiteRecords {
  /** The runs of the CI workflow that succeeded on pushes to `branch`, newest first. */
  successfulRuns(branch: string): Promise<readonly CiRun[]>;
  /** Whether the whole suite ran in this run and passed (in a run that skipped it, it did not). */
  suitePassed(run: CiRun): Promise<boolean>;
}

/**
 * Why the suite runs or not: `passed-code`, the code is the same as in a commit whose suite passed (skipped);
 * `own-code`, the change itself is code; `earlier-code`, the change is content only, but the code it builds has not
 * passed the suite yet (a developer's change before it, still under test, failed or never tested).
 */
export type SuiteReason = 'passed-code' | 'own-code' | 'earlier-code';

/** Whether the whole suite runs, why, and in words for the log. */
export interface SuiteDecision {
  readonly suite: boolean;
  readonly reason: SuiteReason;
  /** The commit whose passed suite vouches for this code, when the suite is skipped. */
  readonly passed?: string;
  readonly words: string;
}

const short = (commit: string) => commit.slice(0, 7);

/**
 * Whether the whole suite must run on `head`, a commit of the repository at `cwd`: not when the code it builds is the
 * same, path for path, as in a commit whose suite passed, looked for among the successful runs of `branches` in
 * order (a push's branch, then the default branch; a pull request's base). Without records, or when they cannot be
 * read, the suite runs.
 */
export async function decideSuite(
  head: string,
  branches: readonly string[],
  records: SuiteRecords | undefined,
  cwd = process.cwd(),
): Promise<SuiteDecision> {
  let unknown = records ? '' : 'no token to ask GitHub which commits passed it';
  let passed: string | undefined;
  try {
    const looked = new Set<number>();
    for (const branch of records ? branches : []) {
      // Oldest first: the suite ran where the code first became what it is, and was skipped after that.
      const twins = [...(await records!.successfulRuns(branch))].reverse().filter((run) => {
        const paths = differingPaths(run.commit, head, cwd);
        return paths !== undefined && codePaths(paths).length === 0;
      });
      for (const run of twins) {
        if (looked.has(run.id) || looked.size >= MOST_RUNS_LOOKED_UP) continue;
        looked.add(run.id);
        if (await records!.suitePassed(run)) {
          passed = run.commit;
          break;
        }
      }
      if (passed) break;
    }
  } catch (error) {
    unknown = `GitHub could not be asked which commits passed it: ${(error as Error).message}`;
  }
  if (passed)
    return {
      suite: false,
      reason: 'passed-code',
      passed,
      words: `The code is the same as in ${short(passed)}, whose suite passed: the content gate is enough.`,
    };
  const own = ownChange(head, cwd);
  const ownCode = own && codePaths(own);
  if (!ownCode || ownCode.length > 0)
    return {
      suite: true,
      reason: 'own-code',
      words: `Code changed (${ownCode?.slice(0, 5).join(', ') || `${short(head)} cannot be read`}): the whole suite runs after the gate.`,
    };
  return {
    suite: true,
    reason: 'earlier-code',
    words: `Only content changed, but the code it builds has not passed the suite yet (${unknown || 'no commit with the same code passed it'}): the whole suite runs after the gate.`,
  };
}

/** GitHub's REST API, from a workflow: its address, the repository ("owner/name"), the workflow's file and token. */
export interface GitHubRun {
  readonly api: string;
  readonly repository: string;
  readonly workflow: string;
  readonly token: string;
}

/** The record of passed suites as GitHub keeps it: the workflow's successful runs of pushes, and each run's jobs. */
export function suiteRecordsOnGitHub(github: GitHubRun, fetchFrom: typeof fetch = fetch): SuiteRecords {
  const get = async <T>(path: string): Promise<T> => {
    const answer = await fetchFrom(`${github.api}/repos/${github.repository}${path}`, {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${github.token}`,
        'x-github-api-version': '2022-11-28',
      },
      signal: AbortSignal.timeout(30_000),
    });
    if (!answer.ok) throw new Error(`it answered ${answer.status} to ${path.split('?')[0]}`);
    return (await answer.json()) as T;
  };
  return {
    async successfulRuns(branch) {
      const query = new URLSearchParams({ branch, event: 'push', status: 'success', per_page: '100' });
      const { workflow_runs: runs = [] } = await get<{ workflow_runs?: { id: number; head_sha: string }[] }>(
        `/actions/workflows/${encodeURIComponent(github.workflow)}/runs?${query}`,
      );
      return runs.map((run) => ({ id: run.id, commit: run.head_sha }));
    },
    async suitePassed(run) {
      const { jobs = [] } = await get<{ jobs?: { name: string; conclusion: string | null }[] }>(
        `/actions/runs/${run.id}/jobs?filter=latest&per_page=100`,
      );
      return jobs.some((job) => job.name === SUITE_JOB && job.conclusion === 'success');
    },
  };
}

/** The variables the command reads: GitHub sets each in every step, but the token and the default branch. */
export const READS = [
  'GITHUB_SHA',
  'GITHUB_EVENT_NAME',
  'GITHUB_REF_NAME',
  'GITHUB_BASE_REF',
  'GITHUB_REPOSITORY',
  'GITHUB_API_URL',
  'GITHUB_WORKFLOW_REF',
  'GITHUB_OUTPUT',
  'GITHUB_TOKEN',
  'DEFAULT_BRANCH',
] as const;

if (process.argv[1] === import.meta.filename) {
  const env = process.env as Partial<Record<(typeof READS)[number], string>>;
  const head = env.GITHUB_SHA || gitIn(process.cwd(), ['rev-parse', 'HEAD'])?.trim() || '';
  const branches =
    env.GITHUB_EVENT_NAME === 'pull_request' ? [env.GITHUB_BASE_REF] : [env.GITHUB_REF_NAME, env.DEFAULT_BRANCH];
  // "owner/name/.github/workflows/ci.yml@refs/heads/main": the runs of this very workflow.
  const workflow = /\/\.github\/workflows\/([^/@]+)@/.exec(env.GITHUB_WORKFLOW_REF ?? '')?.[1];
  const records =
    env.GITHUB_TOKEN && env.GITHUB_REPOSITORY && workflow
      ? suiteRecordsOnGitHub({
          api: env.GITHUB_API_URL || 'https://api.github.com',
          repository: env.GITHUB_REPOSITORY,
          workflow,
          token: env.GITHUB_TOKEN,
        })
      : undefined;
  const decision = await decideSuite(head, [...new Set(branches.filter((branch) => !!branch))] as string[], records);
  const outputs = `suite=${decision.suite}\nreason=${decision.reason}\npassed=${decision.passed ?? ''}\n`;
  console.log(`${decision.words}\n${outputs}`);
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, outputs);
}
