import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileKindProblem } from '../../checker/media-files.ts';
import { MAX_PROBLEMS_PER_FILE } from '../../checker/validate-config.ts';
import { copyOfSpecSite } from '../../testing/edited-site.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { createEditorSession, MAX_CHANGES_BYTES, type EditorSession } from './editor-api.ts';
import { TAB_HEADER, TOKEN_HEADER } from '../protocol/headers.ts';
import { EDITOR_ROUTES, type EditorRoute, type EditorRouteName } from '../protocol/routes.ts';
import { startEditorServers, type EditorServers, type PageModules } from './editor-server.ts';
import { heldMedia } from './held-media.ts';
import { SitePreview } from './preview.ts';
import { WorkspaceThread } from './workspace-thread.ts';

const TOKEN = 'a'.repeat(64);
/** Every request that reached the page modules (Vite in `npm run edit`): none may get there past the guard's back. */
const reachedModules: string[] = [];
const modules: PageModules = {
  handle: (request, response) => {
    // A fault inside one request's handling, as a bug of any layer would throw it.
    if (request.url === '/app/throws.js') throw new Error('a fault inside one request');
    reachedModules.push(request.url ?? '');
    response.writeHead(200, { 'Content-Type': 'text/javascript' }).end('export {};');
  },
  transformIndexHtml: async (_url, html) => html,
};

let servers: EditorServers;
let workspace: WorkspaceThread;
let site: { root: string; remove: () => void };
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
  preview,
};

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

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly bytes: Buffer;
  readonly body: Record<string, unknown> & { error?: string };
}

/**
 * An HTTP request with exactly these headers and this raw target (fetch would normalise the path and choose its own
 * Host and Origin). The body may be sent in chunks, with no declared length, or declare a length it never sends.
 */
