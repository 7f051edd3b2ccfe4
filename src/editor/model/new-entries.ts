import {
  expectedSchemaPointer,
  kindOfConfigFile,
  LIST_COLLECTIONS,
  type ListCollection,
} from '../../checker/config-files.ts';
import { slugOf } from '../../content/slug.ts';
import { refuse } from '../protocol/refusals.ts';
import type { Change, NewEntryAnswer, NewEntryRequest } from '../protocol/files.ts';
import { configFileEntry } from './config-file-entries.ts';
import type { SiteState, SiteStore } from './site-store.ts';

/** A JSON Schema with its $refs resolved, as far as making an example of it needs. */
interface Schema {
  readonly type?: string;
  readonly default?: unknown;
  readonly const?: unknown;
  readonly examples?: readonly unknown[];
  readonly enum?: readonly unknown[];
  readonly oneOf?: readonly Schema[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly minItems?: number;
  readonly minimum?: number;
  /** VS Code's ready-made blocks ("defaultSnippets"): a kind of block's first is its example. */
  readonly defaultSnippets?: readonly { readonly body?: unknown }[];
}

/**
 * A VS Code snippet body as plain data: "${1:Our Process}" is "Our Process", "${1|a,b|}" is "a". With blanks, a
 * text the author is to write (one with a "${1:...}" stop) is left empty: the editor shows the example beside it.
 */
function fromSnippet(body: unknown, blanks: boolean): unknown {
  if (typeof body === 'string') {
    if (blanks && /\$\{\d+:/.test(body)) return '';
    return body
      .replace(/\$\{\d+:([^}]*)\}/g, '$1')
      .replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1')
      .replace(/\$\d+/g, '');
  }
  if (Array.isArray(body)) return body.map((item) => fromSnippet(item, blanks));
  if (typeof body === 'object' && body !== null)
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, fromSnippet(value, blanks)]));
  return body;
}

/**
 * A value the schema accepts, made from its defaults, examples and ready-made blocks (the ones VS Code suggests).
 * With blanks, what a new entry starts as: every required field there, and each text the author must write empty,
 * so an example is never saved as content (the editor shows it in the empty box; the checker reports the box empty).
 */
export function exampleOf(schema: Schema, blanks = false): unknown {
  if (schema.defaultSnippets?.[0]?.body !== undefined) {
    const example = fromSnippet(schema.defaultSnippets[0].body, blanks);
    // An optional text left to write is left out: the box shows empty with its example, and nothing is wrong.
    if (!blanks || typeof example !== 'object' || example === null || Array.isArray(example)) return example;
    return Object.fromEntries(
      Object.entries(example).filter(([key, value]) => value !== '' || schema.required?.includes(key)),
    );
  }
  if (schema.default !== undefined) return structuredClone(schema.default);
  if (schema.const !== undefined) return schema.const;
  if (schema.examples?.length)
    return blanks && typeof schema.examples[0] === 'string' ? '' : structuredClone(schema.examples[0]);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.oneOf?.length) return exampleOf(schema.oneOf[0]!, blanks);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? [])
          .filter((name) => name !== '$schema' && schema.properties?.[name])
          .map((name) => [name, exampleOf(schema.properties![name]!, blanks)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () =>
        schema.items ? exampleOf(schema.items, blanks) : null,
      );
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      return '';
  }
}

/**
 * The site's config files as data, by path relative to config/ (undefined for one that is not JSON), with the
 * unsaved changes in place.
 */
