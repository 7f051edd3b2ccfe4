import type { ListCollection } from '../generated/config-types.ts';
import type { JsonSource } from './json-source.ts';
import type { PagePlaceholders } from './schema-registry.ts';
import type { PageData } from '../contract/site-config.ts';

export type { ListCollection } from '../generated/config-types.ts';

/**
 * Each kind of config file, declared once: where it lives, which schema checks it, and what the tools make of it.
 * The validator, the type generator, the reference docs, the editor's file list, its preview and its New buttons
 * all read this one table; none keeps a list of its own. A new collection is one entry here and its schema; then
 * `npm run generate` gives the renderer its type (SiteCollections) and sections can select it in their data.ts.
 */
export interface ConfigFileKind {
  /** A path under config/, or a folder glob such as "pages/*.json". */
  readonly pattern: string;
  /** The schema, relative to schemas/. */
  readonly schema: string;
  /** Whether the site cannot work without this file. */
  readonly required: boolean;
  /** Another way to hold the same content, which makes this file unneeded: a folder with one file per entry. */
  readonly orFolder?: string;
  /**
   * A list collection (one file holding the list, or a folder of one file per entry): the list's key in the file,
   * which is also the name the renderer receives it by (config.influencers).
   */
  readonly list?: ListCollection;
  /**
   * What the renderer receives of this file: the name it knows each list by (config.processSteps), and the field of
   * the file that holds it ("steps"). For a pattern with "*", one list per file, by its name (config.points.values).
   */
  readonly collects?: Readonly<Record<string, string>>;
  /** Where the visual editor lists files of this kind. */
  readonly group: string;
  /**
   * The field that names an entry (a file of its own, or an entry of the list): an influencer by name, a project by
   * title.
   */
  readonly entryName?: string;
  /**
   * What a page's data holds of it when a section shows it (each section's data.ts), so the editor's preview offers the
   * pages that show it; by default, what it collects.
   */
  readonly shows?: keyof PageData;
}

// In the order the editor lists their groups. A file is of the most specific kind whose pattern it matches (kindAmong).
export const CONFIG_FILE_KINDS: readonly ConfigFileKind[] = [
  { pattern: 'site.json', schema: 'site.schema.json', required: true, group: 'Site', entryName: 'name' },
  { pattern: 'navigation.json', schema: 'navigation.schema.json', required: true, group: 'Navigation' },
  { pattern: 'pages/*.json', schema: 'page.schema.json', required: false, group: 'Pages' },
  {
    pattern: 'collections/influencers.json',
    schema: 'collections/influencers.schema.json',
    required: true,
    orFolder: 'collections/influencers/',
    list: 'influencers',
    group: 'Influencers',
    entryName: 'name',
    // The directory shows summaries of them, and each profile one of them (the address says which).
    shows: 'directory',
  },
  {
    pattern: 'collections/influencers/*.json',
    schema: 'collections/influencer.schema.json',
    required: false,
    group: 'Influencers',
    entryName: 'name',
    shows: 'directory',
  },
  {
    pattern: 'collections/projects.json',
    schema: 'collections/projects.schema.json',
    required: true,
    orFolder: 'collections/projects/',
    list: 'projects',
    group: 'Projects',
    entryName: 'title',
  },
  {
    pattern: 'collections/projects/*.json',
    schema: 'collections/project.schema.json',
    required: false,
    group: 'Projects',
    entryName: 'title',
    shows: 'projects',
  },
  {
    pattern: 'collections/services.json',
    schema: 'collections/services.schema.json',
    required: true,
    group: 'Services',
    collects: { services: 'services' },
  },
  {
    pattern: 'collections/process.json',
    schema: 'collections/process.schema.json',
    required: true,
    group: 'Process steps',
    collects: { processSteps: 'steps' },
  },
  {
    pattern: 'collections/faqs.json',
    schema: 'collections/faqs.schema.json',
    required: true,
    group: 'FAQs',
    collects: { faqs: 'faqs' },
  },
  {
    pattern: 'collections/platforms-and-niches.json',
    schema: 'collections/platforms-and-niches.schema.json',
    required: true,
    group: 'Platforms and niches',
    collects: { platforms: 'platforms', niches: 'niches' },
  },
  { pattern: 'forms/*.json', schema: 'form.schema.json', required: false, group: 'Forms' },
  // How the editor's Publish button puts saved changes online (src/editor/git/publishing.ts); the site never reads
  // it.
  { pattern: 'publishing.json', schema: 'publishing.schema.json', required: false, group: 'Publishing' },
  // Where the site is put online and who makes its pictures' sizes (src/build/hosting.ts): the build reads it.
  { pattern: 'hosting.json', schema: 'hosting.schema.json', required: false, group: 'Publishing' },
  // What was removed and must not come back under its old address: the ids of removed influencers
  // (cross-file-checks.ts), and the page an old profile address leads to instead, if any (scripts/prerender.ts).
  {
    pattern: 'removed.json',
    schema: 'removed.schema.json',
    required: false,
    group: 'Removed entries',
    collects: { removedInfluencers: 'influencers' },
  },
  // Any other collection is a collection of points, which a point-grid section shows by its name; its "$schema" says
  // so.
  {
    pattern: 'collections/*.json',
    schema: 'collections/points.schema.json',
    required: false,
    group: 'Lists of points',
    collects: { points: 'points' },
  },
];

