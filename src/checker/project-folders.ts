/**
 * Where a site's folders are on disk, and this project's own: for the tools that read a site from disk (the CLI, the
 * build, the dev server, the editor's server). The checker itself (check-site.ts) reads no disk.
 */
import { join, resolve } from 'node:path';

/**
 * The folders a site is made from: what authors edit (config/ and public/), checked against this project's schemas/.
 */
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