function send(
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

const editorOrigin = () => `http://127.0.0.1:${servers.editorPort}`;

/** A request as the editor's own page makes it, with any header replaced or removed (undefined). */
function api(
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
async function sessionFolder(): Promise<string> {
  const answer = await api('/api/session');
  return answer.body.sessionFolder as string;
}

const homeFile = 'config/pages/home.json';
const onDisk = (path: string) => readFileSync(join(site.root, path), 'utf8');
/** Every file of the site's folder, with its text, to prove a refused request changed nothing. */
const snapshot = () =>
  readdirSync(site.root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map(
      (entry) =>
        `${join(entry.parentPath, entry.name)}:${entry.isFile() ? readFileSync(join(entry.parentPath, entry.name)).toString('base64') : 'link'}`,
    )
    .sort();

async function openedHome() {
  const { body } = await api(`/api/file?path=${homeFile}`);
  return {
    version: body.version as string,
    data: JSON.parse(body.text as string) as { sections: Record<string, unknown>[] },
  };
}
const saveBody = (data: unknown, version: string | null, path = homeFile) => ({
  changes: [{ path, data, baseVersion: version }],
});

/** A folder outside the site, removed after the test. */
function outsideFolder(): string {
  const folder = join(tmpdir(), `outside-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder);
  return folder;
}

describe('the editor API', () => {
  it('lists the config files by what they are for', async () => {
    const { status, body } = await api('/api/files');
    expect(status).toBe(200);
    const files = body.files as { path: string; group: string; label: string }[];
    expect(body.groups).toEqual(
      expect.arrayContaining(['Site', 'Navigation', 'Pages', 'Influencers', 'Projects', 'Forms']),
    );
    // Pages by the words the menu links them with, or their title: never their address.
    const pages = Object.fromEntries(
      files
        .filter((file) => file.group === 'Pages')
        .map((file) => [file.path.replace(/^config\/pages\//, ''), file.label]),
    );
    expect(pages).toMatchObject({
      'home.json': 'Home',
      'about.json': 'About',
      'apply.json': 'Apply to Join Our Network',
      'influencer-profile.json': 'Influencer profile',
      'not-found.json': 'Page not found (any other address)',
    });
    expect(files.find((file) => file.path === 'config/forms/contact-inquiry.json')).toMatchObject({ group: 'Forms' });
    expect(files.map((file) => file.group)).toEqual(
      [...files.map((file) => file.group)].sort(
        (a, b) => (body.groups as string[]).indexOf(a) - (body.groups as string[]).indexOf(b),
      ),
    );
  });

  it('saves a changed field as a one-line change that the validator accepts', async () => {
    const before = onDisk(homeFile);
    const { version, data } = await openedHome();
    data.sections[0]!.heading = 'Stories That Move Accra';
    const { status, body } = await api('/api/save', { body: saveBody(data, version) });
    expect([status, body.status]).toEqual([200, 'saved']);
    const after = onDisk(homeFile);
    const changed = after.split('\n').filter((line, index) => line !== before.split('\n')[index]);
    expect(changed).toEqual([expect.stringContaining('"heading": "Stories That Move Accra"')]);
    expect(after.split('\n')).toHaveLength(before.split('\n').length);
    // No temporary file stays behind.
    expect(readdirSync(join(site.root, 'config/pages')).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('refuses to save a mistake, with the validator sentence, and leaves the file as it was', async () => {
    const before = onDisk(homeFile);
    const { version, data } = await openedHome();
    data.sections[0]!.type = 'video-heroo';
    const { status, body } = await api('/api/save', { body: saveBody(data, version) });
    expect(status).toBe(422);
    expect(JSON.stringify(body.problems)).toContain(
      '\\"video-heroo\\" is not a section type. Did you mean \\"video-hero\\"?',
    );
    expect(onDisk(homeFile)).toBe(before);
  });

  it('shows what a change breaks in other files: a renamed page that the navigation still links to', async () => {
    const { body: opened } = await api('/api/file?path=config/pages/about.json');
    const about = JSON.parse(opened.text as string) as Record<string, unknown>;
    const { body } = await api('/api/check', {
      body: saveBody({ ...about, route: '/about-us' }, opened.version as string, 'config/pages/about.json'),
    });
    const problems = body.problems as { file: string; message: string; at: unknown[] }[];
    const nav = problems.find(
      (problem) => problem.file === 'config/navigation.json' && problem.message.includes('/about'),
    );
    // Each problem says where it is as data too, so the editor can show it at its field.
    expect(nav).toMatchObject({ at: ['links', 4, 'href'] });
  });

  it('never overwrites a file that changed on disk since it was opened, and returns both versions', async () => {
    const { version, data } = await openedHome();
    const theirs = onDisk(homeFile).replace('"route": "/"', '"route": "/"  ');
    writeFileSync(join(site.root, homeFile), theirs);
    data.sections[0]!.heading = 'Mine';
    const { status, body } = await api('/api/save', { body: saveBody(data, version) });
    expect(status).toBe(409);
    const [conflict] = body.files as { text: string; yours: string }[];
    expect(conflict!.text).toBe(theirs);
    expect(conflict!.yours).toContain('"heading": "Mine"');
    expect(onDisk(homeFile)).toBe(theirs);
  });

  it.each([
    ['a path out of config/', 'config/../package.json'],
    ['an absolute path', '/etc/passwd'],
    ['a dotfile', 'config/.secrets.json'],
    ['a file outside config/', 'package.json'],
    ['a backslash path', 'config\\..\\package.json'],
  ])('refuses %s, with the reason', async (_what, path) => {
    const read = await api(`/api/file?path=${encodeURIComponent(path)}`);
    expect(read.status).toBe(400);
    expect(read.body.error).toMatch(/outside|out of|absolute|hidden|not a file path/);
    expect((await api('/api/save', { body: saveBody({}, null, path) })).status).toBe(400);
  });

  it("serves the site's pictures and videos for both pages, read only, as what they are", async () => {
    const folder = await sessionFolder();
    for (const port of [servers.editorPort, servers.previewPort]) {
      const poster = await send(port, `${folder}/media/hero-poster.jpg`);
      expect([poster.status, poster.headers['content-type'], poster.bytes.length]).toEqual([
        200,
        'image/jpeg',
        readFileSync(join(site.root, 'public/media/hero-poster.jpg')).length,
      ]);
      // Never sniffed into a page, and a page even if opened as one: a sandbox with no script.
      expect(poster.headers['x-content-type-options']).toBe('nosniff');
      expect(poster.headers['content-security-policy']).toMatch(/^sandbox;.*default-src 'none'/);
      const part = await send(port, `${folder}/media/hero.mp4`, { headers: { range: 'bytes=0-99' } });
      expect([part.status, part.bytes.length]).toEqual([206, 100]);
    }
    writeFileSync(join(site.root, 'public/media/.hidden.png'), 'x');
    for (const path of ['/media/.hidden.png', '/media/missing.png', '/media/../../config/site.json']) {
      expect((await send(servers.previewPort, `${folder}${path}`)).status, path).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('the guard on every route', () => {
  // Each of these reaches /api/ (or somewhere else) once a URL parser or Vite resolves it.
  const hiddenTargets = [
    '/x/../api/save',
    '/api/../api/save',
    '/%2e%2e/api/save',
    '/x/%2E%2E/api/save',
    '/x/.%2e/api/save',
    '/x/%252e%252e/api/save',
    '/./api/save',
    '/x/%2e/../api/save',
    '\\api\\save',
    '/x\\..\\api/save',
    '/x/..%5capi/save',
    '/api%2fsave',
    '//127.0.0.1/api/save',
    'http://127.0.0.1/api/save',
    'http://127.0.0.1:PORT/api/save',
    '*',
    '/api/save#x',
  ];
  it.each(hiddenTargets)(
    'refuses the target %s (400) before any route sees it, and changes nothing',
    async (rawTarget) => {
      const before = snapshot();
      const { version, data } = await openedHome();
      data.sections[0]!.heading = 'Written from elsewhere';
      const target = rawTarget.replace('PORT', String(servers.editorPort));
      // Even with no token and no Origin, as another program on this machine would send it.
      const answer = await send(servers.editorPort, target, {
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(saveBody(data, version))),
      });
      // Refused by the guard, or by Node's own parser before it.
      expect(answer.status).toBe(400);
      expect(snapshot()).toEqual(before);
      expect(reachedModules).toEqual([]);
    },
  );

  it.each([
    ['no token', { [TOKEN_HEADER]: undefined }, 401],
    ['a wrong token', { [TOKEN_HEADER]: 'b'.repeat(64) }, 401],
    ['a foreign Origin', { origin: 'https://evil.example' }, 403],
    ['the Origin of another local server', { origin: 'http://127.0.0.1:5173' }, 403],
    ['the Origin of the preview', { origin: 'PREVIEW' }, 403],
    ['no Origin', { origin: undefined }, 403],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, 403],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }, 403],
    ['another Host (DNS rebinding)', { host: 'evil.example:PORT' }, 421],
  ])('refuses a write with %s, and changes nothing', async (_what, headers, status) => {
    const before = snapshot();
    const { version, data } = await openedHome();
    data.sections[0]!.heading = 'Written from elsewhere';
    const replaced = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [
        name,
        value
          ?.replace('PORT', String(servers.editorPort))
          .replace('PREVIEW', `http://127.0.0.1:${servers.previewPort}`),
      ]),
    );
    const refused = await api('/api/save', { body: saveBody(data, version), headers: replaced });
    expect(refused.status).toBe(status);
    expect(snapshot()).toEqual(before);
  });

  it('refuses every route of the table without the token, and from any other site even with it, and writes nothing', async () => {
    // A body each write would take, so a refusal is the guard's, not the route's for an empty request.
    const bodies: Partial<Record<EditorRouteName, unknown>> = {
      save: saveBody({}, null, homeFile),
      publish: { message: 'From elsewhere' },
      latest: { choices: {} },
      publishIdentity: { name: 'Mallory', email: 'mallory@example.org' },
      discard: { path: homeFile },
      undo: { commit: 'a'.repeat(40) },
    };
    const before = snapshot();
    for (const [name, route] of Object.entries(EDITOR_ROUTES) as [EditorRouteName, EditorRoute][]) {
      const path =
        route.path + (name === 'file' ? `?path=${homeFile}` : name === 'upload' ? '?name=x.png&accept=image' : '');
      const body = route.method === 'POST' ? Buffer.from(JSON.stringify(bodies[name] ?? {})) : undefined;
      const tried = (headers: Record<string, string | undefined>) => api(path, { method: route.method, body, headers });
      expect((await tried({ [TOKEN_HEADER]: undefined, origin: undefined })).status, `${name} without the token`).toBe(
        401,
      );
      expect(
        (await tried({ 'sec-fetch-site': 'cross-site', origin: undefined })).status,
        `${name} from another site`,
      ).toBe(403);
      if (route.method === 'POST') {
        expect((await tried({ origin: 'http://localhost:5173' })).status, `${name} from another origin`).toBe(403);
        expect((await tried({ origin: undefined })).status, `${name} with no origin`).toBe(403);
      }
    }
    expect(snapshot()).toEqual(before);
  });

  it('answers only the routes of the table: any other request under /api/ is unknown, in words', async () => {
    const unknown = await api('/api/files', { method: 'POST', body: {} });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'The editor has no POST /api/files.']);
    expect((await api('/api/no-such-route')).status).toBe(404);
  });

  it('publishes nothing without a git repository, and says so in words', async () => {
    // With both, the answer is in words: this copy is not kept in git.
    expect((await api('/api/publish')).body.problem).toMatch(/not a git repository/);
    const refused = await api('/api/publish', { body: Buffer.from('{}') });
    expect([refused.status, refused.body.error]).toEqual([409, expect.stringMatching(/not a git repository/)]);
  });

  it("shows the preview, its data and the media only in the session's folder, which only the API names, and never for a cookie", async () => {
    const folder = await sessionFolder();
    expect(folder).toMatch(/^\/session-[0-9a-f]{64}$/);
    expect(folder).not.toContain(TOKEN);
    // Nothing of the session is ever put in a cookie, which every other port of this machine would receive too.
    expect((await api('/api/files')).headers['set-cookie']).toBeUndefined();
    expect((await api('/api/session', { headers: { [TOKEN_HEADER]: undefined } })).status).toBe(401);
    const routes: [number, string][] = [
      [servers.previewPort, '/'],
      [servers.previewPort, '/data/influencers/1.json'],
      [servers.previewPort, '/media/hero-poster.jpg'],
      [servers.editorPort, '/media/hero-poster.jpg'],
    ];
    const otherFolder = `/session-${'0'.repeat(64)}`;
    for (const [port, path] of routes) {
      for (const address of [path, `${otherFolder}${path}`]) {
        for (const cookie of [
          undefined,
          'editor-session=guess',
          `editor-session=${TOKEN}`,
          `session=${folder.slice('/session-'.length)}`,
        ]) {
          const answer = await send(port, address, {
            headers: { [TOKEN_HEADER]: TOKEN, ...(cookie ? { cookie } : {}) },
          });
          // In another session's folder: it needs this session's key; outside any folder, media say so and the rest is
          // no route.
          const refused = address.startsWith('/session-') || address.startsWith('/media/') ? 401 : 404;
          expect([address, cookie, answer.status]).toEqual([address, cookie, refused]);
        }
      }
    }
    expect((await send(servers.previewPort, `${folder}/media/hero-poster.jpg`)).status).toBe(200);
    expect((await send(servers.editorPort, `${folder}/media/hero-poster.jpg`)).status).toBe(200);
  });

  it("sends nothing to Vite but the pages' modules: /__open-in-editor and the project's files are not routes", async () => {
    for (const port of [servers.editorPort, servers.previewPort]) {
      for (const path of [
        '/__open-in-editor?file=package.json',
        '/__OPEN-IN-EDITOR?file=package.json',
        '/%5f%5fopen-in-editor?file=package.json',
        '/__vite_ping',
        '/package.json',
        '/.env',
        '/src/editor/server/editor-api.ts',
        '/scripts/edit.ts',
        '/index.html',
      ]) {
        const answer = await send(port, path);
        expect([path, answer.status]).toEqual([path, 404]);
      }
    }
    expect(reachedModules).toEqual([]);
    // The pages' own modules do go there.
    await send(servers.editorPort, '/@vite/client');
    await send(servers.previewPort, '/preview/main.tsx');
    expect(reachedModules).toEqual(['/@vite/client', '/preview/main.tsx']);
  });

  it('refuses every route to another site and another local origin, and never allows it to read the answer', async () => {
    const routes: [number, string][] = [
      [servers.editorPort, '/'],
      [servers.editorPort, '/@vite/client'],
      [servers.editorPort, `${await sessionFolder()}/media/hero-poster.jpg`],
      [servers.editorPort, '/api/files'],
      [servers.previewPort, `${await sessionFolder()}/`],
      [servers.previewPort, '/preview/main.tsx'],
      [servers.previewPort, `${await sessionFolder()}/media/hero-poster.jpg`],
    ];
    for (const [port, path] of routes) {
      for (const headers of [
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'http://localhost:5173' },
        { origin: 'null' },
      ] as Record<string, string>[]) {
        const answer = await send(port, path, { headers: { [TOKEN_HEADER]: TOKEN, ...headers } });
        expect([path, headers, answer.status]).toEqual([path, headers, 403]);
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      }
      // A preflight is no way in either.
      const preflight = await send(port, path, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBeGreaterThanOrEqual(400);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(reachedModules).toEqual([]);
  });

  it('serves the editor page with a strict policy, framing only the preview, and the preview only inside the editor', async () => {
    const page = await send(servers.editorPort, '/', { headers: { 'sec-fetch-site': 'none' } });
    expect(page.status).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    // No inline script: only its own files (and the schema checks its own code compiles).
    expect(policy).toMatch(/(^|; )script-src 'self' 'unsafe-eval'(;|$)/);
    expect(policy).toContain(`frame-src http://127.0.0.1:${servers.previewPort}`);
    expect(policy).toContain("frame-ancestors 'none'");
    // The page holds no token: it comes from the address's #fragment, which no request carries.
    expect(page.bytes.toString()).not.toContain(TOKEN);
    const preview = await send(servers.previewPort, `${await sessionFolder()}/`, {
      headers: { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' },
    });
    expect(preview.status).toBe(200);
    expect(String(preview.headers['content-security-policy'])).toContain(
      `frame-ancestors http://127.0.0.1:${servers.editorPort}`,
    );
    expect(String(preview.headers['content-security-policy'])).toMatch(/(^|; )script-src 'self'(;|$)/);
    // The preview's server has no API at all.
    expect(
      (
        await send(servers.previewPort, '/api/files', {
          headers: { [TOKEN_HEADER]: TOKEN, origin: `http://127.0.0.1:${servers.previewPort}` },
        })
      ).status,
    ).toBe(404);
  });
});

