/**
 * How a published commit stands at /admin/: what the live site says it holds, and what the hosts told GitHub about
 * the commit's build (github-api.ts, buildReports), as host reports in words (protocol/publishing.ts).
 */
import { hostOfReport, siteBuildAt } from '../model/live-site.ts';
import type { HostReport, SiteBuild } from '../protocol/publishing.ts';
import type { GitHubApi } from './github-api.ts';
import type { BuildReports, GitHubCheckRun } from './github-reports.ts';
import { GitHubRepository } from './github-repository.ts';

/**
 * The commit status CI's suite job leaves on a commit that changed content only but waits for the whole suite on code
 * a developer changed before it (.github/workflows/ci.yml): pending while it runs, then success or failure.
 */
export const EARLIER_CODE_CHECKS = 'Code checks of an earlier change';

const FAILED_CHECK = new Set(['failure', 'timed_out', 'cancelled', 'action_required', 'startup_failure', 'stale']);

const firstLine = (text: string | null | undefined) => text?.trim().split('\n')[0]?.trim() || undefined;

function checkReport(check: GitHubCheckRun, siteAddress: string): HostReport {
  const host = hostOfReport(`${check.app?.slug ?? ''} ${check.app?.name ?? ''} ${check.name}`, siteAddress);
  const log = check.details_url ?? check.html_url ?? undefined;
  if (check.status !== 'completed') return { host, state: 'pending', log };
  if (!FAILED_CHECK.has(check.conclusion ?? '')) return { host, state: 'success', log };
  return {
    host,
    state: 'failure',
    words: firstLine(check.output?.title) ?? firstLine(check.output?.summary) ?? `the check “${check.name}” failed`,
    log,
  };
}

/** GitHub's reports on a commit's build, as host reports; `siteAddress` names the host where a report does not. */
function hostReportsOf(reports: BuildReports, siteAddress: string): HostReport[] {
  return [
    ...reports.statuses.map((status): HostReport => {
      const host = hostOfReport(status.context, siteAddress);
      const link = status.target_url ?? undefined;
      // Its link is the suite's run: a log, never a preview of the site.
      if (status.context === EARLIER_CODE_CHECKS)
        return {
          host: 'GitHub Actions',
          state: status.state === 'pending' || status.state === 'success' ? status.state : 'failure',
          earlierCode: true,
          log: link,
        };
      if (status.state === 'pending') return { host, state: 'pending', log: link };
      if (status.state === 'success') return { host, state: 'success', preview: link };
      return { host, state: 'failure', words: firstLine(status.description), log: link };
    }),
    ...reports.checks.map((check) => checkReport(check, siteAddress)),
    ...reports.deployments.flatMap(({ environment, status }): HostReport[] => {
      // A deployment another has replaced (inactive) says nothing of this commit any more.
      if (!status || status.state === 'inactive') return [];
      const host = hostOfReport(environment, siteAddress);
      const log = status.log_url ?? status.target_url ?? undefined;
      if (status.state === 'success')
        return [{ host, state: 'success', preview: status.environment_url ?? undefined, log }];
      if (status.state === 'failure' || status.state === 'error')
        return [{ host, state: 'failure', words: firstLine(status.description), log }];
      return [{ host, state: 'pending', log }];
    }),
  ];
}

/**
 * The published `commit` on its way (model/live-site.ts): the live site at `liveAddress` (the site /admin/ is part of)
 * and GitHub's reports. The live site holds it when it was built from it or from a later commit of main (the
 * repository's word). `siteAddress` is the site's address in config/site.json, which names the host.
 */
export function siteBuildOnGitHub(
  api: GitHubApi,
  commit: string,
  liveAddress: string,
  siteAddress: string,
): Promise<SiteBuild> {
  const repository = new GitHubRepository(api);
  return siteBuildAt(
    liveAddress || undefined,
    commit,
    (published, later) => repository.contains(later, published).catch(() => false),
    api.buildReports(commit).then(
      (reports) => hostReportsOf(reports, siteAddress),
      () => [],
    ),
  );
}
