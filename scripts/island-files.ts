/**
 * The script files a built page's React islands need, named from the build's manifest (dist/.vite/manifest.json):
 * their first answers, which the page preloads with its script, and the rest (what attaches islands, each island's
 * section component, the form it shows, and all they import), which the page lists for its script to fetch all at
 * once when the islands are needed, instead of finding each only when the file before it has run.
 */
import type { Section } from '../src/generated/config-types.ts';
import type { BuildManifest } from '../src/build/built-site/script-weight.ts';

export type { BuildManifest };

/** The module that attaches the islands of a page. */
const ATTACHING = 'src/islands/hydrate.tsx';

/**
 * The modules an island of `section` renders: its section's component (the one PascalCase .tsx file of
 * src/sections/<type>/ that is loaded on its own), and the form of config/forms/ it shows, if it names one in its
 * "form" field, as the sections that show a form do (schemas/sections/).
 */
function modulesOf(manifest: BuildManifest, section: Section): string[] {
  const component = Object.keys(manifest).filter(
    (key) =>
      key.startsWith(`src/sections/${section.type}/`) &&
      /\/[A-Z][^/]*\.tsx$/.test(key) &&
      manifest[key]!.isDynamicEntry,
  );
  return [...component, ...formModulesOf(section)];
}

/** The module of a section type's first answer (src/sections/<type>/first-answer.ts), as the manifest names it. */
const firstAnswerModule = (type: string) => `src/sections/${type}/first-answer.ts`;

/** The form a section shows, if it names one in its "form" field, as the sections that show a form do. */
const formModulesOf = (section: Section) =>
  'form' in section && typeof section.form === 'string' ? [`virtual:form/${section.form}`] : [];

/** Every file the modules named by `keys` need, in the order they are first needed. */
function filesOf(manifest: BuildManifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`The build's manifest has no ${key}: the page could not name its islands' files.`);
    if (files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/**
 * The files of the first answers of a page's React islands (src/sections/<type>/first-answer.ts) and what they use
 * (a form's compiled validators), as addresses under `base`: the page fetches them with its script, so they answer a
 * visitor who acts the moment the page shows.
 */
export function firstAnswerFilesOf(manifest: BuildManifest, sections: readonly Section[], base: string): string[] {
  const keys = sections
    .filter((section) => manifest[firstAnswerModule(section.type)])
    .flatMap((section) => [firstAnswerModule(section.type), ...formModulesOf(section)]);
  return filesOf(manifest, keys).map((file) => `${base}${file}`);
}

/**
 * The files of the React islands themselves, as addresses under `base`, in the order they are first needed, without
 * those of their first answers: the page script fetches them when the islands are needed (src/islands/site.ts).
 */
export function islandFilesOf(manifest: BuildManifest, sections: readonly Section[], base: string): string[] {
  if (sections.length === 0) return [];
  const first = new Set(firstAnswerFilesOf(manifest, sections, base));
  return filesOf(manifest, [ATTACHING, ...sections.flatMap((section) => modulesOf(manifest, section))])
    .map((file) => `${base}${file}`)
    .filter((file) => !first.has(file));
}