/**
 * Sends raw bytes as a request (no client library checks or mends them) and resolves with the status line, or '' when
 * closed without one.
 */
function sendRaw(port: number, bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1').split('\r\n')[0] ?? ''));
    socket.end(bytes);
  });
}

describe('no request ends the editor', () => {
  it('answers any bytes in the token header, the cookie or the address, refuses them the API, and goes on answering', async () => {
    const editorHost = `127.0.0.1:${servers.editorPort}`;
    const header = (name: string, value: Uint8Array) =>
      Buffer.concat([Buffer.from(`${name}: `), value, Buffer.from('\r\n')]);
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 0, maxLength: 80 }),
        fc.uint8Array({ minLength: 0, maxLength: 80 }),
        fc.uint8Array({ minLength: 0, maxLength: 40 }),
        fc.constantFrom('GET', 'POST', 'HEAD', 'PUT'),
        fc.constantFrom('/api/files', '/api/save', '/', '/session-', '/app/main.tsx'),
        async (token, cookie, path, method, route) => {
          // The same length as the token, with bytes that are not ASCII: what once crashed the comparison.
          const sameLength = Buffer.concat([
            Buffer.from(token.slice(0, 62)),
            Buffer.alloc(Math.max(0, 62 - token.length), 0xe9),
          ]);
          const request = Buffer.concat([
            Buffer.from(`${method} ${route}`),
            path,
            Buffer.from(` HTTP/1.1\r\nHost: ${editorHost}\r\nOrigin: http://${editorHost}\r\n`),
            header(TOKEN_HEADER, Buffer.concat([Buffer.from('aa'), sameLength])),
            header('cookie', cookie),
            Buffer.from('Content-Length: 2\r\nConnection: close\r\n\r\n{}'),
          ]);
          const status = await sendRaw(servers.editorPort, request);
          // Answered, and the API refused, in whatever way the bytes allow: by the HTTP parser (400), or by the guard.
          expect(status === '' || /^HTTP\/1\.1 [2-5]\d\d /.test(status), status).toBe(true);
          if (route.startsWith('/api/')) expect(status === '' || /^HTTP\/1\.1 4\d\d /.test(status), status).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
    expect((await api('/api/files')).status).toBe(200);
  });

  it('answers a fault inside one request with 500 in words, and answers the next request as ever', async () => {
    const fault = await send(servers.editorPort, '/app/throws.js');
    expect([fault.status, fault.body.error]).toEqual([500, expect.stringContaining('could not do this')]);
    expect((await api('/api/files')).status).toBe(200);
  });
});

