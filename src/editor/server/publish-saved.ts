/**
 * Publish at npm run edit: exactly the author's saved changes (those they did not leave out) in one commit on top of
 * what is live, after the one validator passed the config exactly as it would be published, pushed with the author's
 * own git credentials. Teammates' changes are brought in first, field by field (get-latest.ts); a try whose answer
 * was lost finds its own commit; the end of a publish that reached the site is journaled (publish-journal.ts).
 */
import { withOperation, withoutOperation } from '../model/operations.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { assertListShown, publishPlan } from '../model/publish-list.ts';
import type { PublishResult } from '../protocol/publishing.ts';
import { refuse, Refused } from '../protocol/refusals.ts';
import { integrate } from './get-latest.ts';
import { NEEDS_IDENTITY, type OperationSteps } from './operation-steps.ts';
import { commitFiles, finishPublished, problemsOfCommit, pushCommit } from './publish-commit.ts';
import { haltPoint, type PublishedJournal } from './publish-journal.ts';
import { REMOTE, type PublishSettings } from './publish-settings.ts';
import { reviewLinkOf } from './publish-words.ts';
import { REVIEW_FOLDER } from '../model/review-branch.ts';
import { RefusedPath } from './safe-path.ts';
import type { SiteRepository } from './site-repository.ts';
import { ownCommitIn, savedChanges } from './saved-changes.ts';
import { identityOf } from './git-identity.ts';

export interface PublishOptions {
  readonly leaveOut?: readonly string[];
  readonly removeMedia?: readonly string[];
  readonly message?: string;
  /** The list the author was shown (PublishStatus.listId): refused when the saved changes moved since. */
  readonly listId?: string;
  /** This publish's id, and earlier tries': a try whose answer was lost finds its commit instead. */
  readonly attempt?: Attempt;
}

/**
 * Publishes the saved changes, but those in `leaveOut`, and removes the media in `removeMedia` (published files no
 * config uses). The site's files are locked only while they are read and checked, and while this copy catches up
 * after the push.
 */
export async function publishSaved(
  steps: OperationSteps,
  repo: SiteRepository,
  settings: PublishSettings,
  options: PublishOptions,
): Promise<PublishResult> {
  // A try whose answer never reached the page: its commit stands where the site is, and is answered so.
  const landed = await landedPublish(repo, settings, options.attempt);
  if (landed) return landed;
  const first = await steps.siteFiles
    .run(() => savedChanges(repo))
    .catch((error: unknown) => {
      throw error instanceof RefusedPath ? refuse('notPlainFile', error.message) : error;
    });
  if (first.outside.length > 0) throw refuse('outsideChanged').with({ outside: first.outside });
  if (!(await identityOf(repo))) throw refuse('needsIdentity', 'publish again').with(NEEDS_IDENTITY);
  const upstream = await steps.fetch(repo, settings);

  const prepared = await steps.siteFiles.run(async () => {
    // The list the author was shown, made of the same saved bytes, or nothing goes.
    assertListShown((await savedChanges(repo)).listId, options.listId);
    steps.step('merging');
    const latest = await integrate(repo, upstream, {});
    if (latest.status === 'conflicts') return latest;
    const { published, removals, message } = publishPlan(await savedChanges(repo), options);
    const files = new Map<string, Buffer | undefined>();
    for (const change of published) files.set(change.path, repo.working(change.path));
    for (const path of removals) files.set(path, undefined);
    const head = await repo.commitOf('HEAD');
    steps.step('committing');
    const commit = await commitFiles(repo, head, files, withOperation(`${message}\n`, options.attempt?.id));
    await haltPoint('publish:committed');
    steps.step('checking');
    const problems = await problemsOfCommit(repo, commit, steps.validateFolder);
    return { status: 'ready' as const, head, commit, message, files, removals, problems };
  });
  if (prepared.status === 'conflicts') return prepared;
  const { head, commit, message, files, removals, problems } = prepared;
  if (problems.length > 0) return { status: 'invalid', problems };
  const words = message.split('\n')[0]!;
  steps.step('sending');
  if (settings.mode === 'review') {
    const { branch, link } = await pushCommit(repo, settings, commit, words, options.attempt?.id);
    return { status: 'published', commit, message, branch, ...(link ? { link } : {}) };
  }
  // Journaled before it is sent: an editor that stops from here on learns from the site whether it arrived.
  const journals = await repo.journal();
  const journal = journals.begin((): PublishedJournal => ({
    step: 'published',
    branch: settings.branch,
    head,
    commit,
    paths: [...files.keys()],
    removals,
  })) as PublishedJournal;
  await haltPoint('publish:journaled');
  try {
    await pushCommit(repo, settings, commit, words, options.attempt?.id);
  } catch (error) {
    // Refused, it did not arrive; unanswered, it may have: the next fetch tells.
    if (!(error instanceof Refused && error.details.timedOut)) journals.end();
    throw error;
  }
  steps.step('finishing');
  await steps.siteFiles.run(() => finishPublished(repo, journals, journal));
  return { status: 'published', commit, message, branch: settings.branch };
}

/**
 * A publish of `attempt`'s whose answer never reached the page, as it stands: its commit where the site is (this
 * copy's branch, the published branch as last fetched) or on the review branch it sent (git keeps what a push sent
 * under refs/remotes/), answered as published; undefined when none of its tries arrived.
 */
export async function landedPublish(
  repo: SiteRepository,
  settings: PublishSettings,
  attempt: Attempt | undefined,
): Promise<Extract<PublishResult, { status: 'published' }> | undefined> {
  const upstreamKnown = await repo.upstream(settings);
  const reviews = `--glob=refs/remotes/${REMOTE}/${REVIEW_FOLDER}*`;
  const landed = await ownCommitIn(repo, attempt, ['HEAD', ...(upstreamKnown ? [upstreamKnown] : []), reviews]);
  if (!landed) return undefined;
  const message = withoutOperation((await repo.git.text(['log', '-1', '--format=%B', landed])).trim());
  const review = (
    await repo.git.text([
      'for-each-ref',
      '--format=%(refname:lstrip=3)',
      '--points-at',
      landed,
      `refs/remotes/${REMOTE}/${REVIEW_FOLDER}`,
    ])
  ).split('\n')[0];
  if (!review) return { status: 'published', commit: landed, message, branch: settings.branch };
  const remote = await repo.git.text(['remote', 'get-url', REMOTE]).catch(() => '');
  return {
    status: 'published',
    commit: landed,
    message,
    branch: review,
    link: reviewLinkOf(remote, review, settings.branch),
  };
}
