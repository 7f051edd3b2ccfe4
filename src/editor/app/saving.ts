/**
 * The parts of saving the editor's store puts together: the saves sent whose answers never came (so a try again, even
 * after a reload, recognises its own earlier commit), and what a save that met changed files does next.
 */
import { sameJson } from '../../content/json-values.ts';
import type { SentAttempt } from '../model/drafts.ts';
import { parseJson } from '../model/json-edit.ts';
import { fingerprintOf, newOperationId } from '../model/operations.ts';
import type { Change, ChangedSince, OpenedFile } from '../protocol/files.ts';

/** The files a save sent, by path: their data, to tell which version the save wrote. */
export type Sent = ReadonlyMap<string, unknown>;

/** Saves sent whose answers never came (a lost connection, a deadline): by id, the fingerprint of each file sent. */
export class SentSaves {
  readonly #unanswered = new Map<string, ReadonlyMap<string, string>>();

  /** A draft brought back after a reload, with the saves it was sent in. */
  restore(path: string, attempts: readonly SentAttempt[]): void {
    for (const { id, sent } of attempts)
      this.#unanswered.set(id, new Map([...(this.#unanswered.get(id) ?? []), [path, sent]]));
  }

  /** The saves whose answers never came that carried this file, for its draft. */
  attemptsFor(path: string): SentAttempt[] {
    return [...this.#unanswered].flatMap(([id, sent]) => (sent.has(path) ? [{ id, sent: sent.get(path)! }] : []));
  }

  /** A new save of `pending`: its id, and the earlier tries it names. Unanswered until `answered`. */
  send(pending: readonly Change[]): { id: string; earlier: string[] } {
    const id = newOperationId();
    const earlier = [...this.#unanswered.keys()];
    this.#unanswered.set(id, new Map(pending.map((change) => [change.path, fingerprintOf(change.data)])));
    return { id, earlier };
  }

  /**
   * The save `id` was answered: it and every earlier try it named are settled either way. What each unanswered try had
   * sent, to recognise its versions among the files that changed.
   */
  answered(id: string, earlier: readonly string[]): ReadonlyMap<string, string>[] {
    const tried = [...this.#unanswered.values()];
    for (const settled of [id, ...earlier]) this.#unanswered.delete(settled);
    return tried;
  }
}

/** What a save that found files changed since they were opened does next. */
export type AfterConflict =
  /** Show these, both versions, for the author to choose. */
  | { readonly next: 'show'; readonly conflicts: ChangedSince[] }
  /** Every file is there as sent: saved, in effect. */
  | { readonly next: 'saved'; readonly arrived: OpenedFile[] }
  /** Save `rest` again over the author's own earlier versions; `arrived` are saved already. */
  | { readonly next: 'again'; readonly arrived: OpenedFile[]; readonly rest: Change[] };

/**
 * Where the version there now is the author's own (an earlier try whose answer was lost, or the very text being
 * saved), it is no conflict: the save goes on from there, once (`again`: it already did). The others are shown.
 */
export function afterConflict(
  files: readonly ChangedSince[],
  pending: readonly Change[],
  sent: Sent,
  tried: readonly ReadonlyMap<string, string>[],
  again: boolean,
): AfterConflict {
  const there = (conflict: ChangedSince) => (conflict.version === '' ? undefined : parseJson(conflict.text));
  // Already there as sent: saved, in effect.
  const arrived = files.filter((conflict) => {
    const data = there(conflict);
    return data !== undefined && sameJson(data, sent.get(conflict.path));
  });
  // There as an earlier try of the author's left it: the save goes on over it.
  const earlier = files.filter((conflict) => {
    const data = there(conflict);
    return (
      data !== undefined &&
      !arrived.includes(conflict) &&
      tried.some((fingerprints) => fingerprints.get(conflict.path) === fingerprintOf(data))
    );
  });
  if (again || arrived.length + earlier.length < files.length)
    return {
      next: 'show',
      conflicts: files.filter((conflict) => !arrived.includes(conflict) && !earlier.includes(conflict)),
    };
  const arrivedFiles = arrived.map(({ path, text, version }) => ({ path, text, version }));
  const rest = pending
    .filter((change) => !arrived.some((conflict) => conflict.path === change.path))
    .map((change) => {
      const conflict = earlier.find((candidate) => candidate.path === change.path);
      return conflict ? { ...change, baseVersion: conflict.version } : change;
    });
  return rest.length === 0 ? { next: 'saved', arrived: arrivedFiles } : { next: 'again', arrived: arrivedFiles, rest };
}

/** What a save that landed though its answer was lost wrote, read back; undefined where a file reads otherwise now. */
export type LandedSave = { readonly files: OpenedFile[]; readonly removed: string[] } | undefined;

/**
 * The files of a save that landed though its answer was lost, as they stand `now` (read again; undefined: not there):
 * each holding what the save sent, each removal gone. Undefined when any reads otherwise (changed since by someone
 * else), for the next save to compare.
 */
export function landedFiles(
  pending: readonly Change[],
  now: readonly (OpenedFile | undefined)[],
  sent: Sent,
): LandedSave {
  const files: OpenedFile[] = [];
  const removed: string[] = [];
  for (const [index, change] of pending.entries()) {
    const there = now[index];
    if (change.removed) {
      if (there) return undefined;
      removed.push(change.path);
    } else if (there && sameJson(parseJson(there.text), sent.get(change.path))) files.push(there);
    else return undefined;
  }
  return { files, removed };
}
