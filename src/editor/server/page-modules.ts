import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createServer as createViteServer } from 'vite';
import { PROJECT_ROOT } from '../../checker/project-folders.ts';
import { EDITOR_DIR, type PageModules } from './editor-server.ts';
import { previewPlugin } from './preview-plugin.ts';
import type { SitePreview } from './preview.ts';

/** The project's node_modules, found from where its packages resolve (the editor's copy of its code links to it). */
const NODE_MODULES = dirname(dirname(createRequire(import.meta.url).resolve('vite/package.json')));

/**
 * Vite's dev server in middleware mode, serving the code of the editor's page and of its preview (the site's own
 * renderer). It answers only what the editor's servers pass it (request-guard.ts: the page, its modules, HMR): no
 * CORS, files only from src/ and node_modules/, and no public/ (pictures and videos are served by the editor, which
 * sees an upload the moment it is saved).
 */
export async function createPageModules(preview: SitePreview): Promise<PageModules & { close(): Promise<void> }> {
  // HMR's upgrades reach Vite only through the editor's guard, which emits them here.
  const upgrades = new EventEmitter();
  const vite = await createViteServer({
    configFile: false,
    root: EDITOR_DIR,
    publicDir: false,
    plugins: [previewPlugin(preview)],
    logLevel: 'warn',
    // Its own cache of prebundled packages, beside the site's dev server's, kept across copies of the editor's code.
    cacheDir: join(NODE_MODULES, '.vite-site-editor'),
    appType: 'custom',
    server: {
      middlewareMode: true,
      hmr: { server: upgrades as unknown as Server },
      cors: false,
      fs: { strict: true, allow: [join(PROJECT_ROOT, 'src'), NODE_MODULES] },
      // The editor's and the preview's code is compiled while the author opens the page, not when it asks for it.
      warmup: { clientFiles: ['app/main.tsx', 'preview/main.tsx'] },
    },
    optimizeDeps: {
      entries: ['app/index.html', 'preview/index.html'],
      // What the forms' compiled validators import, which no source file names, found before the first page opens.
      include: [
        'ajv/dist/runtime/ucs2length',
        'ajv-formats/dist/formats',
        '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js',
      ],
    },
  });
  return {
    handle: (request, response, next) => vite.middlewares(request, response, next),
    transformIndexHtml: (url, html) => vite.transformIndexHtml(url, html),
    upgrades,
    close: () => vite.close(),
  };
}
