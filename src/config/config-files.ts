import { join, resolve } from 'node:path';
import type { JsonSource } from './json-source.ts';
import type { PagePlaceholders } from './schema-registry.ts';

/** The folders a site is made from: what authors edit (config/ and public/), checked against this project's schemas/. */
export interface SiteFolders {
  readonly config: string;
  readonly schemas: string;
  readonly public: string;
}

/** This project's folder: its own site's config/ and public/, and its schemas/, src/ and node_modules/. */
export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

/** This project's schemas/: every site, the repository's own or a test fixture, is checked against them. */
export const PROJECT_SCHEMAS = join(PROJECT_ROOT, 'schemas');

/** The site whose config/ and public/ are in `siteDir` (the repository root, or a fixture site). */
export function siteFolders(siteDir: string): SiteFolders {
  return { config: join(siteDir, 'config'), schemas: PROJECT_SCHEMAS, public: join(siteDir, 'public') };
}

/**
 * Where each kind of config lives and which schema checks it. The validator, the type generator
 * and the reference docs all read this one table.
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
}

export const CONFIG_FILE_KINDS: readonly ConfigFileKind[] = [
  { pattern: 'site.json', schema: 'site.schema.json', required: true },
  { pattern: 'navigation.json', schema: 'navigation.schema.json', required: true },
  { pattern: 'pages/*.json', schema: 'page.schema.json', required: false },
  { pattern: 'collections/influencers.json', schema: 'collections/influencers.schema.json', required: true, orFolder: 'collections/influencers/' },
  { pattern: 'collections/influencers/*.json', schema: 'collections/influencer.schema.json', required: false },
  { pattern: 'collections/projects.json', schema: 'collections/projects.schema.json', required: true, orFolder: 'collections/projects/' },
  { pattern: 'collections/projects/*.json', schema: 'collections/project.schema.json', required: false },
  { pattern: 'collections/services.json', schema: 'collections/services.schema.json', required: true },
  { pattern: 'collections/process.json', schema: 'collections/process.schema.json', required: true },
  { pattern: 'collections/faqs.json', schema: 'collections/faqs.schema.json', required: true },
  { pattern: 'collections/platforms-and-niches.json', schema: 'collections/platforms-and-niches.schema.json', required: true },
  { pattern: 'forms/*.json', schema: 'form.schema.json', required: false },
  // How the editor's Publish button puts saved changes online (src/editor/server/publishing.ts); the site never reads it.
  { pattern: 'publishing.json', schema: 'publishing.schema.json', required: false },
  // Any other collection is a collection of points, which a point-grid section shows by its name; its "$schema" says so.
  { pattern: 'collections/*.json', schema: 'collections/points.schema.json', required: false },
];

/** The kind of the collections that sections name: points, shown by point-grid. */
export const POINT_COLLECTIONS = CONFIG_FILE_KINDS.at(-1)!;

/** The kind of a config file, by its path relative to config/ (forward slashes). */
export function kindOfConfigFile(relativePath: string): ConfigFileKind | undefined {
  return CONFIG_FILE_KINDS.find(({ pattern }) => {
    if (!pattern.includes('*')) return pattern === relativePath;
    const folder = pattern.slice(0, pattern.indexOf('*'));
    const rest = relativePath.slice(folder.length);
    return relativePath.startsWith(folder) && rest.endsWith('.json') && !rest.includes('/');
  });
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
export const LIST_COLLECTIONS = {
  influencers: { file: 'collections/influencers.json', folder: 'collections/influencers/' },
  projects: { file: 'collections/projects.json', folder: 'collections/projects/' },
} as const;

export type ListCollection = keyof typeof LIST_COLLECTIONS;

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
export function collectionEntries<F extends ParsedConfigFile>(files: ReadonlyMap<string, F>, name: ListCollection): CollectionEntry[] | undefined {
  const { file, folder } = LIST_COLLECTIONS[name];
  const single = files.get(file);
  if (single) {
    const list = (single.source.data as Record<string, unknown> | null)?.[name];
    return Array.isArray(list) ? list.map((data, index) => ({ source: single.source, at: [name, index], data })) : [];
  }
  const inFolder = [...files.keys()].filter((path) => path.startsWith(folder)).sort(byFileName);
  return inFolder.length === 0 ? undefined : inFolder.map((path) => ({ source: files.get(path)!.source, at: [], data: files.get(path)!.source.data }));
}
