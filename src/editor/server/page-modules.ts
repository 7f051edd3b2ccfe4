import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ViteDevServer } from 'vite';
import { PROJECT_ROOT } from '../../checker/project-folders.ts';
import { EDITOR_DIR, type PageModules } from './editor-server.ts';
import { previewPlugin } from './preview-plugin.ts';
import type { SitePreview } from './preview.ts';

/** The project's node_modules, found from where its packages resolve (the editor's copy of its code links to it). */
const NODE_MODULES = dirname(dirname(createRequire(import.meta.url).resolve('vite/package.json')));

/** How long a failure to start Vite stands before a request tries again. */
const VITE_RETRY_AFTER_MS = 5_000;

/**
 * Vite's dev server in middleware mode, serving the code of the editor's page and of its preview (the site's own
 * renderer). It answers only what the editor's servers pass it (request-guard.ts: the page, its modules, HMR): no
 * CORS, files only from src/ and node_modules/, and no public/ (pictures and videos are served by the editor, which
 * sees an upload the moment it is saved). It starts on the first request for a page, a module or HMR's socket, so an
 * editor answers its API at once, and one started again after a crash with no page open never starts it.
 */
export function createPageModules(preview: SitePreview): PageModules & { close(): Promise<void> } {
  // HMR's upgrades reach Vite only through the editor's guard, which emits them on `upgrades`; Vite listens on its own.
  const upgrades = new EventEmitter();
  const viteUpgrades = new EventEmitter();
  let started: Promise<ViteDevServer> | undefined;
  const vite = () =>
    (started ??= startVite(preview, viteUpgrades).catch((error: unknown) => {
      // Requests in the next few seconds (a page's modules, HMR's ping each second) share this failure; one after
      // tries again.
      setTimeout(() => (started = undefined), VITE_RETRY_AFTER_MS).unref();
      throw error;
    }));
  upgrades.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    vite().then(
      () => viteUpgrades.emit('upgrade', request, socket, head),
      () => socket.destroy(),
    );
  });
  return {
    handle: async (request, response, next) => (await vite()).middlewares(request, response, next),
    transformIndexHtml: async (url, html) => (await vite()).transformIndexHtml(url, html),
    upgrades,
    close: async () => {
      const server = await started?.catch(() => undefined);
      await server?.close();
    },
  };
}

async function startVite(preview: SitePreview, upgrades: EventEmitter): Promise<ViteDevServer> {
  // Loaded with the server it makes: an editor that never serves a page never loads it.
  const { createServer: createViteServer } = await import('vite');
  return createViteServer({
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
      // Once a page is asked for, the code of both pages is compiled while the browser still loads the first.
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
}
