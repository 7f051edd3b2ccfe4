/**
 * Publish, decided once for both editors over the repository port (model/repository.ts): exactly the saved changes
 * the author was shown (publish-list.ts), less those left out, in one commit on the published branch, made only on
 * the head the site was checked at, after teammates' changes came into the drafts field by field (get-latest.ts).
 * config/publishing.json may send changes for review instead, on a branch of their own; a branch the host protects
 * gets them so too. A try again after a lost answer finds its own commit by the operation's id and answers with it.
 */
import type { ConfigProblem } from '../../checker/config-problem.ts';
import type { Attempt } from '../protocol/attempt.ts';
import {
  STRAIGHT_TO_BRANCH,
  type FoundOperation,
  type PublishRequest,
  type PublishResult,
  type PublishStatus,
  type SentChanges,
} from '../protocol/publishing.ts';
import { refuse, Refused } from '../protocol/refusals.ts';
import { inContent, mediaNamedInFiles } from './content-files.ts';
import { bringIn, getLatest, isUpToDate, publishedHead } from './get-latest.ts';
import { whileMoved } from './while-moved.ts';
import { ownCommitOn } from './history.ts';
import { idsOf, newOperationId, withOperation, withoutOperation } from './operations.ts';
import { assertListShown, publishList, publishPlan, unusedMediaOf } from './publish-list.ts';
import type { DraftsState, FileChanges, KeptFile, PublishingPlace } from './repository.ts';
import { isReviewBranchOf, reviewBranchOf, REVIEW_FOLDER } from './review-branch.ts';
import { teammatesChanges } from './teammates-changes.ts';
import type { SavedChange } from '../protocol/publishing.ts';

/**
 * Where send() put a commit: on the published branch, or on a branch of its own for review, with its review's address
 * where the place gives one.
 */
export type Sent =
  | { readonly status: 'published'; readonly commit: string; readonly branch: string }
  | { readonly status: 'sent-for-review'; readonly commit: string; readonly branch: string; readonly link?: string };

/** The Publish list of the drafts as they stand: each saved change in words, the list's id, and unused media. */
export interface PublishList {
  readonly changes: SavedChange[];
  readonly listId: string;
  /** Published pictures and videos that no saved config file names any more, offered for removal. */
  readonly unusedMedia: string[];
}

/** The Publish list of the drafts at `state`, against what they last met (model/publish-list.ts decides its words). */
export async function publishListOf(place: PublishingPlace, state: DraftsState): Promise<PublishList> {
  const { repository, drafts } = place;
  const baseFiles = await repository.files(state.base);
  const removed = (path: string) => state.versions.has(path) && state.versions.get(path) === undefined;
  // Which media the saved config names, read from the drafts: new media nothing uses is not published.
  const configFiles = [...new Set([...baseFiles.keys(), ...state.changed])].filter(
    (path) => path.startsWith('config/') && path.endsWith('.json') && inContent(path) && !removed(path),
  );
  const changedConfig = configFiles.filter((path) => state.versions.has(path));
  const [savedConfig, publishedConfig, live, saved] = await Promise.all([
    drafts.read(state, changedConfig),
    repository.read(
      state.base,
      configFiles.filter((path) => !state.versions.has(path)),
    ),
    repository.read(state.base, state.changed),
    drafts.read(state, state.changed),
  ]);
  const named = mediaNamedInFiles([...savedConfig.values(), ...publishedConfig.values()]);
  const { changes, listId } = publishList(
    state.changed.map((path) => ({
      path,
      live: live.get(path),
      saved: saved.get(path),
      version: state.versions.get(path) ?? null,
    })),
    named,
  );
  const unusedMedia = unusedMediaOf(
    [...baseFiles.keys()].filter((path) => !removed(path)),
    named,
  );
  return { changes, listId, unusedMedia };
}

/** What the Publish panel shows of the drafts against `published`, the same from either store. */
export async function publishStatusOf(
  place: PublishingPlace,
  published: string,
): Promise<Pick<PublishStatus, 'outside' | 'ignored' | 'listId' | 'changes' | 'unusedMedia' | 'behind'>> {
  const state = await place.drafts.state(published);
  const list = await publishListOf(place, state);
  return {
    outside: state.outside,
    ignored: state.ignored,
    listId: list.listId,
    changes: list.changes,
    unusedMedia: list.unusedMedia,
    behind: await behindOf(place, state, published),
  };
}

