/**
 * Saving, once for both editors, over a store (site-store.ts): nothing is written unless every changed file is still
 * at the version the author opened (or its newer version is the author's own, from a try whose answer was lost) and
 * the whole site is then valid; an influencer the save removes has their id recorded in the same write; the uploads
 * the saved files name join the site with them; and the write is made only on the state that was checked. When the
 * store moved meanwhile (another tab, another device), the save is decided again on the new state.
 */
import { kindOfConfigFile } from '../../checker/config-files.ts';
import type { Change, ChangedSince, OpenedFile, SaveResult } from '../protocol/files.ts';
import { isRemovable } from './config-file-entries.ts';
import { mediaNamedInFiles } from './content-files.ts';
import { uploadsNamedIn } from './held-uploads.ts';
import { parseJson, textHolding } from './json-edit.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { refuse } from '../protocol/refusals.ts';
import { removedRecordAfter, REMOVED_RECORD } from './retired-ids.ts';
import type { SiteState, SiteStore } from './site-store.ts';
import { whileMoved } from './while-moved.ts';

/** Refused before anything is read: a path that is not a config file the site reads, or a file it cannot lose. */
export function refuseOddPaths(changes: readonly Change[]): void {
  for (const change of changes) {
    const kind = change.path.startsWith('config/') ? kindOfConfigFile(change.path.slice('config/'.length)) : undefined;
    if (!change.path.endsWith('.json') || !kind) throw refuse('notAConfigFile', change.path);
    if (change.removed && !isRemovable(kind)) throw refuse('neededFile', change.path);
  }
}

/** Each changed file's new text at `state`, edited in place so that only what changed differs; null for a removal. */
export const textsAfter = (
  state: SiteState,
  changes: readonly Pick<Change, 'path' | 'data' | 'removed'>[],
): Map<string, string | null> =>
  new Map(
    changes.map((change) => [
      change.path,
      change.removed ? null : textHolding(state.read(change.path)?.text, change.data),
    ]),
  );

/** The data of config texts (a removed file's null has none): what the uploads they name are read from. */
export const textsData = (texts: ReadonlyMap<string, string | null>): unknown[] =>
  [...texts.values()].map((text) => (text === null ? undefined : parseJson(text)));

/** The pictures and videos the site's config names at `state`: those the media picker marks as used. */
export const mediaNamedAt = (state: SiteState): Set<string> =>
  mediaNamedInFiles(state.configPaths().map((path) => state.read(path)?.text));

/** Saves `changes` on `store`; `attempt` names this save and earlier tries whose answers never came. */
export async function saveChanges<State extends SiteState>(
  store: SiteStore<State>,
  changes: readonly Change[],
  attempt?: Attempt,
): Promise<SaveResult> {
  return whileMoved(
    async (): Promise<SaveResult | 'moved'> => {
      const state = await store.state();
      // Read first: a path through a link is refused as such by the store, before it is refused as an odd path.
      const texts = textsAfter(state, changes);
      refuseOddPaths(changes);
      const conflicts: ChangedSince[] = [];
      for (const change of changes) {
        const now = state.read(change.path);
        if ((now?.version ?? null) === change.baseVersion) continue;
        if (attempt && (await store.changedBy(state, change.path, attempt))) continue;
        conflicts.push({
          path: change.path,
          text: now?.text ?? '',
          version: now?.version ?? '',
          yours: texts.get(change.path) ?? '',
        });
      }
      if (conflicts.length > 0) return { status: 'conflict', files: conflicts };

      // The uploads the saved files name join the site in the same write: a saved file never names a missing one.
      const uploads: string[] = [];
      for (const path of uploadsNamedIn(textsData(texts), store.heldUploads())) {
        if (!state.has(path)) uploads.push(path);
        // There already: this save's own, from a try whose answer was lost; or another file, never saved over.
        else if (!(attempt && (await store.changedBy(state, path, attempt))))
          throw refuse('uploadNameTaken', path.slice('public'.length));
      }
      const checked = await store.check(state, texts, uploads);
      const errors = checked.problems.filter((problem) => problem.severity === 'error');
      if (errors.length > 0 || !checked.config) return { status: 'invalid', problems: errors };
      // An influencer the save removes gives up their id for good: it is recorded in the same write.
      const record = removedRecordAfter(
        changes.map((change) => ({ path: change.path, before: state.read(change.path)?.text })),
        checked.config,
        { before: state.read(REMOVED_RECORD)?.text, changed: texts.get(REMOVED_RECORD) },
      );
      if (record) texts.set(REMOVED_RECORD, record.text);

      // Everything already reads so (a try whose answer was lost landed, or the author saves what is there): nothing
      // to write, so no write, least of all an empty commit.
      if (uploads.length === 0 && [...texts].every(([path, text]) => (state.read(path)?.text ?? null) === text))
        return savedAnswer(state, state, texts);
      const saved = await store.write(state, {
        texts,
        uploads,
        headline: `Saved in the editor: ${[...texts.keys()].join(', ')}`,
        attempt,
      });
      if (saved === 'moved') return 'moved';
      return savedAnswer(state, saved, texts);
    },
    () => refuse('keptChanging'),
  );
}

/**
 * A save's answer once `texts` stand at `saved` (from `state`): each file's new version, the files removed, and a
 * picture or video the save replaced that nothing names any more (the author is told, and Publish offers to remove it).
 */
function savedAnswer(state: SiteState, saved: SiteState, texts: ReadonlyMap<string, string | null>): SaveResult {
  const namedBefore = mediaNamedInFiles([...texts.keys()].map((path) => state.read(path)?.text));
  const namedAfter = mediaNamedAt(saved);
  return {
    status: 'saved',
    files: [...texts].flatMap(([path, text]): OpenedFile[] =>
      text === null ? [] : [{ path, text, version: saved.read(path)!.version }],
    ),
    removed: [...texts].flatMap(([path, text]) => (text === null ? [path] : [])),
    noLongerUsed: [...namedBefore].filter((src) => !namedAfter.has(src) && saved.has(`public${src}`)),
  };
}