function filesWithChanges(
  texts: Iterable<{ readonly path: string; readonly text: string }>,
  changes: readonly Change[],
): Map<string, unknown> {
  const files = new Map<string, unknown>();
  for (const file of texts) {
    try {
      files.set(file.path, JSON.parse(file.text));
    } catch {
      files.set(file.path, undefined);
    }
  }
  for (const change of changes) files.set(change.path.replace(/^config\//, ''), change.data);
  return files;
}

/** A path under config/ for a new file that neither the disk nor the unsaved changes hold: name.json, name-2.json... */
function freePath(files: ReadonlyMap<string, unknown>, folder: string, name: string): string {
  const stem = name || 'new';
  for (let count = 1; ; count++) {
    const path = `${folder}${stem}${count === 1 ? '' : `-${count}`}.json`;
    if (!files.has(path)) return path;
  }
}

/** The entries of a list collection as data, from its one file or its folder, unsaved changes included. */
function entriesOf(
  files: ReadonlyMap<string, unknown>,
  name: ListCollection,
): { inFile: boolean; entries: Record<string, unknown>[] } {
  const { file, folder } = LIST_COLLECTIONS[name];
  const asRecord = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (files.has(file)) {
    const list = asRecord(files.get(file))[name];
    return { inFile: true, entries: Array.isArray(list) ? list.map(asRecord) : [] };
  }
  return {
    inFile: false,
    entries: [...files].filter(([path]) => path.startsWith(folder)).map(([, data]) => asRecord(data)),
  };
}

/**
 * A new page, influencer or project, from the schema's defaults and examples and what the author gave: an influencer
 * gets the next free id, a page its route, title and first block. Nothing is written: the editor opens the entry as
 * an unsaved change, checked like any other, and Save writes it.
 */
function newEntryIn(
  files: ReadonlyMap<string, unknown>,
  request: NewEntryRequest,
  changes: readonly Change[],
  schemas: Readonly<Record<string, Schema>>,
  /** The version of a config file as saved (by its path under config/), null when there is none. */
  savedVersion: (path: string) => string | null,
): Change {
  const withSchemaLine = (path: string, data: Record<string, unknown>) => ({
    $schema: expectedSchemaPointer(path, kindOfConfigFile(path)!),
    ...data,
  });
  const created = (path: string, data: unknown): Change => ({ path: `config/${path}`, data, baseVersion: null });

  if (request.what === 'page') {
    const kinds = schemas['page.schema.json']?.properties?.sections?.items?.oneOf ?? [];
    const kind = kinds.find((option) => option.properties?.type?.const === request.sectionType);
    if (!kind) throw refuse('notABlockKind', request.sectionType);
    const page = {
      ...(exampleOf(schemas['page.schema.json']!, true) as Record<string, unknown>),
      route: request.route,
      title: request.title,
      sections: [exampleOf(kind, true)],
    };
    const path = freePath(files, 'pages/', slugOf(request.route.replace(/:id/g, 'id')) || 'home');
    return created(path, withSchemaLine(path, page));
  }

  const collection: ListCollection = request.what === 'influencer' ? 'influencers' : 'projects';
  // An entry is checked by the schema of a file of its own in the collection's folder (CONFIG_FILE_KINDS).
  const entryKind = kindOfConfigFile(`${LIST_COLLECTIONS[collection].folder}entry.json`)!;
  const { inFile, entries } = entriesOf(files, collection);
  const entry = exampleOf(schemas[entryKind.schema]!, true) as Record<string, unknown>;
  const title = request.what === 'influencer' ? request.name : request.title;
  entry[entryKind.entryName!] = title;
  if (request.what === 'influencer') {
    // Never the id of a removed influencer (config/removed.json): their old address must not show someone else.
    const removed = (files.get('removed.json') as { influencers?: { id?: unknown }[] } | undefined)?.influencers;
    const ids = [...entries, ...(Array.isArray(removed) ? removed : [])]
      .map((existing) => existing?.id)
      .filter((id): id is number => Number.isInteger(id));
    Object.assign(entry, {
      id: ids.reduce((highest, id) => Math.max(highest, id), 0) + 1,
      handle: `@${slugOf(request.name).replace(/-/g, '.') || 'creator'}`,
    });
  }
  if (!inFile) {
    // A folder lists its files by name; projects are named with numbers to keep their order, so a new one comes last.
    const { folder } = LIST_COLLECTIONS[collection];
    const numbers = [...files.keys()]
      .filter((path) => path.startsWith(folder))
      .map((path) => Number(/^(\d+)-/.exec(path.slice(folder.length))?.[1] ?? NaN));
    const numbered = numbers.length > 0 && numbers.every(Number.isFinite);
    const name = numbered
      ? `${String(numbers.reduce((highest, number) => Math.max(highest, number), 0) + 1).padStart(2, '0')}-${slugOf(title)}`
      : slugOf(title);
    const path = freePath(files, `collections/${collection}/`, name);
    return created(path, withSchemaLine(path, entry));
  }
  // One file holds the list: the entry is added at its end, to the file as it is being edited.
  const { file } = LIST_COLLECTIONS[collection];
  const unsaved = changes.find((change) => change.path === `config/${file}`);
  const baseVersion = unsaved ? unsaved.baseVersion : savedVersion(file);
  const data = files.get(file) as Record<string, unknown>;
  return { path: `config/${file}`, data: { ...data, [collection]: [...entries, entry] }, baseVersion };
}

/** A config file's text, or undefined for one the store will not read (a link: the checker says so where it is). */
function readable(state: SiteState, path: string): string | undefined {
  try {
    return state.read(path)?.text;
  } catch {
    return undefined;
  }
}

/**
 * A new page, influencer or project of the site in `store` (model/site-store.ts), with the unsaved changes in place,
 * and how the file list shows it: the same in both editors. Nothing is written.
 */
export async function newEntryOn<State extends SiteState>(
  store: SiteStore<State>,
  request: NewEntryRequest,
  changes: readonly Change[],
  schemas: Readonly<Record<string, Schema>>,
): Promise<NewEntryAnswer> {
  const state = await store.state();
  const texts = state.configPaths().flatMap((path) => {
    const text = readable(state, path);
    return text === undefined ? [] : [{ path: path.slice('config/'.length), text }];
  });
  const made = newEntryIn(filesWithChanges(texts, changes), request, changes, schemas, (path) =>
    readable(state, `config/${path}`) === undefined ? null : state.read(`config/${path}`)!.version,
  );
  // A new entry is a config file of a kind the editor lists, by its path.
  return { ...made, file: configFileEntry(made.path, made.data)! };
}
