/**
 * Get latest on GitHub: the author's drafts branch takes in what teammates published on main since the two last met,
 * as `npm run edit` brings it into the author's copy. Files only one side changed take that side's version; a file
 * both changed is merged field by field (model/file-merge.ts, as publishing does), and where both changed the same
 * field nothing is written until the author chooses, with both values in words. What comes in is a commit whose
 * parents are the drafts' head and main's, so the next publish starts from there; nothing is ever forced. No Node API.
 */
import { sameJson } from '../../content/json-values.ts';
import { broughtInWords, describedOf, teammatesChanges } from '../model/teammates-changes.ts';
import { parseJson } from '../model/json-edit.ts';
import { mergeFiles, namingTeammates, sameBytes, type Choices } from '../model/file-merge.ts';
import type { Conflict } from '../protocol/publishing.ts';
import { GitHubApi } from './github-api.ts';
import { GitHubRefusal } from './github-http.ts';
import { assertPlainIncoming, sidesOf, unpublished } from './github-publish.ts';

export type LatestAnswer =
  | { readonly status: 'up-to-date' }
  | { readonly status: 'updated'; readonly brought: readonly string[] }
  | { readonly status: 'conflicts'; readonly conflicts: readonly Conflict[] };

/** How many times it is tried again on a drafts branch that keeps moving (the author's other tab saving). */
const TRIES = 3;

export async function bringInPublished(
  api: GitHubApi,
  branches: { main: string; drafts: string },
  choices: Choices = {},
): Promise<LatestAnswer> {
  for (let tried = 1; ; tried += 1) {
    const found = await unpublished(api, branches);
    // No drafts yet, or main has nothing the drafts lack: there is nothing to bring in.
    if (found.main === found.base || found.drafts === found.main) return { status: 'up-to-date' };
    await assertPlainIncoming(api, found);
    const { base, theirs, mine } = found.trees;
    const theirChanges = [...new Set([...base.keys(), ...theirs.keys()])].filter(
      (path) => base.get(path) !== theirs.get(path),
    );
    // What the author will be told came in, in words: what the author published themselves is not a teammate's.
    const teammates = teammatesChanges(theirChanges, sidesOf(found.trees));
    const [before, after] = await Promise.all([
      api.readFilesIn(base, describedOf(teammates)),
      api.readFilesIn(theirs, describedOf(teammates)),
    ]);
    const brought = broughtInWords(teammates, before, after);
    try {
      if (found.drafts === found.base) {
        // Nothing saved since the two met: the drafts simply move up to main.
        await api.fastForward(branches.drafts, found.main);
        return { status: 'updated', brought };
      }
      const both = found.files.filter((path) => theirChanges.includes(path));
      const [baseBytes, theirBytes, myBytes] = await Promise.all([
        api.readFilesIn(base, both),
        api.readFilesIn(theirs, both),
        api.readFilesIn(mine, both),
      ]);
      const { merged, conflicts } = mergeFiles(both, { base: baseBytes, theirs: theirBytes, mine: myBytes }, choices);
      if (conflicts.length > 0) {
        const lastAuthor = async (path: string) => (await api.history(found.main, 1, path))[0]?.author.name;
        return { status: 'conflicts', conflicts: await namingTeammates(conflicts, lastAuthor) };
      }
      // Main's files with the author's own changes on top, the files both changed merged: one commit, then the
      // drafts move to it, so they never hold half of it.
      const mineOnly = found.files.filter((path) => !both.includes(path));
      // A merge that reads as one side's file keeps that side's bytes, so choosing theirs leaves nothing to publish.
      const mergedBlobs = await Promise.all(
        both.map(async (path) => {
          const content = merged.get(path);
          if (content === undefined) return { path, blob: null };
          const readsAs = (side: Uint8Array | undefined) =>
            side !== undefined &&
            (path.endsWith('.json') ? sameJson(parseJson(side), parseJson(content)) : sameBytes(side, content));
          const kept = readsAs(theirBytes.get(path))
            ? theirs.get(path)
            : readsAs(myBytes.get(path))
              ? mine.get(path)
              : undefined;
          return { path, blob: kept ?? (await api.makeBlob(content)) };
        }),
      );
      const ownFiles = [...mineOnly.map((path) => ({ path, blob: mine.get(path) ?? null })), ...mergedBlobs];
      const mainTree = (await api.commitDetails(found.main)).tree;
      const tree = ownFiles.length === 0 ? mainTree : await api.makeTree(mainTree, ownFiles);
      const joined = await api.makeCommit(tree, [found.drafts, found.main], 'Took in what teammates published');
      await api.fastForward(branches.drafts, joined);
      return { status: 'updated', brought };
    } catch (refusal) {
      if (!(refusal instanceof GitHubRefusal && refusal.kind === 'moved') || tried === TRIES) throw refusal;
    }
  }
}
