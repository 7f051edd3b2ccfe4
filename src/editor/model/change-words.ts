/**
 * A saved or published change to a file, said the way an author would say it: "Home page: heading changed",
 * "New influencer: Efua Asantewaa", "New picture: new-poster.jpg".
 */
import { kindOfConfigFile } from '../../checker/config-files.ts';
import { shortened, visible } from '../../checker/describe-value.ts';
import { isRecord, sameJson } from '../../content/json-values.ts';
import { mediaOfPath } from '../../content/file-formats.ts';
import { pageNameOf } from './page-names.ts';
import { parseJson } from './json-edit.ts';
import { configFileEntry } from './config-file-entries.ts';
import { FIELD_KINDS, fieldsOf, groupsOf } from './form-design.ts';

/**
 * What kinds of config file are called, by their pattern; any other is a file with a name of its own (FAQs, Services).
 */
const NOUNS: Readonly<Record<string, string>> = {
  'pages/*.json': 'page',
  'collections/influencers/*.json': 'influencer',
  'collections/projects/*.json': 'project',
  'forms/*.json': 'form',
  'collections/*.json': 'list',
};

/** What one file of the editor's folders is, in a word: picture, video, page, influencer, form, list, file. */
function nounOf(path: string): string {
  if (path.startsWith('public/'))
    return { image: 'picture', video: 'video', none: 'file' }[mediaOfPath(path) ?? 'none'];
  return NOUNS[kindOfConfigFile(path.replace(/^config\//, ''))?.pattern ?? ''] ?? 'file';
}

/** The name an author knows a file by: "Home page", "About Us page", "Efua Asantewaa", "Site settings". */
export function nameOfFile(path: string, data: unknown): string {
  if (path.startsWith('public/')) return path.split('/').at(-1)!;
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (path.startsWith('config/pages/')) {
    if (record.route === '/') return 'Home page';
    if (record.route === '*') return 'Page not found';
    return `${pageNameOf(record)} page`;
  }
  if (path === 'config/site.json') return 'Site settings';
  const entry = configFileEntry(path, data);
  // A file of its own kind (FAQs, Services, Navigation) is known by its group; one of many by its own name.
  const single = !kindOfConfigFile(path.replace(/^config\//, ''))?.pattern.includes('*');
  return (single ? entry?.group : entry?.label) ?? path;
}

/** "shareImage" as an author reads it: "share image". */
const wordsOf = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();

/** A name or a value as it shows in a summary: quoted, on one line, at most 40 characters. */
const quoted = (text: string) => `"${visible(shortened(text.replace(/\s+/g, ' ').trim(), 40))}"`;

/** The fields that name an entry of a list, most telling first. */
const NAME_FIELDS = ['name', 'title', 'question', 'heading', 'label', 'route', 'text', 'src'];

/**
 * How an author knows an entry of a list: "Amara Okafor", "Fashion", the "page hero" block; undefined if nothing names
 * it.
 */
function entryNameOf(item: unknown): string | undefined {
  if (typeof item === 'string' && item.trim()) return quoted(item);
  if (typeof item === 'number') return String(item);
  if (!isRecord(item)) return undefined;
  for (const field of NAME_FIELDS)
    if (typeof item[field] === 'string' && item[field].trim()) return quoted(item[field]);
  if (typeof item.type === 'string') return `the ${wordsOf(item.type)} block`;
  return undefined;
}

/** What stays the same of an entry when it is edited: its id, else its name; undefined for an entry with neither. */
function identityOf(item: unknown): string | undefined {
  if (isRecord(item) && (typeof item.id === 'number' || typeof item.id === 'string')) return `id ${item.id}`;
  if (isRecord(item) && typeof item.const === 'string') return `const ${item.const}`;
  return entryNameOf(item);
}

/** The positions of `order` (distinct numbers) that keep their relative order: the longest increasing run. */
function keptInOrder(order: readonly number[]): Set<number> {
  const ends: number[] = [];
  const previous: number[] = [];
  const endAt: number[] = [];
  order.forEach((value, index) => {
    let low = 0;
    let high = ends.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (order[endAt[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? endAt[low - 1]! : -1;
    endAt[low] = index;
    ends[low] = value;
  });
  const kept = new Set<number>();
  for (let index = endAt[ends.length - 1] ?? -1; index >= 0; index = previous[index]!) kept.add(index);
  return kept;
}

/** Where a change is: "heading" in a page, "rate of "Amara Okafor"" in a list of influencers. */
interface Place {
  /** The field's words, or undefined at the top of the file. */
  readonly field?: string;
  /** The entry the field belongs to, when it is in a list. */
  readonly entry?: string;
}

const placeWords = ({ field, entry }: Place) => [field, entry && `of ${entry}`].filter(Boolean).join(' ') || 'the file';

/**
 * What changed between two versions of a file's data, in words: entries of a list added, removed, moved or renamed
 * by the name the author knows them by; a field changed, added or removed by its words ("heading of "How we work"
 * changed", "share image added").
 */
function fieldChanges(before: unknown, after: unknown): string[] {
  const changes: string[] = [];
  const walk = (place: Place, a: unknown, b: unknown) => {
    if (sameJson(a, b)) return;
    if (isRecord(a) && isRecord(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => key !== '$schema');
      // A file that holds one list is named for it ("Projects"): its entries need not say which list they are in.
      const onlyList = place.field === undefined && place.entry === undefined && keys.length === 1;
      for (const key of keys) {
        // A coordinate (a picture's focus x and y) is named by its group: "focus changed", not "x changed".
        const inner: Place = onlyList
          ? {}
          : key.length === 1 && place.field
            ? place
            : { field: wordsOf(key), entry: place.entry };
        if (!(key in a)) changes.push(`${placeWords(inner)} added`);
        else if (!(key in b)) changes.push(`${placeWords(inner)} removed`);
        else walk(inner, a[key], b[key]);
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      listChanges(place, a, b, walk, changes);
      return;
    }
    changes.push(`${placeWords(place)} changed`);
  };
  walk({}, before, after);
  return [...new Set(changes)];
}

/** Whether two versions of an entry that nothing names the same are still one entry: of one kind, and mostly alike. */
function sameEntry(a: unknown, b: unknown): boolean {
  if (!isRecord(a) || !isRecord(b) || a.type !== b.type) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const alike = [...keys].filter((key) => sameJson(a[key], b[key])).length;
  return alike * 2 >= keys.size;
}

/** An entry without the field that names it, so a renamed entry is said to be renamed, not to have its name changed. */
function withoutName(item: unknown): unknown {
  if (!isRecord(item)) return item;
  const field = NAME_FIELDS.find((candidate) => typeof item[candidate] === 'string' && item[candidate].trim());
  if (!field) return item;
  const { [field]: _name, ...rest } = item;
  return rest;
}

/**
 * The changes to one list, added to `changes`: its entries matched by id or name (or, when an edit changed the name, by
 * being mostly alike), so a removal and an addition are never read as edits, nor a reorder as changed fields.
 */
function listChanges(
  place: Place,
  a: readonly unknown[],
  b: readonly unknown[],
  walk: (place: Place, a: unknown, b: unknown) => void,
  changes: string[],
): void {
  // A list at the top of a list file is the file itself ("Projects: "Harmattan Drop" added"); one inside says which.
  const list = place.field ? `${place.field}${place.entry ? ` of ${place.entry}` : ''}` : undefined;
  const [to, from, inside] = list ? [` to ${list}`, ` from ${list}`, ` in ${list}`] : ['', '', ''];
  const [before, after] = [a.map(identityOf), b.map(identityOf)];
  const unique = (ids: readonly (string | undefined)[]) =>
    ids.every((id) => id !== undefined) && new Set(ids).size === ids.length;
  if (!unique(before) || !unique(after)) {
    // Nothing tells the entries apart: say how many came or went, else what changed in each.
    const difference = b.length - a.length;
    if (difference > 0) changes.push(`${difference === 1 ? 'an entry' : `${difference} entries`} added${to}`);
    else if (difference < 0)
      changes.push(`${-difference === 1 ? 'an entry' : `${-difference} entries`} removed${from}`);
    else a.forEach((item, index) => walk(place, item, b[index]));
    return;
  }
  const oldIndexOf = new Map<number, number>();
  after.forEach((id, index) => before.includes(id) && oldIndexOf.set(index, before.indexOf(id)));
  const unmatchedOld = () => a.map((_, index) => index).filter((index) => ![...oldIndexOf.values()].includes(index));
  for (const index of b.keys()) {
    if (oldIndexOf.has(index)) continue;
    // An entry in the same place of a list as long as before, of the same kind, is that entry edited.
    const samePlace = (old: number) =>
      a.length === b.length &&
      old === index &&
      (!isRecord(b[index]) || (isRecord(a[old]) && a[old].type !== undefined && a[old].type === b[index].type));
    const alike = unmatchedOld().find((old) => sameEntry(a[old], b[index]) || samePlace(old));
    if (alike !== undefined) oldIndexOf.set(index, alike);
  }
  for (const index of unmatchedOld()) changes.push(`${entryNameOf(a[index])} removed${from}`);
  for (const index of b.keys()) if (!oldIndexOf.has(index)) changes.push(`${entryNameOf(b[index])} added${to}`);
  // Entries in both: those out of their old order moved; each one's own changes said with its name.
  const kept = [...oldIndexOf].sort(([one], [other]) => one - other);
  const stayed = keptInOrder(kept.map(([, was]) => was));
  kept.forEach(([index, was], position) => {
    const [old, now] = [a[was], b[index]];
    const [oldName, newName] = [entryNameOf(old)!, entryNameOf(now)!];
    if (!stayed.has(position)) changes.push(`${newName} moved${inside}`);
    if (!isRecord(old) || !isRecord(now)) {
      if (oldName !== newName) changes.push(`${oldName} renamed ${newName}`);
    } else if (oldName === newName) walk({ entry: newName }, old, now);
    else {
      // A block of a page is not renamed: its heading (or text) changed. An entry of a list is.
      const field = NAME_FIELDS.find((candidate) => typeof old[candidate] === 'string' && old[candidate].trim());
      const block = typeof old.type === 'string' && field !== undefined;
      changes.push(block ? `${wordsOf(field)} of ${oldName} changed` : `${oldName} renamed ${newName}`);
      walk({ entry: block ? oldName : newName }, withoutName(old), withoutName(now));
    }
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * A form as its designer shows it (src/editor/model/form-design.ts): its fields in the order visitors see them, each
 * with its label, kind, rules, choices and messages in the designer's words; its groups, button and notifications.
 * Its changes are then said in those words, never in the keys of the file.
 */
function formInWords(form: unknown): Record<string, unknown> {
  const data = isRecord(form) ? form : {};
  const groups = groupsOf(data);
  const fields = fieldsOf(data).map((field) => {
    const choices = [
      ...(Array.isArray(field.rules.oneOf) ? field.rules.oneOf : []),
      ...(Array.isArray(field.rules.enum) ? field.rules.enum : []),
    ];
    const rules = ['minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'optionsFrom'].filter(
      (rule) => field.rules[rule] !== undefined,
    );
    return {
      id: field.name,
      label: text(field.rules.title) ?? field.name,
      'kind of answer': FIELD_KINDS.find((kind) => kind.kind === field.kind)!.label,
      rules: rules.map((rule) => `${rule} ${JSON.stringify(field.rules[rule])}`).join(', '),
      choices: choices.map((choice) =>
        isRecord(choice) ? { const: choice.const, label: text(choice.title) ?? String(choice.const) } : String(choice),
      ),
      messages: JSON.stringify(field.rules.errorMessage ?? null),
      hint: text(field.layout['ui:placeholder']),
      help: text(field.layout['ui:help']),
      'lines shown': isRecord(field.layout['ui:options']) ? field.layout['ui:options'].rows : undefined,
      'what the browser may fill in': text(field.layout['ui:autocomplete']),
      group: field.group === undefined ? undefined : groups[field.group]?.title,
    };
  });
  const submit = isRecord(data.submit) ? data.submit : {};
  const toasts = isRecord(data.toasts) ? data.toasts : {};
  return {
    fields,
    groups: groups.map((group) => ({
      label: group.title,
      'sentence under the heading': group.description,
      'fields side by side': group.columns,
    })),
    "the button's words": submit.label,
    "the button's words while sending": submit.busyLabel,
    'the messages every field shares': JSON.stringify(data.messages ?? null),
    ...Object.fromEntries(
      Object.entries(toasts).map(([kind, toast]) => [`the ${wordsOf(kind)} notification`, JSON.stringify(toast)]),
    ),
    ...(isRecord(data.behaviour) ? data.behaviour : {}),
    'where answers go': JSON.stringify(data.delivery ?? null),
  };
}

/** A form's changes in its designer's words: fields added, removed, moved, renamed, made required or optional. */
function formChanges(before: unknown, after: unknown): string[] {
  const [old, now] = [isRecord(before) ? fieldsOf(before) : [], isRecord(after) ? fieldsOf(after) : []];
  const required = now.flatMap((field) => {
    const was = old.find((candidate) => candidate.name === field.name);
    if (!was || was.required === field.required) return [];
    return [
      `${quoted(text(field.rules.title) ?? field.name)} ${field.required ? 'must now be answered' : 'is now optional'}`,
    ];
  });
  const words = fieldChanges(formInWords(before), formInWords(after)).map((change) =>
    change.replace(/ to fields$| from fields$| in fields$/, ''),
  );
  return [
    ...words.map((change) => (/^"[^"]*" (added|removed)$/.test(change) ? `field ${change}` : change)),
    ...required,
  ];
}

/** One change to a file, in words. `before` and `after` are its text (undefined where the file does not exist). */
export function describeFileChange(
  path: string,
  before: string | Uint8Array | undefined,
  after: string | Uint8Array | undefined,
): string {
  const noun = nounOf(path);
  const [beforeData, afterData] = [parseJson(before), parseJson(after)];
  const name = visible(shortened(nameOfFile(path, afterData ?? beforeData), 60));
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  if (before === undefined) return `New ${noun}: ${name}`;
  if (after === undefined) return `Removed ${noun}: ${name}`;
  if (path.startsWith('public/')) return `Changed ${noun}: ${name}`;
  const fields =
    kindOfConfigFile(path.replace(/^config\//, ''))?.pattern === 'forms/*.json'
      ? formChanges(beforeData, afterData)
      : fieldChanges(beforeData, afterData);
  const shown = fields.slice(0, 4).join(', ') + (fields.length > 4 ? ` and ${fields.length - 4} more` : '');
  return `${capital(name)}: ${shown || 'layout of the file changed'}`;
}

/** A commit message for changes described in `words` when the author wrote none: a summary line first when several. */
export function messageFor(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.length} changes: ${words.slice(0, 3).join('; ')}${words.length > 3 ? '; …' : ''}\n\n${words.map((word) => `- ${word}`).join('\n')}`;
}
