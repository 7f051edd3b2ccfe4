/**
 * `npm run edit`: the visual editor, at http://127.0.0.1:4400/ (EDIT_PORT to change it). It edits config/ with
 * forms generated from schemas/, checks every change with the one validator, previews the site as the author types,
 * and saves only a valid config. It answers this machine only, and only its own page, opened from the address it
 * prints: that address carries a key made for this session, which no other program or web page can learn.
 * The preview runs on a port of its own (EDIT_PREVIEW_PORT, any free one by default), so it cannot reach the editor.
 * `tsx scripts/edit.ts <site folder>` edits another site, such as a copy of the spec site in the tests; EDIT_TOKEN
 * sets the key (the browser tests do), which is otherwise random.
 */
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../src/config/config-files.ts';
import { startEditorServers } from '../src/editor/server/editor-server.ts';
import { forgetOldHeldMedia } from '../src/editor/server/held-media.ts';
import { createPageModules } from '../src/editor/server/page-modules.ts';
import { SitePreview } from '../src/editor/server/preview.ts';
import { WorkspaceThread } from '../src/editor/server/workspace-thread.ts';

const siteDir = process.argv[2] ? resolve(process.argv[2]) : PROJECT_ROOT;
const editorPort = Number(process.env.EDIT_PORT ?? 4400);
const previewPort = Number(process.env.EDIT_PREVIEW_PORT ?? 0);
const token = process.env.EDIT_TOKEN || randomBytes(32).toString('hex');
if (!/^[0-9a-f]{32,}$/i.test(token)) {
  console.error('EDIT_TOKEN must be at least 32 hexadecimal characters.');
  process.exit(1);
}

// Uploads held for a save that never came are forgotten after a while (src/editor/server/held-media.ts).
forgetOldHeldMedia(siteDir);

const preview = new SitePreview();
const workspace = new WorkspaceThread();
const modules = await createPageModules(preview);

// The first check (and the forms it compiles for the preview) starts before the page asks, so opening is quick.
void workspace.run({ kind: 'check', siteDir, body: '{"changes":[]}' }).then((answer) => answer.preview && preview.take(answer.preview));

try {
  const servers = await startEditorServers({ siteDir, workspace, preview }, { token, editorPort, previewPort, modules });
  console.log(`Editing ${join(siteDir, 'config')}. Open this address (it holds this session's key; Ctrl+C to stop):\n\n  ${servers.url}\n`);
} catch (error) {
  const { code, message, port } = error as NodeJS.ErrnoException & { port?: number };
  console.error(
    code === 'EADDRINUSE' ? `Port ${port} is in use. Stop the other editor, or run EDIT_PORT=4410 npm run edit.` : `Could not start the editor: ${message}`,
  );
  await modules.close();
  process.exit(1);
}
