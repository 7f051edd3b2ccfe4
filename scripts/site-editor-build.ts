/**
 * Builds the editor into the site at /admin/ (src/editor/admin/): a static app of its own, which no public page
 * links to or loads. Its settings (site-editor-settings.ts) and the project's schemas are built in, so the schemas it
 * checks with and draws forms from are the site's code as deployed, never what a branch holds. Its page carries its
 * own strict policy: its own scripts only, no code made at run time, connections only to the site and GitHub's API.
 */
import { dirname, resolve } from 'node:path';
import { build, defaultClientConditions, type Plugin } from 'vite';
import { PROJECT_SCHEMAS } from '../src/checker/project-folders.ts';
import { readSchemas } from '../src/checker/read-config-files.ts';
import { editorSchemas } from '../src/editor/server/editor-schemas.ts';
import type { SiteEditorSettings } from '../src/build/site-editor-settings.ts';
import { MEDIA_POLICY } from '../src/build/security-headers.ts';

/** The folder of the site the editor is built into: its address is the site's address with /admin/. */
export const SITE_EDITOR_FOLDER = 'admin';

/** Whether a page's route is the editor's address, or inside it. */
export const isEditorAddress = (route: string) =>
  route.replace(/\/+$/, '') === `/${SITE_EDITOR_FOLDER}` || route.startsWith(`/${SITE_EDITOR_FOLDER}/`);

const ADMIN_DIR = resolve(import.meta.dirname, '../src/editor/admin');

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
    // The preview has no origin of its own: its scripts are fetched as from another site, and its page is framed.
    `${folder}${PREVIEW_FOLDER}/*`,
    '  ! Content-Security-Policy',
    `  Content-Security-Policy: ${PREVIEW_POLICY}; frame-ancestors 'self'`,
    '  ! X-Frame-Options',
    '  X-Frame-Options: SAMEORIGIN',
    '  Access-Control-Allow-Origin: *',
    '',
    `${folder}${CHECKER_FOLDER}/*`,
    '  ! Content-Security-Policy',
    "  Content-Security-Policy: default-src 'none'; script-src 'self' 'unsafe-eval'",
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
    // The checker refuses any file of public/ that would run script (checker/active-content.ts); on the hosts that
    // send headers, a picture or video opened on its own runs sandboxed as well, with no origin: nothing in it could
    // reach the tab's sign-in even if one got through.
    '# Pictures and videos opened on their own: sandboxed, with no origin, so nothing in one reaches the editor.',
    `${base}media/*`,
    '  ! Content-Security-Policy',
    `  Content-Security-Policy: ${MEDIA_POLICY}`,
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
  };
}

/** A page's policy inside it, as GitHub Pages sends no headers of its own. */
const policyInPage = (policy: string): Plugin => ({
  name: 'policy-in-page',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy } }],
});

/** The preview's folder in the editor's: a page of its own, framed by the editor's page. */
const PREVIEW_FOLDER = 'preview';

/**
 * The preview's Content-Security-Policy: the site's renderer (its styles are written at run time), each form's
 * compiled validators as modules the frame makes from the payload (blob:), the data files it brings, pictures of the
 * site and uploads not yet published; it connects nowhere else, and only the editor's page may frame it.
 */
const PREVIEW_POLICY = [
  "default-src 'none'",
  "script-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  'connect-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

/** The stand-ins the preview is built with (as npm run edit's, server/preview-plugin.ts) and those of /admin/. */
function hostedPreviewModules(): Plugin {
  const preview = resolve(import.meta.dirname, '../src/editor/preview');
  const hosted = resolve(ADMIN_DIR, PREVIEW_FOLDER);
  const previewModules: Record<string, string> = {
    'virtual:site-shell': 'site-shell.ts',
    'virtual:page-data': 'page-data.ts',
    'virtual:forms': 'forms.ts',
    'virtual:influencer-records': 'influencer-records.ts',
  };
  const replaced: [string, string][] = [
    [resolve(import.meta.dirname, '../src/content/site-paths'), resolve(hosted, 'site-paths.ts')],
    [resolve(preview, 'preview-host'), resolve(hosted, 'preview-host.tsx')],
  ];
  return {
    name: 'hosted-preview-modules',
    enforce: 'pre',
    resolveId(id, importer) {
      if (Object.hasOwn(previewModules, id)) return resolve(preview, 'preview-modules', previewModules[id]!);
      if (!importer || !id.startsWith('.')) return undefined;
      const target = resolve(dirname(importer.split('?')[0]!), id).replace(/\.tsx?$/, '');
      return replaced.find(([original]) => original === target)?.[1];
    },
  };
}

/**
 * Bundling notes that say nothing about this build: packages marked "use client" for servers that render React
 * (there is no server here).
 */
const quiet = {
  onLog(level: string, log: { code?: string }, handler: (level: never, log: never) => void) {
    if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
    handler(level as never, log as never);
  },
};

/** Builds the editor into `outDir`/admin/, for a site served from `base` ("/" or "/loom-site/"). */
export async function buildSiteEditor(outDir: string, base: string, settings: SiteEditorSettings): Promise<void> {
  await build({
    configFile: false,
    root: ADMIN_DIR,
    base: `${base}${SITE_EDITOR_FOLDER}/`,
    publicDir: false,
    logLevel: 'warn',
    plugins: [siteEditorModules(settings), policyInPage(siteEditorPolicy(settings))],
    // As a bundler builds a worker: packages give their worker build (a markdown decoder's browser build needs a
    // document, which the checker's worker has not).
    resolve: {
      conditions: ['worker', ...defaultClientConditions],
      // The forms' code generator alone: the module that exports it beside a writer of files imports node:fs.
      alias: {
        '@rjsf/validator-ajv8/compileSchemaValidators': '@rjsf/validator-ajv8/lib/compileSchemaValidatorsCode.js',
      },
    },
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
      rollupOptions: quiet,
    },
  });
  await build({
    configFile: false,
    root: resolve(ADMIN_DIR, PREVIEW_FOLDER),
    base: `${base}${SITE_EDITOR_FOLDER}/${PREVIEW_FOLDER}/`,
    publicDir: false,
    logLevel: 'warn',
    plugins: [hostedPreviewModules(), policyInPage(PREVIEW_POLICY)],
    build: {
      outDir: resolve(outDir, SITE_EDITOR_FOLDER, PREVIEW_FOLDER),
      emptyOutDir: true,
      assetsInlineLimit: 0,
      chunkSizeWarningLimit: 4096,
      rollupOptions: quiet,
    },
  });
}
