/**
 * Putting a saved change back as it is live (the Publish panel's "Undo" on a change not yet published), decided once
 * for both editors over the store (site-store.ts): refused in words when the file has no saved change, or when the
 * site would then have a problem it did not have (a page put back to nothing while a saved link still points to it),
 * so an undo never makes the author's saved files a site that cannot be published. The editors write the files it
 * gives.
 */
import { inContent } from './content-files.ts';
import type { Problem } from '../protocol/files.ts';
import { refuse } from '../protocol/refusals.ts';
import { asList, asObject } from '../../checker/json-source.ts';
import { textHolding } from './json-edit.ts';
import { REMOVED_RECORD } from './retired-ids.ts';
import type { FileChanges } from './repository.ts';
import type { SiteState, SiteStore } from './site-store.ts';

const decoder = new TextDecoder();

/**
 * The files that put `path` back to `live` (its bytes on the live site; undefined: it is not there), each with its new
 * bytes (undefined: removed), or a refusal unless it is safe. A creator a saved Delete took out comes back with their
 * record taken out of Removed entries as well (the record keeps their id from ever being given again, so the two are
 * undone together): that record's new text is written beside the file.
 */
export async function putBackFiles<State extends SiteState>(
  store: SiteStore<State>,
  path: string,
  hasSavedChange: boolean,
  live: Uint8Array | undefined,
): Promise<FileChanges> {
  // A file outside config/ and public/media/ (README.md, the code) is never an author's saved change to undo.
  if (!inContent(path)) throw refuse('notAnEditorFile', path);
  if (!hasSavedChange) throw refuse('nothingToPutBack', path);
  const files = new Map([[path, live]]);
  if (!path.startsWith('config/')) return files;
  const state = await store.state();
  const text = live === undefined ? null : decoder.decode(live);
  const record = path === REMOVED_RECORD ? undefined : recordWithout(state.read(REMOVED_RECORD)?.text, text);
  const texts = new Map([[path, text], ...(record !== undefined ? [[REMOVED_RECORD, record] as const] : [])]);
  // Only a problem the put-back makes counts: one the saved site already has is the author's to fix in its place.
  const [before, after] = await Promise.all([store.check(state, new Map(), []), store.check(state, texts, [])]);
  const had = new Set(errorsOf(before.problems).map(keyOf));
  const made = errorsOf(after.problems).find((problem) => !had.has(keyOf(problem)));
  if (made) throw refuse('putBackBreaks', path, made.message);
  if (record !== undefined) files.set(REMOVED_RECORD, record === null ? undefined : new TextEncoder().encode(record));
  return files;
}

/**
 * Removed entries (`saved`, its text) without the creators a put-back file (`restored`, its text) brings back:
 * undefined when it records none of them.
 */
function recordWithout(saved: string | undefined, restored: string | null): string | null | undefined {
  if (saved === undefined || restored === null) return undefined;
  let record: unknown;
  let back: unknown;
  try {
    record = JSON.parse(saved);
    back = JSON.parse(restored);
  } catch {
    return undefined;
  }
  const backEntry = asObject(back);
  const ids = new Set(
    [...asList(backEntry?.influencers), ...(backEntry && 'id' in backEntry ? [backEntry] : [])].flatMap((entry) =>
      typeof entry.id === 'number' ? [entry.id] : [],
    ),
  );
  const recorded = asList(asObject(record)?.influencers);
  const kept = recorded.filter((entry) => !(typeof entry.id === 'number' && ids.has(entry.id)));
  if (kept.length === recorded.length) return undefined;
  const { $schema: _pointer, influencers: _removed, ...rest } = asObject(record) ?? {};
  // A record that held only them goes, as it came with their removal.
  if (kept.length === 0 && Object.keys(rest).length === 0) return null;
  return textHolding(saved, { ...asObject(record), influencers: kept });
}

const errorsOf = (problems: readonly Problem[]) => problems.filter((problem) => problem.severity === 'error');
const keyOf = (problem: Problem) => `${problem.file}\u0000${problem.path}\u0000${problem.message}`;