/** How many of the site's files teammates published changes to (up to `published`) that the drafts lack. */
export async function behindOf(place: PublishingPlace, state: DraftsState, published: string): Promise<number> {
  const { repository } = place;
  if (await isUpToDate(repository, state, published)) return 0;
  const [changed, baseFiles, publishedFiles] = await Promise.all([
    repository.changed(state.base, published),
    repository.files(state.base),
    repository.files(published),
  ]);
  return teammatesChanges(changed, {
    base: (path) => baseFiles.get(path),
    theirs: (path) => publishedFiles.get(path),
    mine: (path) => state.savedVersion(path),
  }).length;
}

/**
 * Publishes exactly the list shown (`listId`), less what is left out, and removes the unused media chosen. Refused in
 * words when the list moved since, files outside the content changed, or nothing is left; answered with the conflicts
 * of bringing in teammates' changes, or with the checker's problems, and then nothing is published.
 */
export async function publish(place: PublishingPlace, request: Partial<PublishRequest>): Promise<PublishResult> {
  // The published head is asked once (at npm run edit, a fetch) for an earlier try's landing and the first try.
  let head: string | undefined = await publishedHead(place);
  // The drafts against it, read once for both: where an earlier try is looked for back to, and the first try's.
  let standing = head === undefined ? undefined : await place.drafts.state(head).catch(() => undefined);
  const landed = await landedOn(place, request.attempt, head, standing);
  if (landed) return landed;
  // The drafts as the author was shown them, and the files bringing in teammates' changes merged since.
  let shown: DraftsState | undefined;
  const merged = new Set<string>();
  return whileMoved(
    async (): Promise<PublishResult | 'moved'> => {
      const published = head ?? (await publishedHead(place));
      head = undefined;
      let state = standing ?? (await place.drafts.state(published));
      standing = undefined;
      if (state.outside.length > 0) throw refuse('outsideChanged').with({ outside: state.outside });
      if (state.blocked) throw new Refused('notPlainFile', state.blocked);
      // The list the author was shown, made of the same saved bytes, or nothing goes.
      let list: PublishList | undefined;
      if (!shown) {
        list = await publishListOf(place, state);
        assertListShown(list.listId, request.listId);
      } else assertSavedAsShown(shown, state, merged);
      shown ??= state;
      if (!(await isUpToDate(place.repository, state, published))) {
        const incoming = new Set(await place.repository.changed(state.base, published));
        for (const path of state.changed) if (incoming.has(path)) merged.add(path);
        const latest = await bringIn(place, state, published, {});
        if (latest === 'moved' || latest.status === 'conflicts') return latest;
        state = await place.drafts.state(published);
        // A save made while teammates' changes came in was never shown: nothing goes.
        assertSavedAsShown(shown, state, merged);
        list = undefined;
      }
      const plan = publishPlan(list ?? (await publishListOf(place, state)), request);
      const saved = await place.drafts.read(
        state,
        plan.published.map((change) => change.path),
      );
      const files: FileChanges = new Map([
        ...plan.published.map((change) => [change.path, saved.get(change.path)] as const),
        ...plan.removals.map((path) => [path, undefined] as const),
      ]);
      const invalid = await invalidWith(place, published, files);
      if (invalid) return invalid;
      const sent = await send(place, published, files, plan.message, request.attempt?.id);
      if (sent === 'moved') return 'moved';
      if (sent.status === 'published') {
        // The drafts take in what was published, with what the author kept back on top. Drafts that moved meanwhile
        // are left as they are: the next publish finds those files already live and sends only what is new. It went
        // live whatever happens here: a failure to catch up is the next Get latest's to meet, never this answer's.
        place.step?.('finishing');
        const keptBack = state.changed.filter((path) => !files.has(path));
        await place.drafts
          .takeIn(state, sent.commit, new Map(keptBack.map((path): [string, KeptFile] => [path, 'mine'])))
          .catch(() => undefined);
      }
      return { ...sent, message: plan.message };
    },
    () => refuse('publishedMeanwhile'),
  );
}

/**
 * Refuses, as a list that moved, drafts that hold a save the author was not shown: a file they had not changed, or
 * one changed again since, other than those bringing in teammates' changes merged (`merged`).
 */
function assertSavedAsShown(shown: DraftsState, now: DraftsState, merged: ReadonlySet<string>): void {
  const asShown = now.changed.every(
    (path) => shown.versions.has(path) && (merged.has(path) || shown.versions.get(path) === now.versions.get(path)),
  );
  if (!asShown) throw refuse('listMoved').with({ listMoved: true });
}

/**
 * The checker's errors on the site as `base` holds it with `files` in place, as the answer that nothing goes live;
 * undefined when there are none. Warnings never keep a change from going live.
 */
export async function invalidWith(
  place: PublishingPlace,
  base: string,
  files: FileChanges,
): Promise<{ readonly status: 'invalid'; readonly problems: ConfigProblem[] } | undefined> {
  place.step?.('checking');
  const errors = (await place.problemsWith(base, files)).filter((problem) => problem.severity === 'error');
  return errors.length > 0 ? { status: 'invalid', problems: errors } : undefined;
}

