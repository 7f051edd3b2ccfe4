/**
 * `npm run edit`: the visual editor, at http://127.0.0.1:4400/ (EDIT_PORT to change it). It edits config/ with
 * forms generated from schemas/, checks every change with the one validator, previews the site as the author types,
 * and saves only a valid config. It answers this machine only, and only its own page, opened from the address it
 * prints: that address carries a key made for this session, which no other program or web page can learn.
 * The preview runs on a port of its own (EDIT_PREVIEW_PORT, any free one by default), so it cannot reach the editor.
 * `tsx scripts/edit.ts <site folder>` edits another site, such as a copy of the spec site in the tests; EDIT_TOKEN
 * sets the key (the browser tests do), which is otherwise random.
 *
 * The editor runs from a copy of the project's code taken now (src/editor/server/launcher.ts), so what Get latest
 * changes brings in runs only once the editor is restarted.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../src/checker/project-folders.ts';
import { launchEditor } from '../src/editor/server/launcher.ts';

const siteDir = process.argv[2] ? resolve(process.argv[2]) : PROJECT_ROOT;
const token = process.env.EDIT_TOKEN || randomBytes(32).toString('hex');
if (!/^[0-9a-f]{32,}$/i.test(token)) {
  console.error('EDIT_TOKEN must be at least 32 hexadecimal characters.');
  process.exit(1);
}

process.exitCode = await launchEditor({
  projectDir: PROJECT_ROOT,
  siteDir,
  token,
  editorPort: Number(process.env.EDIT_PORT ?? 4400),
  previewPort: Number(process.env.EDIT_PREVIEW_PORT ?? 0),
});
