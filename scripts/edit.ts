/**
 * `npm run edit`: the visual editor, at http://127.0.0.1:4400/ (EDIT_PORT to change it). It edits config/ with
 * forms generated from schemas/, checks every change with the one validator, and saves only a valid config.
 * It answers this machine only, and only its own page, which carries a token made for this session.
 * `tsx scripts/edit.ts <site folder>` edits another site, such as a copy of the spec site in the browser tests.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer as createViteServer } from 'vite';
import { handleEditorApi } from '../src/editor/server/editor-api.ts';
import { LIVE_SITE_DIR } from '../src/testing/sites.ts';

const siteDir = process.argv[2] ? resolve(process.argv[2]) : LIVE_SITE_DIR;
const port = Number(process.env.EDIT_PORT ?? 4400);
const token = randomBytes(32).toString('hex');
const appDir = join(LIVE_SITE_DIR, 'src/editor/app');

const server = createServer();
const vite = await createViteServer({
  configFile: false,
  root: appDir,
  plugins: [react()],
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: { server } },
});

server.on('request', (request, response) => {
  void handleEditorApi(request, response, { siteDir, port, token }).then((handled) => {
    if (handled) return;
    vite.middlewares(request, response, async () => {
      // The editor's page, with this session's token for its API calls.
      const page = readFileSync(join(appDir, 'index.html'), 'utf8').replace('</head>', `  <meta name="editor-token" content="${token}" />\n  </head>`);
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY' });
      response.end(await vite.transformIndexHtml(request.url ?? '/', page));
    });
  });
});
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${port} is in use. Stop the other editor, or run EDIT_PORT=4401 npm run edit.` : `Could not start the editor: ${error.message}`);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => console.log(`Editing ${join(siteDir, 'config')} at http://127.0.0.1:${port}/ (Ctrl+C to stop)`));
