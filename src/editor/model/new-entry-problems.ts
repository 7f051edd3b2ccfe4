/**
 * A list entry the author has just added (Add a service, New influencer) is empty by nature: the problem of each of
 * its fields that is still empty ("Name is empty") waits until the author has been in that field and left it, or
 * presses Save, rather than greeting them before they type. What they do type is judged at once, as anywhere. Plain
 * functions over paths, for the editor page to keep per file.
 */
export type Path = readonly (string | number)[];

/** The entry `after` has that `before` had not: the place of an item added at the end of one of its lists. */
export function addedEntry(before: unknown, after: unknown, at: Path = []): Path | undefined {
  if (Array.isArray(before) && Array.isArray(after)) {
    // Added at the end, every other entry as it was (a duplicate goes beside its original: it is not new).
    if (after.length === before.length + 1)
      return JSON.stringify(after.slice(0, before.length)) === JSON.stringify(before)
        ? [...at, before.length]
        : undefined;
    if (after.length !== before.length) return undefined;
    for (let index = 0; index < after.length; index++) {
      const found = addedEntry(before[index], after[index], [...at, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (isObject(before) && isObject(after)) {
    for (const key of Object.keys(after)) {
      if (before[key] === after[key]) continue;
      const found = addedEntry(before[key], after[key], [...at, key]);
      if (found) return found;
    }
  }
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `at` is the place `entry` or inside it. */
export const isWithin = (at: Path, entry: Path): boolean =>
  at.length >= entry.length && entry.every((step, index) => at[index] === step);

/** What waits in a file: the entries added, and the fields the author has left since. */
export interface Waiting {
  readonly entries: readonly Path[];
  readonly left: readonly Path[];
}

/**
 * Whether the problem at `at` of a file holding `data` waits: it is in an entry just added, at a field the author has
 * not left yet and has written nothing in.
 */
export const waits = (waiting: Waiting | undefined, at: Path, data: unknown): boolean =>
  waiting !== undefined &&
  waiting.entries.some((entry) => isWithin(at, entry)) &&
  !waiting.left.some((field) => isWithin(at, field)) &&
  isBlank(
    at.reduce<unknown>(
      (value, step) => (isObject(value) || Array.isArray(value) ? (value as never)[step] : undefined),
      data,
    ),
  );

/** Holds nothing written: no value, an empty text or list, or a group of such. */
const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.every(isBlank)) ||
  (isObject(value) && Object.values(value).every(isBlank));

/** What waits once the author adds `entry`, or leaves the field `left`. */
export const withEntry = (waiting: Waiting | undefined, entry: Path): Waiting => ({
  entries: [...(waiting?.entries ?? []), entry],
  left: waiting?.left ?? [],
});
export const withLeft = (waiting: Waiting | undefined, left: Path): Waiting | undefined =>
  waiting && { ...waiting, left: [...waiting.left, left] };