describe('saving never follows a link', () => {
  it('refuses to write through a folder link that leads out of config/', async () => {
    const outside = outsideFolder();
    symlinkSync(outside, join(site.root, 'config/pages/elsewhere'));
    const { status, body } = await api('/api/save', { body: saveBody({}, null, 'config/pages/elsewhere/page.json') });
    expect(status).toBe(400);
    expect(body.error).toContain('link');
    expect(readdirSync(outside)).toEqual([]);
    rmSync(outside, { recursive: true });
  });

  it('refuses to read or write a file that is a link, or has a second name (a hard link) anywhere', async () => {
    const outside = outsideFolder();
    const secret = join(outside, 'secret.json');
    writeFileSync(secret, '{"secret": true}');
    const { version, data } = await openedHome();
    // A link in place of the home page, and a second name of a file outside the project.
    renameSync(join(site.root, homeFile), join(outside, 'home.json'));
    symlinkSync(join(outside, 'home.json'), join(site.root, homeFile));
    linkSync(secret, join(site.root, 'config/pages/secret.json'));
    for (const path of [homeFile, 'config/pages/secret.json']) {
      const read = await api(`/api/file?path=${path}`);
      expect([path, read.status]).toEqual([path, 400]);
      expect(JSON.stringify(read.body)).not.toContain('"secret": true');
    }
    data.sections[0]!.heading = 'Through the link';
    expect((await api('/api/save', { body: saveBody(data, version) })).status).toBe(400);
    expect(
      (await api('/api/save', { body: saveBody({ secret: false }, null, 'config/pages/secret.json') })).status,
    ).toBe(400);
    expect(readFileSync(join(outside, 'home.json'), 'utf8')).not.toContain('Through the link');
    expect(readFileSync(secret, 'utf8')).toBe('{"secret": true}');
    rmSync(outside, { recursive: true });
  });

  it('keeps one rule with the checker: what the API and the media refuse (a link, a pipe), the check refuses too, and nothing waits on a pipe', async () => {
    // A link to a file inside the site, and a pipe under a picture's name, which a read would wait on forever.
    renameSync(join(site.root, 'config/collections/faqs.json'), join(site.root, 'config/collections/faqs.txt'));
    symlinkSync('faqs.txt', join(site.root, 'config/collections/faqs.json'));
    rmSync(join(site.root, 'public/media/hero-poster.jpg'));
    execFileSync('mkfifo', [join(site.root, 'public/media/hero-poster.jpg')], { stdio: 'ignore' });
    writeFileSync(
      join(site.root, 'public/media/other.jpg'),
      readFileSync(join(SPEC_SITE_DIR, 'public/media/hero-poster.jpg')),
    );
    symlinkSync('other.jpg', join(site.root, 'public/media/linked.jpg'));
    const folder = await sessionFolder();
    for (const path of ['/media/hero-poster.jpg', '/media/linked.jpg']) {
      expect([path, (await send(servers.previewPort, `${folder}${path}`)).status]).toEqual([path, 404]);
    }
    expect((await api('/api/file?path=config/collections/faqs.json')).body.error).toMatch(
      /^"config\/collections\/faqs.json" is a link to faqs.txt/,
    );
    const checked = await api('/api/check', { body: { changes: [] } });
    const problems = (checked.body.problems as { file: string; message: string }[]).map(
      (problem) => `${problem.file}: ${problem.message}`,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^config\/collections\/faqs.json: this is a link to faqs.txt, and the site's tools read only real files/,
        ),
        expect.stringMatching(
          /^config\/pages\/home.json: .*names public\/media\/hero-poster.jpg, which is not a regular file/,
        ),
      ]),
    );
    // The editor answered all along, and still does.
    expect((await api('/api/files')).status).toBe(200);
  });

  it('never writes through a link planted where a temporary file could be, and leaves site.json a plain file', async () => {
    const outside = outsideFolder();
    const target = join(outside, 'written.json');
    // Links at every name a save could once have used for its temporary file.
    for (const name of ['.site.json.saving', '.site.json.tmp', '.site.json~'])
      symlinkSync(target, join(site.root, 'config', name));
    const { body: opened } = await api('/api/file?path=config/site.json');
    const data = JSON.parse(opened.text as string) as Record<string, unknown>;
    const saved = await api('/api/save', {
      body: saveBody({ ...data, name: `${String(data.name)} Studio` }, opened.version as string, 'config/site.json'),
    });
    expect(saved.status).toBe(200);
    expect(existsSync(target)).toBe(false);
    expect(lstatSync(join(site.root, 'config/site.json')).isFile()).toBe(true);
    expect(onDisk('config/site.json')).toContain(`${String(data.name)} Studio`);
    rmSync(outside, { recursive: true });
  });

  it('refuses to write when config/ itself is a link out of the site', async () => {
    const outside = outsideFolder();
    const config = join(site.root, 'config');
    renameSync(config, join(outside, 'config'));
    symlinkSync(join(outside, 'config'), config);
    const before = readFileSync(join(outside, 'config/site.json'), 'utf8');
    const saved = await api('/api/save', { body: saveBody({}, null, 'config/site.json') });
    expect(saved.status).toBe(400);
    expect(readFileSync(join(outside, 'config/site.json'), 'utf8')).toBe(before);
    rmSync(outside, { recursive: true });
  });
});

