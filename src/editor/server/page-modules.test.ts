import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../checker/project-folders.ts';
import { createEditorSession } from './editor-api.ts';
import { startEditorServers, type EditorServers } from './editor-server.ts';
import { createPageModules } from './page-modules.ts';
import { SitePreview } from './preview.ts';
import { WorkspaceThread } from './workspace-thread.ts';

// The real Vite dev server behind the real guard. Its /__open-in-editor route launches $LAUNCH_EDITOR on a file the
// request names; here that program only leaves a marker file, which must appear only when Vite is called directly.
const folder = mkdtempSync(join(tmpdir(), 'launcher-'));
const launcher = join(folder, 'launcher.sh');
const marker = join(folder, 'launched');
writeFileSync(launcher, `#!/bin/sh\necho "$@" >> '${marker}'\n`);
chmodSync(launcher, 0o755);

let modules: Awaited<ReturnType<typeof createPageModules>>;
let servers: EditorServers;
let workspace: WorkspaceThread;
const previousLauncher = process.env.LAUNCH_EDITOR;

beforeAll(async () => {
  process.env.LAUNCH_EDITOR = launcher;
  const preview = new SitePreview();
  modules = await createPageModules(preview);
  workspace = new WorkspaceThread();
  servers = await startEditorServers(createEditorSession(PROJECT_ROOT, workspace, preview), {
    token: 'c'.repeat(64),
    editorPort: 0,
    previewPort: 0,
    modules,
  });
}, 60_000);
afterAll(async () => {
  await servers.close();
  await modules.close();
  await workspace.close();
  rmSync(folder, { recursive: true, force: true });
  if (previousLauncher === undefined) delete process.env.LAUNCH_EDITOR;
  else process.env.LAUNCH_EDITOR = previousLauncher;
});

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; text: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    })
      .on('error', reject)
      .end();
  });
}

/** Vite's middleware called directly, as it would be with nothing in front of it: the status it answers with. */
function straightToVite(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve) => {
    const body = new PassThrough();
    body.end();
    const incoming = Object.assign(body, {
      url,
      method: 'GET',
      headers: { host: 'localhost', ...headers },
    }) as unknown as IncomingMessage;
    const sent: Record<string, unknown> = {};
    const outgoing = {
      statusCode: 200,
      setHeader: (name: string, value: unknown) => (sent[name.toLowerCase()] = value),
      getHeader: (name: string) => sent[name.toLowerCase()],
      removeHeader: (name: string) => delete sent[name.toLowerCase()],
      writeHead(status: number, extra?: Record<string, unknown>) {
        this.statusCode = status;
        Object.assign(sent, extra);
        return this;
      },
      write: () => true,
      end() {
        resolve({ status: this.statusCode, headers: sent });
        return this;
      },
      on: () => outgoing,
      once: () => outgoing,
    };
    modules.handle(incoming, outgoing as unknown as ServerResponse, () => resolve({ status: 404, headers: sent }));
  });
}

const launched = async () => {
  // The launcher runs as a child process; give it time to leave its marker.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return existsSync(marker);
};

/** Whether HMR's socket (or Vite's ping, `protocol` vite-ping) opens at the server on `port` for a page of `origin`. */
function hmrSocketOpens(port: number, origin: string, protocol = 'vite-hmr'): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    request({
      host: '127.0.0.1',
      port,
      path: '/',
      headers: {
        host: `127.0.0.1:${port}`,
        origin,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-protocol': protocol,
      },
    })
      .on('upgrade', (_response, socket) => {
        socket.destroy();
        resolve(true);
      })
      .on('response', () => resolve(false))
      .on('error', () => resolve(false))
      .end();
  });
}

describe("Vite behind the editor's guard", () => {
  // First, while no page has asked for code yet: Vite starts for the ping of a page still open from before a restart,
  // which loads the page again once it is answered.
  it("answers the ping of the editor's own page, starting Vite for it", async () => {
    const own = `http://127.0.0.1:${servers.editorPort}`;
    expect(await hmrSocketOpens(servers.editorPort, own, 'vite-ping')).toBe(true);
  });

  it('never launches a program, whatever the spelling of /__open-in-editor, on either server or from any sender', async () => {
    for (const port of [servers.editorPort, servers.previewPort]) {
      for (const path of [
        '/__open-in-editor?file=package.json',
        '/__open-in-editor/?file=package.json',
        '/__OPEN-IN-EDITOR?file=package.json',
        '/%5F%5Fopen-in-editor?file=package.json',
        '/app/../__open-in-editor?file=package.json',
        '/app/%2e%2e/__open-in-editor?file=package.json',
        '/@fs/../__open-in-editor?file=package.json',
        '/@vite/client/../../__open-in-editor?file=package.json',
      ]) {
        for (const headers of [
          {},
          { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
          { 'sec-fetch-site': 'same-origin' },
        ] as Record<string, string>[]) {
          const { status } = await get(port, path, headers);
          expect(status, path).toBeGreaterThanOrEqual(400);
        }
      }
    }
    expect(await launched()).toBe(false);
  });

  it('serves the pages their modules, and not the rest of the project, to no other origin', async () => {
    const client = await get(servers.editorPort, '/@vite/client', { 'sec-fetch-site': 'same-origin' });
    expect(client.status).toBe(200);
    expect(client.headers['access-control-allow-origin']).toBeUndefined();
    const source = await get(servers.editorPort, `/@fs${join(PROJECT_ROOT, 'src/editor/app/api.ts')}`);
    expect(source.status).toBe(200);
    // Only src/ and node_modules/ are Vite's to serve: not the project's other files.
    for (const file of ['package.json', 'scripts/edit.ts', 'config/site.json', '.git/config']) {
      const answer = await get(servers.editorPort, `/@fs${join(PROJECT_ROOT, file)}`);
      expect([file, answer.status]).toEqual([file, 403]);
    }
    // Even asked directly, Vite allows no other origin to read what it serves.
    const direct = await straightToVite('/@vite/client', { origin: 'http://localhost:5173' });
    expect(direct.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens no HMR socket for another origin', async () => {
    expect(await hmrSocketOpens(servers.editorPort, 'http://localhost:5173')).toBe(false);
  });

  // Last, as it leaves the marker: proves the marker program would have shown a launch.
  it('would launch the program if Vite were reached directly (the control of the test above)', async () => {
    await straightToVite('/__open-in-editor?file=package.json');
    expect(await launched()).toBe(true);
  });
});
