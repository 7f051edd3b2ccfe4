/**
 * Builds the editor into the site at /admin/ (src/editor/admin/): a static app of its own, which no public page
 * links to or loads. Its settings (site-editor-settings.ts) and the project's schemas are built in, so the schemas it
 * checks with and draws forms from are the site's code as deployed, never what a branch holds. Its page carries its
 * own strict policy: its own scripts only, no code made at run time, connections only to the site and GitHub's API.
 */
import { resolve } from 'node:path';
import { build, defaultClientConditions, type Plugin } from 'vite';
import { PROJECT_SCHEMAS } from '../checker/project-folders.ts';
import { readSchemas } from '../checker/read-config-files.ts';
import { editorSchemas } from '../editor/server/editor-schemas.ts';
import type { SiteEditorSettings } from './site-editor-settings.ts';

/** The folder of the site the editor is built into: its address is the site's address with /admin/. */
export const SITE_EDITOR_FOLDER = 'admin';

const ADMIN_DIR = resolve(import.meta.dirname, '../editor/admin');

/** The editor page's Content-Security-Policy. */
export function siteEditorPolicy(settings: SiteEditorSettings): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // Pictures and videos of the site, and uploads the page holds until they are saved.
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    `connect-src 'self' ${new URL(settings.api).origin}`,
    "worker-src 'self'",
    "frame-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Where the checker's worker is built, apart: the one script that may compile the schemas it checks with. */
const CHECKER_FOLDER = 'checker';

/**
 * The editor's part of the site's _headers (Netlify, Cloudflare Pages): its folder's policy instead of the site's
 * ("! name" drops the site's on Cloudflare Pages; on Netlify a later rule's header replaces an earlier one's), and
 * the checker's worker, which compiles the schemas it checks with (Ajv makes code of them) and nothing else: no page,
 * no storage, no token ever reaches it. Hashed files are kept for a year, as the site's are.
 */
export function siteEditorHeaders(base: string, settings: SiteEditorSettings): string {
  const folder = `${base}${SITE_EDITOR_FOLDER}/`;
  return [
    `# The editor (${folder}): its own policy, in place of the site's.`,
    `${folder}*`,
    '  ! Content-Security-Policy',
    `  Content-Security-Policy: ${siteEditorPolicy(settings)}; frame-ancestors 'none'`,
    '  Cache-Control: no-cache',
    '',
    `${folder}assets/*`,
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
    `${folder}${CHECKER_FOLDER}/*`,
    '  ! Content-Security-Policy',
    "  Content-Security-Policy: default-src 'none'; script-src 'self' 'unsafe-eval'",
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n');
}

const SETTINGS_MODULE = 'virtual:site-editor-settings';
const SCHEMAS_MODULE = 'virtual:site-editor-schemas';

function siteEditorModules(settings: SiteEditorSettings): Plugin {
  return {
    name: 'site-editor-modules',
    enforce: 'pre',
    resolveId: (id) => (id === SETTINGS_MODULE || id === SCHEMAS_MODULE ? `\0${id}` : undefined),
    async load(id) {
      if (id === `\0${SETTINGS_MODULE}`) return `export default ${JSON.stringify(settings)};`;
      if (id !== `\0${SCHEMAS_MODULE}`) return undefined;
      const checkSchemas = Object.fromEntries(readSchemas(PROJECT_SCHEMAS));
      return [
        `export const checkSchemas = JSON.parse(${JSON.stringify(JSON.stringify(checkSchemas))});`,
        `export const formSchemas = JSON.parse(${JSON.stringify(JSON.stringify(await editorSchemas()))});`,
      ].join('\n');
    },
    // The policy inside the page, as GitHub Pages sends no headers of its own.
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: siteEditorPolicy(settings) },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/** Builds the editor into `outDir`/admin/, for a site served from `base` ("/" or "/loom-site/"). */
export async function buildSiteEditor(outDir: string, base: string, settings: SiteEditorSettings): Promise<void> {
  await build({
    configFile: false,
    root: ADMIN_DIR,
    base: `${base}${SITE_EDITOR_FOLDER}/`,
    publicDir: false,
    logLevel: 'warn',
    plugins: [siteEditorModules(settings)],
    // As a bundler builds a worker: packages give their worker build (a markdown decoder's browser build needs a
    // document, which the checker's worker has not).
    resolve: { conditions: ['worker', ...defaultClientConditions] },
    worker: {
      format: 'es',
      plugins: () => [siteEditorModules(settings)],
      rollupOptions: {
        output: {
          entryFileNames: `${CHECKER_FOLDER}/[name]-[hash].js`,
          chunkFileNames: `${CHECKER_FOLDER}/[name]-[hash].js`,
        },
      },
    },
    build: {
      outDir: resolve(outDir, SITE_EDITOR_FOLDER),
      emptyOutDir: true,
      // Its own scripts only: nothing inlined as a data: address, which its policy refuses.
      assetsInlineLimit: 0,
      chunkSizeWarningLimit: 4096,
    },
  });
}