/**
 * One commit of `files` on `base`: published on the published branch, or, for review (config/publishing.json, or a
 * branch the host protects), sent for review on a branch of its own named for it (review-branch.ts), with the address
 * of its review. 'moved' when the published branch moved since `base`: nothing was written.
 */
export async function send(
  place: PublishingPlace,
  base: string,
  files: FileChanges,
  message: string,
  operation: string | undefined,
): Promise<Sent | 'moved'> {
  const { repository } = place;
  const committed = withOperation(message, operation);
  if (place.mode === STRAIGHT_TO_BRANCH) {
    const outcome = await repository.commit({
      branch: place.branch,
      expectedHead: base,
      changes: files,
      message: committed,
    });
    if (outcome === 'moved') return 'moved';
    if (outcome !== 'protected') return { status: 'published', commit: outcome.commit, branch: place.branch };
    // A branch that takes changes only through review gets them so, with the address of the review.
  }
  const [title, ...rest] = message.split('\n');
  const branch = reviewBranchOf(title!, new Date(), operation ?? newOperationId());
  const outcome = await repository.commit({
    branch,
    expectedHead: base,
    changes: files,
    message: committed,
    create: true,
  });
  // A review branch that cannot be written either: the author may not publish to this site at all.
  if (outcome === 'moved' || outcome === 'protected')
    throw refuse('mayNotPublish', place.branch, 'nothing was published');
  const link = await repository.review(branch, place.branch, title!.trim(), rest.join('\n').trim());
  return { status: 'sent-for-review', commit: outcome.commit, branch, ...(link ? { link } : {}) };
}

/**
 * A publish or undo of `attempt`'s whose answer never reached the page, as it landed: published on the published
 * branch (the drafts then take it in, as Get latest would, where they can), or sent for review on the branch it made,
 * with its review. Undefined when none of its tries landed.
 */
export async function landedPublish(
  place: PublishingPlace,
  attempt: Attempt | undefined,
): Promise<SentChanges | undefined> {
  if (idsOf(attempt).size === 0) return undefined;
  // Each branch as the place has it now: a commit whose answer was lost is there though the store never heard of it.
  return landedOn(place, attempt, await place.repository.head(place.branch));
}

/**
 * What became of a publish or undo of `attempt`'s whose answer never reached the page: as it landed, or not found, and
 * then whether the place may still do it (`mayLandLater`: a request it may yet carry out).
 */
export async function lostPublishOutcome(
  place: PublishingPlace,
  attempt: Attempt,
  mayLandLater: () => Promise<boolean>,
): Promise<FoundOperation> {
  const sent = await landedPublish(place, attempt);
  return sent ? { landed: true, sent } : { landed: false, mayLandLater: await mayLandLater() };
}

/**
 * landedPublish, on the published branch's head `published` as just read (undefined: the place has no such branch),
 * and the drafts against it when the caller read them already.
 */
export async function landedOn(
  place: PublishingPlace,
  attempt: Attempt | undefined,
  published: string | undefined,
  drafts?: DraftsState,
): Promise<SentChanges | undefined> {
  const ids = [...idsOf(attempt)];
  if (ids.length === 0) return undefined;
  const { repository } = place;
  // A try that landed is newer than where the drafts last met the branch, or is that commit (the drafts took it in).
  const since = published && (drafts ?? (await place.drafts.state(published).catch(() => undefined)))?.base;
  const onBranch = published && (await ownCommitOn(repository, published, attempt, since));
  if (onBranch) {
    // What landed is the answer; the drafts catching up never hides it (a teammate's odd file refuses that).
    await getLatest(place).catch(() => undefined);
    return {
      status: 'published',
      commit: onBranch.oid,
      branch: place.branch,
      message: withoutOperation(onBranch.message),
    };
  }
  const reviews = [...(await repository.branches(REVIEW_FOLDER)).keys()].filter((branch) =>
    ids.some((id) => isReviewBranchOf(branch, id)),
  );
  for (const branch of reviews) {
    // Read through head(), which brings the commits in where the place must fetch them (git), not the listing's id.
    const head = await repository.head(branch);
    // A reviewer may have added commits on top of the author's.
    const own = head && (await ownCommitOn(repository, head, attempt, since));
    if (!own) continue;
    const message = withoutOperation(own.message);
    const [title, ...rest] = message.split('\n');
    const link = await repository.review(branch, place.branch, title!.trim(), rest.join('\n').trim());
    return { status: 'sent-for-review', commit: own.oid, branch, message, ...(link ? { link } : {}) };
  }
  return undefined;
}