describe('limits that keep the editor answering', () => {
  it('refuses a body over the limit, declared or sent in chunks, at once and without keeping it', async () => {
    const over = Buffer.alloc(MAX_CHANGES_BYTES + 1024, 0x20);
    const declared = await api('/api/check', { body: over });
    expect([declared.status, declared.body.error]).toEqual([413, 'This request is larger than the editor accepts.']);
    const chunked = await api('/api/save', { body: over, chunked: true });
    expect(chunked.status).toBe(413);
    // Still answering afterwards.
    expect((await api('/api/files')).status).toBe(200);
  });

  it('refuses an upload declared larger than any file it takes before receiving it, and leaves nothing behind', async () => {
    const before = snapshot();
    const answer = await api('/api/media?name=big.mp4&accept=any', {
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(200 * 1024 * 1024) },
      body: Buffer.alloc(1024),
    });
    // Answered at once: the rest of the 200 MB it declares never comes, so an editor that waited for it would not
    // answer.
    expect(answer.status).toBe(413);
    expect(answer.body.error).toMatch(/^big\.mp4 is 200\.0 MB; the editor takes files of at most \d+ MB\.$/);
    expect(snapshot()).toEqual(before);
  });

  it('refuses a deeply nested change in words, without running out of stack', async () => {
    const depth = 100_000;
    const body = Buffer.from(
      `{"changes":[{"path":"${homeFile}","baseVersion":null,"data":${'['.repeat(depth)}${']'.repeat(depth)}}]}`,
    );
    const answer = await api('/api/check', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/nests lists and groups more than \d+ deep/);
  });

  it('lists at most a fixed number of problems per file, then says how many more there are', async () => {
    const { version, data } = await openedHome();
    const sections = Array.from({ length: MAX_PROBLEMS_PER_FILE * 3 }, () => ({ type: 'video-heroo' }));
    const { status, body } = await api('/api/check', { body: saveBody({ ...data, sections }, version) });
    expect(status).toBe(200);
    const home = (body.problems as { file: string; message: string }[]).filter((problem) => problem.file === homeFile);
    expect(home).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    expect(home.at(-1)!.message).toMatch(/^and \d+ more problems in this file, not listed\./);
  });

  it('answers other requests while large checks run, one at a time', async () => {
    const { version, data } = await openedHome();
    // About 3 MB of sections, which take the checker seconds each.
    const sections = Array.from({ length: 80_000 }, () => ({ type: 'video-heroo', heading: 'x'.repeat(20) }));
    const heavy = Buffer.from(JSON.stringify(saveBody({ ...data, sections }, version)));
    const checks = Array.from({ length: 4 }, (_, tab) =>
      api('/api/check', { body: heavy, headers: { [TAB_HEADER]: `tab-${tab}` } }),
    );
    let done = false;
    void Promise.all(checks).then(() => (done = true));
    // The file list, asked again and again while the checks run, is answered each time before they are all done.
    const answeredMeanwhile: boolean[] = [];
    while (!done && answeredMeanwhile.length < 3) {
      const listed = await api('/api/files');
      answeredMeanwhile.push(listed.status === 200 && !done);
    }
    const answers = await Promise.all(checks);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.every((answer) => (answer.body.problems as unknown[]).length > 0)).toBe(true);
    expect(answeredMeanwhile).toEqual([true, true, true]);
  }, 60_000);

  it('never writes a save whose request was given up while it waited its turn', async () => {
    const before = onDisk(homeFile);
    const { version, data } = await openedHome();
    // Another tab's large check keeps the checking thread busy, so the save waits behind it.
    const sections = Array.from({ length: 110_000 }, () => ({ type: 'video-heroo', heading: 'x'.repeat(20) }));
    const busy = api('/api/check', {
      body: Buffer.from(JSON.stringify(saveBody({ ...data, sections }, version))),
      headers: { [TAB_HEADER]: 'other-tab' },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    data.sections[0]!.heading = 'Given up on';
    const body = Buffer.from(JSON.stringify(saveBody(data, version)));
    await new Promise<void>((resolve) => {
      const outgoing = request({
        host: '127.0.0.1',
        port: servers.editorPort,
        path: '/api/save',
        method: 'POST',
        headers: {
          host: `127.0.0.1:${servers.editorPort}`,
          origin: editorOrigin(),
          [TOKEN_HEADER]: TOKEN,
          'content-type': 'application/json',
        },
      });
      outgoing.on('error', () => resolve());
      outgoing.end(body);
      // The author gives up (the tab closed, the connection dropped) before the save's turn comes.
      setTimeout(() => {
        outgoing.destroy();
        resolve();
      }, 300);
    });
    expect((await busy).status).toBe(200);
    // A check after it has had its turn: by then the save would have been written.
    expect((await api('/api/check', { body: saveBody(data, version) })).status).toBe(200);
    expect(onDisk(homeFile)).toBe(before);
  }, 60_000);

  it("replaces a tab's waiting check with its newer one", async () => {
    const { version, data } = await openedHome();
    // Another tab's large check (about 5 MB) keeps the checker busy for a second or more, while this tab sends two.
    const heavy = Buffer.from(
      JSON.stringify(
        saveBody(
          {
            ...data,
            sections: Array.from({ length: 110_000 }, () => ({ type: 'video-heroo', heading: 'x'.repeat(20) })),
          },
          version,
        ),
      ),
    );
    const busy = api('/api/check', { body: heavy, headers: { [TAB_HEADER]: 'other-tab' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const older = api('/api/check', { body: saveBody(data, version), headers: { [TAB_HEADER]: 'one-tab' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    data.sections[0]!.heading = 'The newest';
    const newest = api('/api/check', { body: saveBody(data, version), headers: { [TAB_HEADER]: 'one-tab' } });
    expect((await older).body).toEqual({ superseded: true, problems: [] });
    // The newest check's answer: no errors, only the fixture site's warnings (its forms deliver nowhere).
    const answer = (await newest).body.problems as { severity: string }[];
    expect(answer.filter((problem) => problem.severity !== 'warning')).toEqual([]);
    expect((await busy).body.problems).not.toEqual([]);
  }, 60_000);
});

describe('uploads', () => {
  // A 1 × 1 picture, whole.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (name: string, accept: string, bytes: Buffer) =>
    api(`/api/media?name=${encodeURIComponent(name)}&accept=${accept}`, {
      body: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const media = () => readdirSync(join(site.root, 'public/media')).sort();

  it('holds a picture out of the site under a safe name that replaces nothing, until Save writes a file that uses it', async () => {
    const saved = await upload('../../Beach Day (1).PNG', 'photo', png);
    expect([saved.status, saved.body.src, saved.body.held]).toEqual([201, '/media/beach-day-1.png', true]);
    expect(existsSync(join(site.root, 'public/media/beach-day-1.png'))).toBe(false);
    expect(readFileSync(heldMedia(site.root).get('media/beach-day-1.png')!)).toEqual(png);
    expect((await upload('Beach Day (1).png', 'image', png)).body.src).toBe('/media/beach-day-1-2.png');
    const listed = async (kind: string) =>
      (await api(`/api/media?kind=${kind}`)).body.files as { src: string; held?: boolean; used: boolean }[];
    expect(await listed('image')).toContainEqual(
      expect.objectContaining({ src: '/media/beach-day-1.png', held: true, used: false }),
    );
    expect((await listed('webm')).every((file) => file.src.endsWith('.webm'))).toBe(true);
    // The checker counts it as there: a change naming it is valid, and the picture joins public/media/ as it is saved.
    const { version, data } = await openedHome();
    const hero = data.sections[0] as unknown as { video: { poster: string } };
    const replaced = hero.video.poster;
    hero.video.poster = '/media/beach-day-1.png';
    const { status, body } = await api('/api/save', { body: saveBody(data, version) });
    expect([status, body.status]).toEqual([200, 'saved']);
    expect(readFileSync(join(site.root, 'public/media/beach-day-1.png'))).toEqual(png);
    expect([...heldMedia(site.root).keys()]).toEqual(['media/beach-day-1-2.png']);
    // The picture it replaced is named by no file any more (unless another file still names it), and the answer says
    // so.
    const stillNamed = readdirSync(join(site.root, 'config'), { recursive: true }).some(
      (path) => String(path).endsWith('.json') && onDisk(`config/${String(path)}`).includes(JSON.stringify(replaced)),
    );
    expect(body.noLongerUsed).toEqual(stillNamed ? [] : [replaced]);
    expect(await listed('image')).toContainEqual(expect.objectContaining({ src: replaced, used: stillNamed }));
  });

  it('refuses what only starts like a picture, or is not the kind the field wants, and keeps nothing of it', async () => {
    const before = media();
    // A page behind a JPEG's first bytes.
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><script>parent.postMessage(1, "*")</script></html>'.padEnd(200, ' ')),
    ]);
    const refused = await upload('poster.jpg', 'image', polyglot);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^poster\.jpg starts like a picture but/);
    expect((await upload('notes.png', 'image', Buffer.from('<html>not a picture</html>'))).status).toBe(400);
    // A picture for a video field is refused in the validator's words.
    expect((await upload('clip.png', 'webm', png)).body.error).toBe(
      `clip.png ${fileKindProblem('upload.png', png, 'webm')}`,
    );
    // Larger than a picture may be: refused with its size and the limit, while it arrives.
    const huge = await upload('huge.png', 'image', Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]));
    expect([huge.status, huge.body.error]).toEqual([
      400,
      expect.stringMatching(/^huge\.png is 11\.0 MB; a picture can be at most 10 MB/),
    ]);
    expect(media()).toEqual(before);
  });

  it('never saves a held upload over a file or a link put under its name meanwhile, and writes nothing then', async () => {
    const outside = outsideFolder();
    const before = onDisk(homeFile);
    const saveNaming = async (src: string) => {
      const { version, data } = await openedHome();
      (data.sections[0] as unknown as { video: { poster: string } }).video.poster = src;
      return api('/api/save', { body: saveBody(data, version) });
    };
    // A file of the same name, put in public/media/ by someone else since the upload.
    const first = String((await upload('poster.png', 'image', png)).body.src);
    writeFileSync(join(site.root, `public${first}`), 'theirs');
    const refused = await saveNaming(first);
    expect([refused.status, refused.body.error]).toEqual([
      400,
      expect.stringMatching(
        /^Another file named \/media\/poster\.png was put in public\/media\/ after you uploaded yours/,
      ),
    ]);
    expect(onDisk(`public${first}`)).toBe('theirs');
    // A link planted under the name.
    const second = String((await upload('cover.png', 'image', png)).body.src);
    symlinkSync(join(outside, 'cover.png'), join(site.root, `public${second}`));
    expect((await saveNaming(second)).body.error).toMatch(
      /is a link to .*, and the site's tools read only real files and folders/,
    );
    expect([readdirSync(outside), onDisk(homeFile)]).toEqual([[], before]);
    rmSync(outside, { recursive: true });
  });

  it('never keeps an upload through a link planted under the name it would take', async () => {
    const outside = outsideFolder();
    symlinkSync(join(outside, 'poster.png'), join(site.root, 'public/media/poster.png'));
    const saved = await upload('poster.png', 'image', png);
    expect(saved.body.src).toBe('/media/poster-2.png');
    expect(readdirSync(outside)).toEqual([]);
    rmSync(outside, { recursive: true });
  });
});
