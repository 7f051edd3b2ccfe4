import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { PREVIEW_FORM_PREFIX, type SitePreview } from './preview.ts';

/** The preview's stand-ins for the modules the build serves the renderer (src/build/vite-plugin-site-config.ts). */
const PREVIEW_MODULES_DIR = resolve(import.meta.dirname, '../preview/preview-modules');
const PREVIEW_MODULES: Readonly<Record<string, string>> = {
  // (and, by its file, src/content/site-paths.ts: see SITE_PATHS)
  'virtual:site-shell': 'site-shell.ts',
  'virtual:page-data': 'page-data.ts',
  'virtual:forms': 'forms.ts',
  'virtual:influencer-records': 'influencer-records.ts',
};

/** The site's module of paths, which the preview replaces: there the site lives in the session's folder. */
const SITE_PATHS = resolve(import.meta.dirname, '../../content/site-paths');

/**
 * Lets the site's own renderer run in the editor's preview: the modules it reads its config from are the preview's
 * stand-ins (src/editor/preview/preview-modules/), which the editor page fills with the unsaved config, and each
 * form's module is compiled from that config exactly as the build compiles it.
 */
export function previewPlugin(preview: SitePreview): Plugin {
  return {
    name: 'editor-preview',
    enforce: 'pre',
    resolveId(id, importer) {
      if (Object.hasOwn(PREVIEW_MODULES, id)) return resolve(PREVIEW_MODULES_DIR, PREVIEW_MODULES[id]!);
      if (
        importer &&
        id.startsWith('.') &&
        resolve(dirname(importer.split('?')[0]!), id).replace(/\.ts$/, '') === SITE_PATHS
      )
        return resolve(PREVIEW_MODULES_DIR, 'site-paths.ts');
      return id.startsWith(PREVIEW_FORM_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREVIEW_FORM_PREFIX}`)) return undefined;
      const code = preview.formModule(id.slice(1));
      if (code === undefined)
        throw new Error(`The preview has no form module ${id.slice(1)}; it is drawn again from the latest config.`);
      return code;
    },
  };
}
