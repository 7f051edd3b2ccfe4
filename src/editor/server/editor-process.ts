/**
 * The editor's server process, which scripts/edit.ts (launcher.ts) starts from a copy of the project's code, compiled
 * (code-snapshot.ts): `editor-process <site folder>`, with EDIT_TOKEN, EDIT_PORT and EDIT_PREVIEW_PORT set, and
 * EDIT_THREAD_CODE, its checking thread's compiled code. It first puts right what an editor stopped in the middle of
 * (the publisher's journal), then serves the editor's page, its API and the preview.
 */
import { createEditorSession } from './editor-api.ts';
import { claimSite, endLeftoverGroups } from '../git/git-groups.ts';
import { startEditorServers } from './editor-server.ts';
import { forgetOldHeldMedia } from '../git/held-media.ts';
import { RESTART_EXIT_CODE, type EditorReady } from './launcher.ts';
import { createPageModules } from './page-modules.ts';
import { SitePreview } from './preview.ts';
import { WorkspaceThread } from './workspace-thread.ts';
import { resolve } from 'node:path';

const siteDir = resolve(process.argv[2] ?? '.');
// The editor is a tool for authors: its page and preview run React's production build, which draws them faster than
// the development build (measured: the editor's browser tests took 186 s instead of 220 s, the browser's own work a
// quarter less). Whoever works on the editor's code and wants React's warnings starts it with NODE_ENV=development.
process.env.NODE_ENV ??= 'production';
const token = process.env.EDIT_TOKEN ?? '';
const editorPort = Number(process.env.EDIT_PORT ?? 4400);
const previewPort = Number(process.env.EDIT_PREVIEW_PORT ?? 0);

// The launcher gone (its terminal closed), this process goes too: it never runs on alone. Told to stop (Ctrl+C, a
// closed terminal, a kill), it exits, and its exit ends every git command still running (git/git-groups.ts).
process.on('disconnect', () => process.exit(0));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => process.exit(0));

// A second npm run edit for the same site leaves the first alone: ending its git commands as leftovers, or putting right
// what it is doing, would cut its work short.
const running = claimSite(siteDir);
if (running) {
  console.error(
    `npm run edit is already running for this site (process ${running.pid}). Use the editor it opened, or stop it (Ctrl+C in its terminal) before you start another.`,
  );
  process.exit(1);
}

// Git commands an editor stopped without a word (SIGKILL, a crash) left running end now, before anything touches the
// copy: a push the author may undo next must not land later, nor a merge or reset run in the author's files meanwhile.
const ended = await endLeftoverGroups(siteDir);
if (ended.length > 0)
  console.log(
    `Ended what the editor left running when it stopped (${ended.join(', ')}): nothing it was doing goes on.`,
  );

// Uploads held for a save that never came are forgotten after a while (git/held-media.ts).
forgetOldHeldMedia(siteDir);

const preview = new SitePreview();
// The launcher runs the editor compiled, its checking thread too (code-snapshot.ts).
const workspace = new WorkspaceThread({ compiledCode: process.env.EDIT_THREAD_CODE });
const session = createEditorSession(siteDir, workspace, preview);
// Vite starts when the page first asks for its code: an editor started again while no page is open does no more.
const modules = createPageModules(preview);
// Before anything reads or writes the site's files: a step the editor stopped in the middle of is finished or undone.
const waitingForGit = (lock: string) =>
  console.log(
    `Git is still at work in your site's folder (${lock} is there): the editor waits for it to finish, then puts back what it was doing when it stopped.`,
  );
await session.publisher.recover(waitingForGit).then(
  (notice) => notice && console.log(`\n${notice}\n`),
  (error: Error) =>
    console.error(`The editor could not check what it was doing when it last stopped: ${error.message}`),
);

// The first check (and the forms it compiles for the preview) starts before the page asks, so opening is quick.
void workspace
  .run({ kind: 'check', siteDir, body: '{"changes":[]}' })
  .then((answer) => answer.preview && preview.take(answer.preview));

try {
  const servers = await startEditorServers(session, {
    token,
    editorPort,
    previewPort,
    modules,
    onRestart: () => process.exit(RESTART_EXIT_CODE),
  });
  process.send?.({
    type: 'ready',
    url: servers.url,
    editorPort: servers.editorPort,
    previewPort: servers.previewPort,
  } satisfies EditorReady);
} catch (error) {
  const { code, message, port } = error as NodeJS.ErrnoException & { port?: number };
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${port} is in use. Stop the other editor, or run EDIT_PORT=4410 npm run edit.`
      : `Could not start the editor: ${message}`,
  );
  await modules.close();
  process.exit(1);
}
