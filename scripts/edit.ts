/**
 * `npm run edit`: the visual editor, at http://127.0.0.1:4400/ (EDIT_PORT to change it). It edits config/ with
 * forms generated from schemas/, checks every change with the one validator, previews the site as the author types,
 * and saves only a valid config. It answers this machine only, and only its own page, which carries a token made for
 * this session. `tsx scripts/edit.ts <site folder>` edits another site, such as a copy of the spec site in the tests.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer as createViteServer } from 'vite';
import { handleEditorApi } from '../src/editor/server/editor-api.ts';
import { SitePreview } from '../src/editor/server/preview.ts';
import { checkChanges } from '../src/editor/server/workspace.ts';
import { previewPlugin } from '../src/editor/server/preview-plugin.ts';
import { PREVIEW_BASE } from '../src/editor/preview/messages.ts';
import { LIVE_SITE_DIR } from '../src/testing/sites.ts';

const siteDir = process.argv[2] ? resolve(process.argv[2]) : LIVE_SITE_DIR;
const port = Number(process.env.EDIT_PORT ?? 4400);
const token = randomBytes(32).toString('hex');
const editorDir = join(LIVE_SITE_DIR, 'src/editor');
const preview = new SitePreview();

const server = createServer();
const vite = await createViteServer({
  configFile: false,
  root: editorDir,
  // The site's pictures and videos are served by the editor's API, which sees an upload the moment it is saved.
  publicDir: false,
  plugins: [react(), previewPlugin(preview)],
  logLevel: 'warn',
  appType: 'custom',
  // The editor's and the preview's code is compiled while the author opens the page, not when it asks for it.
  server: { middlewareMode: true, hmr: { server }, warmup: { clientFiles: ['app/main.tsx', 'preview/main.tsx'] } },
  optimizeDeps: {
    entries: ['app/index.html', 'preview/index.html'],
    // What the forms' compiled validators import, which no source file names, found before the first page opens.
    include: ['ajv/dist/runtime/ucs2length', 'ajv-formats/dist/formats', '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'],
  },
});

/** The editor's page (with this session's token for its API calls), or the preview's, or nothing. */
async function servePage(request: IncomingMessage, response: ServerResponse) {
  const url = request.url ?? '/';
  const pathname = url.split('?')[0]!;
  const page = pathname === '/' ? 'app/index.html' : pathname === PREVIEW_BASE || pathname.startsWith(`${PREVIEW_BASE}/`) ? 'preview/index.html' : undefined;
  if (!page || request.method !== 'GET') {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  let html = readFileSync(join(editorDir, page), 'utf8');
  if (page === 'app/index.html') html = html.replace('</head>', `  <meta name="editor-token" content="${token}" />\n  </head>`);
  // The editor frames its own preview, and no other site may frame either.
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': "frame-ancestors 'self'" });
  response.end(await vite.transformIndexHtml(url, html));
}

// The first check (and the forms it compiles for the preview) is done before the page asks, so opening is quick.
const { config } = checkChanges(siteDir, []);
if (config) preview.update(config);

server.on('request', (request, response) => {
  void handleEditorApi(request, response, { siteDir, port, token, preview }).then((handled) => {
    if (!handled) vite.middlewares(request, response, () => void servePage(request, response));
  });
});
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${port} is in use. Stop the other editor, or run EDIT_PORT=4401 npm run edit.` : `Could not start the editor: ${error.message}`);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => console.log(`Editing ${join(siteDir, 'config')} at http://127.0.0.1:${port}/ (Ctrl+C to stop)`));
