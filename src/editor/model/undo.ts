/**
 * History's Undo, decided once for both editors over the repository port (model/repository.ts): a new commit on the
 * published branch that puts back what one change did in config/ and public/media/ (all of it, or only some of its
 * files), where nothing later changed the same field (undo-files.ts decides the files), sent as Publish sends
 * (publish.ts: published to the branch, or sent for review), only once the site it leaves passes the check. The drafts
 * then take in one published, the author's saved changes on top.
 */
import type { Attempt } from '../protocol/attempt.ts';
import type { LatestResult, PublishResult } from '../protocol/publishing.ts';
import { refuse } from '../protocol/refusals.ts';
import { bringIn, publishedHead } from './get-latest.ts';
import { whileMoved } from './while-moved.ts';
import { historyReaderOf } from './history.ts';
import { invalidWith, landedOn, send } from './publish.ts';
import type { PublishingPlace } from './repository.ts';
import { assertCommitId, planUndo } from './undo-files.ts';

/**
 * Undoes the published change `commit`, or only the files in `only`. Refused in words when it is not one of the
 * published changes, is the site's first version, or a later change touched the same field; answered with the
 * checker's problems when the site would then be invalid; tried again on a branch that moved meanwhile.
 */
export async function undoPublished(
  place: PublishingPlace,
  commit: unknown,
  only?: unknown,
  attempt?: Attempt,
): Promise<PublishResult | LatestResult> {
  assertCommitId(commit);
  // The published head is asked once (at npm run edit, a fetch) for an earlier try's landing and the first try.
  let head: string | undefined = await publishedHead(place);
  const landed = await landedOn(place, attempt, head);
  if (landed) return landed;
  const reader = historyReaderOf(place.repository);
  return whileMoved(
    async (): Promise<PublishResult | LatestResult | 'moved'> => {
      const published = head ?? (await publishedHead(place));
      head = undefined;
      const plan = await planUndo(reader, commit, only, published);
      const invalid = await invalidWith(place, published, plan.files);
      if (invalid) return invalid;
      const sent = await send(place, published, plan.files, plan.message, attempt?.id);
      if (sent === 'moved') return 'moved';
      const done = { ...sent, message: plan.subject, ...(plan.kept ? { kept: plan.kept } : {}) };
      // Sent for review, the live site is as it was: the drafts have nothing to take in.
      if (done.status !== 'published') return done;
      // The drafts take in the undo, so the editor shows the site as it now is. Drafts that moved meanwhile, or that
      // cannot take it in now, are left as they are, for the next Get latest: the undo is live whatever happens here.
      place.step?.('finishing');
      const latest = await place.drafts
        .state(sent.commit)
        .then((state) => bringIn(place, state, sent.commit, {}))
        .catch(() => 'moved' as const);
      return latest !== 'moved' && latest.status === 'conflicts' ? latest : done;
    },
    () => refuse('publishedMeanwhile'),
  );
}
