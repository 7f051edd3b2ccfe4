/**
 * Three-way merge of a config file's data: what it was (base), the author's saved version (mine) and a teammate's
 * published one (theirs). Different fields merge by themselves; the same field changed two ways is a conflict, left
 * for the author to choose. Nothing is ever chosen silently.
 */
import { isRecord, sameJson } from '../../content/json-values.ts';

export type JsonPath = readonly (string | number)[];

/** One field both sides changed, differently: its place and the three values (undefined where it does not exist). */
export interface FieldConflict {
  readonly path: JsonPath;
  readonly base: unknown;
  readonly mine: unknown;
  readonly theirs: unknown;
}

export type Choice = 'mine' | 'theirs';

export interface MergeResult {
  /** The merged data; where a conflict has no choice yet, the author's value. */
  readonly value: unknown;
  /** The conflicts that had no choice. */
  readonly conflicts: readonly FieldConflict[];
}

/** The id of each entry of a list whose entries all have a distinct "id", or undefined for any other list. */
function idsOf(list: unknown): (string | number)[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const ids = list.map((entry) =>
    isRecord(entry) && (typeof entry.id === 'string' || typeof entry.id === 'number') ? entry.id : undefined,
  );
  if (ids.some((id) => id === undefined) || new Set(ids).size !== ids.length) return undefined;
  return ids as (string | number)[];
}

/**
 * Merges mine and theirs made from base. `choose` gives the author's choice for a conflict at a path, if they made one.
 * Lists merge entry by entry when all three have the same length, or by "id" when their entries have ids (an entry
 * added on either side is kept, one removed on either side is removed); any other list is one value.
 */
export function mergeJson(
  base: unknown,
  mine: unknown,
  theirs: unknown,
  choose: (path: JsonPath) => Choice | undefined = () => undefined,
): MergeResult {
  const conflicts: FieldConflict[] = [];
  const merge = (path: JsonPath, b: unknown, m: unknown, t: unknown): unknown => {
    if (sameJson(m, t)) return m;
    if (sameJson(b, m)) return t;
    if (sameJson(b, t)) return m;
    if (isRecord(b) && isRecord(m) && isRecord(t)) {
      const result: Record<string, unknown> = {};
      // Keys in the author's order, then any the teammate added.
      for (const key of [...new Set([...Object.keys(m), ...Object.keys(t)])]) {
        const value = merge([...path, key], b[key], m[key], t[key]);
        if (value !== undefined) result[key] = value;
      }
      return result;
    }
    if (Array.isArray(b) && Array.isArray(m) && Array.isArray(t)) {
      if (b.length === m.length && b.length === t.length)
        return b.map((_, index) => merge([...path, index], b[index], m[index], t[index]));
      const [baseIds, myIds, theirIds] = [idsOf(b), idsOf(m), idsOf(t)];
      if (baseIds && myIds && theirIds) {
        const entry = (list: unknown[], ids: (string | number)[], id: string | number) =>
          ids.includes(id) ? list[ids.indexOf(id)] : undefined;
        // The teammate's order, with the author's new entries where the author put them relative to their neighbours.
        const order = [...theirIds];
        myIds.forEach((id, index) => {
          if (order.includes(id) || baseIds.includes(id)) return;
          const before = myIds
            .slice(0, index)
            .reverse()
            .find((other) => order.includes(other));
          order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
        });
        const merged: unknown[] = [];
        for (const id of order) {
          const value = merge(
            [...path, merged.length],
            entry(b, baseIds, id),
            entry(m, myIds, id),
            entry(t, theirIds, id),
          );
          if (value !== undefined) merged.push(value);
        }
        return merged;
      }
    }
    const choice = choose(path);
    if (choice === 'theirs') return t;
    if (choice === undefined) conflicts.push({ path, base: b, mine: m, theirs: t });
    return m;
  };
  const value = merge([], base, mine, theirs);
  return { value, conflicts };
}
