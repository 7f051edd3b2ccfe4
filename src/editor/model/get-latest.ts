/**
 * Get latest, decided once for both editors over the repository port (model/repository.ts): the author's drafts take
 * in what teammates published since the two last met. Files only one side changed keep that side's version; a file
 * both changed is merged field by field (file-merge.ts), and where both changed the same field nothing is written
 * until the author chooses, with both values in words and who made the other. Nothing comes in that the editor would
 * refuse to read or write (incoming-files.ts), and nothing is written before everything is known. Publish and Undo
 * bring in through the same steps.
 */
import { sameJson } from '../../content/json-values.ts';
import type { LatestResult } from '../protocol/publishing.ts';
import { refuse } from '../protocol/refusals.ts';
import { inContent } from './content-files.ts';
import { mergeFiles, namingTeammates, sameBytes, type Choices } from './file-merge.ts';
import { lastAuthorOf } from './history.ts';
import { incomingProblem, incomingRefusal, type EntryKind } from './incoming-files.ts';
import { parseJson } from './json-edit.ts';
import type { DraftsState, KeptFile, PublishingPlace, Repository } from './repository.ts';
import { broughtInWords, describedOf, teammatesChanges } from './teammates-changes.ts';
import { whileMoved } from './while-moved.ts';

/** The published branch's head now, or a refusal in words when the place has no such branch. */
export async function publishedHead(place: PublishingPlace): Promise<string> {
  place.step?.('fetching');
  const head = await place.repository.head(place.branch);
  if (!head) throw refuse('branchMissing', place.branch);
  return head;
}

/**
 * Brings in teammates' published changes; `choices` answers the conflicts of an earlier try, by their ids. Tried
 * again, whole, when the drafts moved meanwhile (a save from another tab).
 */
export function getLatest(place: PublishingPlace, choices: Choices = {}): Promise<LatestResult> {
  return whileMoved(
    async () => {
      const published = await publishedHead(place);
      const state = await place.drafts.state(published);
      if (await isUpToDate(place.repository, state, published)) return { status: 'up-to-date' as const };
      return bringIn(place, state, published, choices);
    },
    () => refuse('keptChanging'),
  );
}

/** Whether the drafts already hold `published`: they met there, or later. */
export const isUpToDate = async (repository: Repository, state: DraftsState, published: string): Promise<boolean> =>
  state.base === published || (await repository.contains(state.base, published));

/**
 * The drafts take in `target` (a commit of the published branch that holds their base), the author's changes on top,
 * field by field; the conflicts, named, when both changed the same field and `choices` does not say. 'moved' when the
 * drafts changed meanwhile: nothing was written.
 */
export async function bringIn(
  place: PublishingPlace,
  state: DraftsState,
  target: string,
  choices: Choices,
): Promise<LatestResult | 'moved'> {
  const { repository, drafts } = place;
  place.step?.('merging');
  const incoming = await repository.changed(state.base, target);
  await assertPlainIncoming(place, state.base, target, incoming);
  const overlapOutside = incoming.filter((path) => state.outside.includes(path));
  if (overlapOutside.length > 0) throw refuse('teammatesOverlapOutside', overlapOutside.join(', '));

  // What the author will be told came in, in words, read before anything moves: never their own change.
  const [baseFiles, targetFiles] = await Promise.all([repository.files(state.base), repository.files(target)]);
  const teammates = teammatesChanges(incoming, {
    base: (path) => baseFiles.get(path),
    theirs: (path) => targetFiles.get(path),
    mine: (path) => state.savedVersion(path),
  });
  const [before, after] = await Promise.all([
    repository.read(state.base, describedOf(teammates)),
    repository.read(target, describedOf(teammates)),
  ]);
  const brought = broughtInWords(teammates, before, after);

  const both = state.changed.filter((path) => incoming.includes(path));
  const [base, theirs, saved] = await Promise.all([
    repository.read(state.base, both),
    repository.read(target, both),
    drafts.read(state, both),
  ]);
  const { merged, conflicts } = mergeFiles(both, { base, mine: saved, theirs }, choices);
  if (conflicts.length > 0)
    return {
      status: 'conflicts',
      conflicts: await namingTeammates(conflicts, (path) => lastAuthorOf(repository, target, path)),
    };

  const kept = new Map<string, KeptFile>(
    state.changed.filter((path) => !both.includes(path)).map((path) => [path, 'mine']),
  );
  for (const path of both) {
    const result = merged.get(path);
    // A merge that reads as one side's file keeps that side's bytes, so choosing theirs leaves nothing to publish.
    if (readsAs(path, theirs.get(path), result)) continue;
    kept.set(path, readsAs(path, saved.get(path), result) ? 'mine' : (result ?? null));
  }
  if ((await drafts.takeIn(state, target, kept)) === 'moved') return 'moved';
  const code = incoming.filter((path) => !inContent(path));
  return { status: 'updated', brought, ...(drafts.runsSiteCode && code.length > 0 ? { codeChanged: code } : {}) };
}

/** Whether a file's merged result reads as one side's: the same data for a JSON file, the same bytes otherwise. */
function readsAs(path: string, side: Uint8Array | undefined, result: Uint8Array | undefined): boolean {
  if (side === undefined || result === undefined) return side === result;
  return path.endsWith('.json') ? sameJson(parseJson(side), parseJson(result)) : sameBytes(side, result);
}

/**
 * Refuses, before anything is written, an entry that would come in from `from` to `to` and is not a plain file with a
 * name every computer can hold: a link, a submodule, an odd name, a file under a folder that is a link where the
 * author's copy has one, with who committed it.
 */
async function assertPlainIncoming(
  place: PublishingPlace,
  from: string,
  to: string,
  incoming: readonly string[],
): Promise<void> {
  const { repository, drafts } = place;
  const [oddAfter, oddBefore, filesAfter] = await Promise.all([
    repository.oddFiles(to),
    repository.oddFiles(from),
    repository.files(to),
  ]);
  // What the move takes away (a link put back as a folder) no longer stands in the way of what it brings.
  const leaving = new Set(incoming.filter((path) => !filesAfter.has(path) && !oddAfter.has(path)));
  const standing = (folder: string) => (leaving.has(folder) ? undefined : drafts.folderStanding?.(folder));
  // An odd entry that is new, of another kind, or changed (a link pointed elsewhere): a link already taken in by hand
  // comes in no further.
  const changed = new Set(incoming);
  const entries: [string, EntryKind][] = [
    ...[...oddAfter].filter(([path, kind]) => oddBefore.get(path) !== kind || changed.has(path)),
    ...incoming.filter((path) => filesAfter.has(path)).map((path): [string, EntryKind] => [path, 'file']),
  ];
  for (const [path, kind] of entries) {
    const problem = incomingProblem(path, kind, standing);
    if (problem) throw incomingRefusal(path, problem, await lastAuthorOf(repository, to, path));
  }
}
