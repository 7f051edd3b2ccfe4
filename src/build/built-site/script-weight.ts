/**
 * What script each built page makes a first visit load, read from the files: the page script and the files the page
 * names (its React islands' preloads), the behaviours of its sections, and every file those import, each counted once
 * at its gzip size, as a host sends it. The browser tests and `npm run bench` measure the same in a real browser; this
 * lets the content gate hold the budgets on any host, with no browser.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ISLAND_FILES_META } from '../../islands/island-files.ts';
import { htmlFilesIn, siteFileName, tagsOf } from './built-pages.ts';

/** Vite's build manifest: by source module, its file and the shared files it imports. */
export type BuildManifest = Readonly<
  Record<string, { readonly file: string; readonly imports?: readonly string[]; readonly isDynamicEntry?: boolean }>
>;

/** Where the build keeps its manifest, beside the built site and not in it (scripts/prerender.ts). */
export const builtManifestOf = (dist: string) => `${dist}.manifest.json`;

/**
 * First-load script by kind of page, KB gzip as transferred: a page pays for the code of its interactive parts only.
 * Pages of text and profiles get 15 KB, pages whose sections have a behaviour (a filter, a video) 40 KB; the pages where
 * visitors act (a React island: the directory's search, the forms) less than a typical agency site's one file (111 KB).
 */
export const SCRIPT_BUDGET_KB = { text: 15, behaviour: 40, interactive: 111 } as const;

export type PageKind = keyof typeof SCRIPT_BUDGET_KB;

/** The module of a section type's behaviour (src/sections/<type>/behaviour.ts), as the manifest names it. */
const behaviourModule = (type: string) => `src/sections/${type}/behaviour.ts`;

export interface PageScript {
  /** The built file, as "about/index.html". */
  readonly file: string;
  readonly kind: PageKind;
  /** The script files it loads, as the site names them ("assets/page-1a2b.js"). */
  readonly files: readonly string[];
  /** Their size as gzip, in bytes. */
  readonly bytes: number;
}

/** The kind of a built page, from its islands: React ones make it interactive, behaviours only a page with one. */
export function kindOfPage(html: string, manifest: BuildManifest): PageKind {
  const islands = [...tagsOf(html)].flatMap(({ attributes }) => attributes.get('data-island') ?? []);
  if (islands.some((type) => !manifest[behaviourModule(type)])) return 'interactive';
  return islands.length > 0 ? 'behaviour' : 'text';
}

/**
 * The script of every page of the site built into `dist` for the folder `base` ("/" or "/loom-site/"), except the
 * editor's (`skip`), which has budgets of its own.
 */
export function pageScripts(dist: string, base: string, skip: (file: string) => boolean = () => false): PageScript[] {
  const manifestFile = builtManifestOf(dist);
  if (!existsSync(manifestFile))
    throw new Error(`${manifestFile} is missing: build the site again (npm run build) before checking it.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest;
  const byFile = new Map(Object.entries(manifest).map(([key, entry]) => [entry.file, key]));
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!sizes.has(file)) {
      const path = join(dist, file);
      sizes.set(file, existsSync(path) ? gzipSync(readFileSync(path)).length : 0);
    }
    return sizes.get(file)!;
  };
  const pages: PageScript[] = [];
  for (const path of htmlFilesIn(dist)) {
    const file = siteFileName(dist, path);
    if (skip(file)) continue;
    const html = readFileSync(path, 'utf8');
    const files = new Set<string>();
    const visit = (key: string | undefined) => {
      const entry = key === undefined ? undefined : manifest[key];
      if (!entry || files.has(entry.file)) return;
      files.add(entry.file);
      for (const imported of entry.imports ?? []) visit(imported);
    };
    const named = (address: string | undefined) =>
      address?.startsWith(base) && address.endsWith('.js') ? address.slice(base.length) : undefined;
    for (const { name, attributes } of tagsOf(html)) {
      const addresses =
        name === 'script' && attributes.get('type') === 'module'
          ? [attributes.get('src')]
          : name === 'link' && attributes.get('rel') === 'modulepreload'
            ? [attributes.get('href')]
            : // The islands' files, which the page script fetches once they are needed (src/islands/site.ts).
              name === 'meta' && attributes.get('name') === ISLAND_FILES_META
              ? (attributes.get('content') ?? '').split(' ')
              : [];
      for (const file of addresses.map(named)) {
        if (file === undefined) continue;
        if (byFile.has(file)) visit(byFile.get(file));
        else files.add(file);
      }
    }
    for (const { attributes } of tagsOf(html)) {
      const type = attributes.get('data-island');
      if (type) visit(behaviourModule(type));
    }
    pages.push({
      file,
      kind: kindOfPage(html, manifest),
      files: [...files],
      bytes: [...files].reduce((sum, script) => sum + sizeOf(script), 0),
    });
  }
  return pages;
}

/** The pages over their kind's budget, in words: "contact/index.html loads 120.3 KB of script (gzip), over …". */
export function overBudget(pages: readonly PageScript[]): string[] {
  return pages
    .filter((page) => page.bytes / 1024 > SCRIPT_BUDGET_KB[page.kind])
    .map(
      (page) =>
        `${page.file} loads ${(page.bytes / 1024).toFixed(1)} KB of script (gzip), over the ${SCRIPT_BUDGET_KB[page.kind]} KB of a page ${KIND_WORDS[page.kind]} (${page.files.length} files).`,
    );
}

const KIND_WORDS: Readonly<Record<PageKind, string>> = {
  text: 'of text',
  behaviour: 'whose sections have a behaviour',
  interactive: 'where visitors act',
};
