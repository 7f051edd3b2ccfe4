/**
 * The editor's servers as npm run edit starts them, in this process, for the tests of its HTTP side: the API, the guard
 * on every route, the limits that keep it answering and the uploads. Each test file that calls useEditorServers() gets
 * servers of its own.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { copyOfSpecSite } from './edited-site.ts';
import { createEditorSession, type EditorSession } from '../editor/server/editor-api.ts';
import { TOKEN_HEADER } from '../editor/protocol/headers.ts';
import { startEditorServers, type EditorServers, type PageModules } from '../editor/server/editor-server.ts';
import { SitePreview } from '../editor/server/preview.ts';
import { WorkspaceThread } from '../editor/server/workspace-thread.ts';

export const TOKEN = 'a'.repeat(64);
/** Every request that reached the page modules (Vite in `npm run edit`): none may get there past the guard's back. */
export const reachedModules: string[] = [];
const modules: PageModules = {
  handle: (request, response) => {
    // A fault inside one request's handling, as a bug of any layer would throw it.
    if (request.url === '/app/throws.js') throw new Error('a fault inside one request');
    reachedModules.push(request.url ?? '');
    response.writeHead(200, { 'Content-Type': 'text/javascript' }).end('export {};');
  },
  transformIndexHtml: async (_url, html) => html,
};

export let servers: EditorServers;
export let workspace: WorkspaceThread;
export let site: { root: string; remove: () => void };
/** Each test's own copy of the site, with its own session (and so its own lock on the site's files). */
const sessions = new Map<string, EditorSession>();
const preview = new SitePreview();
const sessionOfSite = () => {
  if (!sessions.has(site.root)) sessions.set(site.root, createEditorSession(site.root, workspace, preview));
  return sessions.get(site.root)!;
};
const session: EditorSession = {
  get siteDir() {
    return site.root;
  },
  get workspace() {
    return workspace;
  },
  get siteFiles() {
    return sessionOfSite().siteFiles;
  },
  get publisher() {
    return sessionOfSite().publisher;
  },
  get finished() {
    return sessionOfSite().finished;
  },
  preview,
};

/**
 * Starts the editor's servers for the test file that calls it, on ports of their own, with the page's modules standing
 * in for Vite; each test gets a fresh copy of the spec site.
 */
export function useEditorServers(): void {
  beforeAll(async () => {
    workspace = new WorkspaceThread();
    servers = await startEditorServers(session, { token: TOKEN, editorPort: 0, previewPort: 0, modules });
  });
  afterAll(async () => {
    await servers.close();
    await workspace.close();
  });
  beforeEach(() => {
    site = copyOfSpecSite();
    reachedModules.length = 0;
  });
  afterEach(() => site.remove());
}

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly bytes: Buffer;
  readonly body: Record<string, unknown> & { error?: string };
}

/**
 * An HTTP request with exactly these headers and this raw target (fetch would normalise the path and choose its own
 * Host and Origin). The body may be sent in chunks, with no declared length, or declare a length it never sends.
 */
export function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer; chunked?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? (options.body ? 'POST' : 'GET'),
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = bytes.toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes,
            body: text.startsWith('{') ? JSON.parse(text) : { text },
          });
        });
      },
    );
    // A server may answer and close before reading a body it refuses.
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    if (options.chunked && options.body) {
      for (let at = 0; at < options.body.length; at += 1024 * 1024)
        outgoing.write(options.body.subarray(at, at + 1024 * 1024));
      outgoing.end();
    } else outgoing.end(options.body);
  });
}

export const editorOrigin = () => `http://127.0.0.1:${servers.editorPort}`;

/** A request as the editor's own page makes it, with any header replaced or removed (undefined). */
export function api(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string | undefined>; chunked?: boolean } = {},
) {
  const headers: Record<string, string> = {};
  const wanted = { [TOKEN_HEADER]: TOKEN, origin: editorOrigin(), 'content-type': 'application/json', ...init.headers };
  for (const [name, value] of Object.entries(wanted)) if (value !== undefined) headers[name] = value;
  const body =
    init.body === undefined
      ? undefined
      : Buffer.isBuffer(init.body)
        ? init.body
        : Buffer.from(JSON.stringify(init.body));
  return send(servers.editorPort, path, { method: init.method, headers, body, chunked: init.chunked });
}

/** The session's folder, as the API gives it to the editor's page: the preview and the media are served only in it. */
export async function sessionFolder(): Promise<string> {
  const answer = await api('/api/session');
  return answer.body.sessionFolder as string;
}

export const homeFile = 'config/pages/home.json';
export const onDisk = (path: string) => readFileSync(join(site.root, path), 'utf8');
/** Every file of the site's folder, with its text, to prove a refused request changed nothing. */
export const snapshot = () =>
  readdirSync(site.root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map(
      (entry) =>
        `${join(entry.parentPath, entry.name)}:${entry.isFile() ? readFileSync(join(entry.parentPath, entry.name)).toString('base64') : 'link'}`,
    )
    .sort();

export async function openedHome() {
  const { body } = await api(`/api/file?path=${homeFile}`);
  return {
    version: body.version as string,
    data: JSON.parse(body.text as string) as { sections: Record<string, unknown>[] },
  };
}
export const saveBody = (data: unknown, version: string | null, path = homeFile) => ({
  changes: [{ path, data, baseVersion: version }],
});

/** A folder outside the site, removed after the test. */
export function outsideFolder(): string {
  const folder = join(tmpdir(), `outside-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder);
  return folder;
}
