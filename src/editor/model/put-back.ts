/**
 * Putting a saved change back as it is live (the Publish panel's "Undo" on a change not yet published), decided once
 * for both editors over the store (site-store.ts): refused in words when the file has no saved change, or when the
 * site would then have a problem it did not have (a page put back to nothing while a saved link still points to it),
 * so an undo never makes the author's saved files a site that cannot be published. The editors write the bytes.
 */
import { inContent } from './content-files.ts';
import type { Problem } from '../protocol/files.ts';
import { refuse } from '../protocol/refusals.ts';
import type { SiteState, SiteStore } from './site-store.ts';

const decoder = new TextDecoder();

/** Refuses putting `path` back to `live` (its bytes on the live site; undefined: it is not there) unless it is safe. */
export async function assertPutBack<State extends SiteState>(
  store: SiteStore<State>,
  path: string,
  hasSavedChange: boolean,
  live: Uint8Array | undefined,
): Promise<void> {
  if (!inContent(path) || !hasSavedChange) throw refuse('nothingToPutBack', path);
  if (!path.startsWith('config/')) return;
  const state = await store.state();
  const text = live === undefined ? null : decoder.decode(live);
  // Only a problem the put-back makes counts: one the saved site already has is the author's to fix in its place.
  const [before, after] = await Promise.all([
    store.check(state, new Map(), []),
    store.check(state, new Map([[path, text]]), []),
  ]);
  const had = new Set(errorsOf(before.problems).map(keyOf));
  const made = errorsOf(after.problems).find((problem) => !had.has(keyOf(problem)));
  if (made) throw refuse('putBackBreaks', path, made.message);
}

const errorsOf = (problems: readonly Problem[]) => problems.filter((problem) => problem.severity === 'error');
const keyOf = (problem: Problem) => `${problem.file}\u0000${problem.path}\u0000${problem.message}`;
