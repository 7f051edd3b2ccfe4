/**
 * The script files a built page's React islands need, named from the build's manifest (dist/.vite/manifest.json):
 * what attaches islands, each island's section component, the form it shows, and all they import. The page names
 * them in its head as module preloads of low priority, so a phone fetches them all at once, from the start, instead
 * of finding each only when the page script or the file before it has run.
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
  const form = 'form' in section && typeof section.form === 'string' ? [`virtual:form/${section.form}`] : [];
  return [...component, ...form];
}

/** The files, as addresses under `base` ("/" or "/loom-site/"), in the order they are first needed. */
export function islandFilesOf(manifest: BuildManifest, sections: readonly Section[], base: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`The build's manifest has no ${key}: the page could not name its islands' files.`);
    if (files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  if (sections.length === 0) return [];
  for (const key of [ATTACHING, ...sections.flatMap((section) => modulesOf(manifest, section))]) visit(key);
  return [...files].map((file) => `${base}${file}`);
}
