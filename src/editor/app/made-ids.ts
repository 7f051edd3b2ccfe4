/**
 * Ids made from names ("x-made-from" in a schema, such as a service's id from its name): the author never writes
 * one, and never sees it as code. A new entry's id follows its name as it is typed ("Event Coverage" is
 * event-coverage); once saved it stays, so renaming a service never changes what the contact form sends.
 */
import { slugOf } from '../../content/slug.ts';
import { isRecord } from '../../content/json-values.ts';

type Schema = Record<string, unknown>;
type Path = readonly (string | number)[];

/** The field a property is made from, when the schema says so. */
const madeFromOf = (property: unknown) =>
  isRecord(property) && typeof property['x-made-from'] === 'string' ? property['x-made-from'] : undefined;

/** The schema of the value at `at`, through groups and lists (every $ref already resolved). */
export function schemaAt(schema: unknown, at: Path): Schema | undefined {
  let node: unknown = schema;
  for (const step of at) {
    if (!isRecord(node)) return undefined;
    node = typeof step === 'number' ? node.items : isRecord(node.properties) ? node.properties[step] : undefined;
  }
  return isRecord(node) ? node : undefined;
}

/**
 * Where a problem with a made id is shown: at the field it is made from (a service's name), since the id has no box.
 */
export function shownAt(schema: unknown, at: Path): Path {
  const field = at.at(-1);
  if (typeof field !== 'string') return at;
  const from = madeFromOf(schemaAt(schema, at));
  return from ? [...at.slice(0, -1), from] : at;
}

/** An id made from a name that none of `taken` has: event-coverage, else event-coverage-2, ... */
function freeId(name: string, taken: ReadonlySet<unknown>): string {
  const stem = slugOf(name) || 'new';
  for (let count = 1; ; count++) {
    const id = count === 1 ? stem : `${stem}-${count}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * `next` with each made id of a list's entries filled in from its name: an entry with no id, one whose id is not
 * saved yet and was made from its name as it was (it is still being named), and one that repeats another's id (a
 * duplicated entry) get the id of their name. An id the saved file has stays as it is.
 */
export function withMadeIds(schema: unknown, next: unknown, before: unknown, saved: unknown): unknown {
  const walk = (node: unknown, value: unknown, previous: unknown, stored: unknown): unknown => {
    if (!isRecord(node)) return value;
    if (Array.isArray(value) && isRecord(node.items)) {
      const items = node.items;
      const made = isRecord(items.properties)
        ? Object.entries(items.properties).flatMap(([key, property]) => {
            const from = madeFromOf(property);
            return from ? [[key, from] as const] : [];
          })
        : [];
      let list = value.map((item, index) =>
        walk(
          items,
          item,
          Array.isArray(previous) ? previous[index] : undefined,
          Array.isArray(stored) ? stored[index] : undefined,
        ),
      );
      for (const [key, from] of made) {
        const savedIds = new Set(
          Array.isArray(stored) ? stored.map((entry) => (isRecord(entry) ? entry[key] : undefined)) : [],
        );
        const sameEntries = Array.isArray(previous) && previous.length === list.length;
        const ids = new Set<unknown>();
        list = list.map((entry, index) => {
          if (!isRecord(entry) || typeof entry[from] !== 'string') return entry;
          const id = entry[key];
          const was = sameEntries && isRecord(previous[index]) ? previous[index] : undefined;
          const stillNaming =
            typeof id === 'string' &&
            !savedIds.has(id) &&
            was !== undefined &&
            typeof was[from] === 'string' &&
            id === slugOf(was[from]);
          const remade = id === undefined || id === '' || ids.has(id) || stillNaming;
          const final = remade
            ? freeId(
                entry[from],
                new Set([
                  ...ids,
                  ...savedIds,
                  ...list.map((other) => (isRecord(other) && other !== entry ? other[key] : undefined)),
                ]),
              )
            : id;
          ids.add(final);
          return final === id ? entry : { ...entry, [key]: final };
        });
      }
      return list.every((entry, index) => entry === value[index]) ? value : list;
    }
    if (isRecord(value) && isRecord(node.properties)) {
      const properties = node.properties;
      let changed = false;
      const result = Object.fromEntries(
        Object.entries(value).map(([key, item]) => {
          const walked = walk(
            properties[key],
            item,
            isRecord(previous) ? previous[key] : undefined,
            isRecord(stored) ? stored[key] : undefined,
          );
          if (walked !== item) changed = true;
          return [key, walked];
        }),
      );
      return changed ? result : value;
    }
    return value;
  };
  return walk(schema, next, before, saved);
}