/** The kind of the collections that sections name: points, shown by point-grid. */
export const POINT_COLLECTIONS = CONFIG_FILE_KINDS.find((kind) => kind.pattern === 'collections/*.json')!;

/** What a page's data holds of a kind of file when a section shows it: its "shows", else what it collects. */
export const shownAs = (kind: ConfigFileKind): keyof PageData | undefined =>
  kind.shows ??
  (kind.list as keyof PageData | undefined) ??
  (Object.keys(kind.collects ?? {})[0] as keyof PageData | undefined);

/** Whether each file of a kind holds collections of its own, received by the file's name (collections/*.json). */
export const collectsPerFile = (kind: ConfigFileKind): boolean =>
  kind.collects !== undefined && kind.pattern.includes('*');

/** The groups of the editor's file list, in order. */
export const EDITOR_GROUPS = [...new Set(CONFIG_FILE_KINDS.map((kind) => kind.group))];

/** The kind of a config file, by its path relative to config/ (forward slashes). */
export function kindOfConfigFile(relativePath: string): ConfigFileKind | undefined {
  return kindAmong(CONFIG_FILE_KINDS, relativePath);
}

/**
 * The kind of `relativePath` among `kinds`: of those whose pattern it matches, the most specific (a file named as
 * it is, then the pattern with the longest folder), so the order of the list never decides, and a kind added after
 * the catch-all collections/*.json still gets its files.
 */
export function kindAmong(kinds: readonly ConfigFileKind[], relativePath: string): ConfigFileKind | undefined {
  const specificity = ({ pattern }: ConfigFileKind) => (pattern.includes('*') ? pattern.indexOf('*') : Infinity);
  const matching = kinds.filter(({ pattern }) => {
    if (!pattern.includes('*')) return pattern === relativePath;
    const folder = pattern.slice(0, pattern.indexOf('*'));
    const rest = relativePath.slice(folder.length);
    return relativePath.startsWith(folder) && rest.endsWith('.json') && !rest.includes('/');
  });
  return matching.reduce<ConfigFileKind | undefined>(
    (best, kind) => (best === undefined || specificity(kind) > specificity(best) ? kind : best),
    undefined,
  );
}

/** The "$schema" value a config file should carry: its schema's path relative to the file. */
export function expectedSchemaPointer(relativePath: string, kind: ConfigFileKind): string {
  const depth = relativePath.split('/').length; // config/<depth-1 folders>/file, plus config/ itself
  return `${'../'.repeat(depth)}schemas/${kind.schema}`;
}

/** A config file that parsed, with the kind that says which schema checks it. */
export interface ParsedConfigFile {
  readonly source: JsonSource;
  readonly kind: ConfigFileKind;
}

/** A config file its schema accepted, with where its schema lets the page fill in placeholders. */
export interface AcceptedConfigFile extends ParsedConfigFile {
  readonly pagePlaceholders: PagePlaceholders;
}

/**
 * Collections that are a list: one file holding the list (collections/influencers.json, under "influencers"), or a
 * folder with one file per entry (collections/influencers/amara-okafor.json), listed in the order of file names.
 */
export const LIST_COLLECTIONS = Object.fromEntries(
  CONFIG_FILE_KINDS.filter((kind) => kind.list && kind.orFolder).map((kind) => [
    kind.list!,
    { file: kind.pattern, folder: kind.orFolder! },
  ]),
) as Readonly<Record<ListCollection, { readonly file: string; readonly folder: string }>>;

/** One entry of a list collection: the file it is in, where in that file, and its data. */
export interface CollectionEntry {
  readonly source: JsonSource;
  /** Where the entry is in its file: ["influencers", 3] in the list file, [] in a file of its own. */
  readonly at: readonly (string | number)[];
  readonly data: unknown;
}

/** File names compared as people read them: 2-b.json before 10-a.json. */
// One collator for every comparison: localeCompare with options makes a new one each time, which is slow at 1,000s.
const fileNameOrder = new Intl.Collator('en', { numeric: true });
const byFileName = (a: string, b: string) => fileNameOrder.compare(a, b);

/** The entries of a list collection in order, from whichever layout the site uses; undefined when it has neither. */
export function collectionEntries<F extends ParsedConfigFile>(
  files: ReadonlyMap<string, F>,
  name: ListCollection,
): CollectionEntry[] | undefined {
  const { file, folder } = LIST_COLLECTIONS[name];
  const single = files.get(file);
  if (single) {
    const list = (single.source.data as Record<string, unknown> | null)?.[name];
    return Array.isArray(list) ? list.map((data, index) => ({ source: single.source, at: [name, index], data })) : [];
  }
  const inFolder = [...files.keys()].filter((path) => path.startsWith(folder)).sort(byFileName);
  return inFolder.length === 0
    ? undefined
    : inFolder.map((path) => ({ source: files.get(path)!.source, at: [], data: files.get(path)!.source.data }));
}
