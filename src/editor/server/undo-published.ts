/**
 * Undo of a published change at npm run edit: a new commit on what is live that puts back what the change did in
 * config/ and public/media/ (model/undo-files.ts decides, as at /admin/), checked, pushed, and brought into the
 * author's copy with their saved changes on top.
 */
import { assertCommitId, planUndo } from '../model/undo-files.ts';
import type { LatestResult, PublishResult } from '../protocol/publishing.ts';
import { integrate } from './get-latest.ts';
import { historyOnDisk } from './history.ts';
import { NEEDS_IDENTITY, type OperationSteps } from './operation-steps.ts';
import { commitFiles, problemsOfCommit, pushCommit } from './publish-commit.ts';
import { REMOTE, type PublishSettings } from './publish-settings.ts';
import type { SiteRepository } from './site-repository.ts';
import { refuse } from '../protocol/refusals.ts';
import { identityOf } from './git-identity.ts';
import { withOperation } from '../model/operations.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { landedPublish } from './publish-saved.ts';

/**
 * Undoes a published change, where nothing later changed the same field, published only once the config it leaves
 * passes the check. What the change did to other files (the site's code) stays as it is, and the undo says so. With
 * `only` (paths the change changed), just those files are put back: one change of many published together.
 */
export async function undoPublished(
  steps: OperationSteps,
  repo: SiteRepository,
  settings: PublishSettings,
  commit: unknown,
  only?: unknown,
  attempt?: Attempt,
): Promise<PublishResult | LatestResult> {
  assertCommitId(commit);
  // A try whose answer never reached the page: its commit stands where the site is, and is answered so.
  const landed = await landedPublish(repo, settings, attempt);
  if (landed) return landed;
  if (!(await identityOf(repo))) throw refuse('needsIdentity', 'try again').with(NEEDS_IDENTITY);
  const live = await repo.commitOf(await steps.fetch(repo, settings));
  const plan = await planUndo(historyOnDisk(repo), commit, only, live);
  steps.step('committing');
  const files = new Map([...plan.files].map(([path, bytes]) => [path, bytes && Buffer.from(bytes)]));
  const undoCommit = await commitFiles(repo, live, files, withOperation(plan.message, attempt?.id));
  steps.step('checking');
  const problems = await steps.siteFiles.run(() => problemsOfCommit(repo, undoCommit, steps.validateFolder));
  if (problems.length > 0) return { status: 'invalid', problems };
  steps.step('sending');
  const { branch, link } = await pushCommit(repo, settings, undoCommit, plan.subject, attempt?.id);
  if (settings.mode === 'live') {
    steps.step('merging');
    const known = `refs/remotes/${REMOTE}/${settings.branch}`;
    await repo.git.run(['update-ref', known, undoCommit]);
    const latest = await steps.siteFiles.run(() => integrate(repo, known, {}));
    if (latest.status === 'conflicts') return latest;
  }
  return {
    status: 'published',
    commit: undoCommit,
    message: plan.subject,
    branch,
    ...(link ? { link } : {}),
    ...(plan.kept ? { kept: plan.kept } : {}),
  };
}
