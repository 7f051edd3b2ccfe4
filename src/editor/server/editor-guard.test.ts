import { connect } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../protocol/headers.ts';
import { EDITOR_ROUTES, type EditorRoute, type EditorRouteName } from '../protocol/routes.ts';
import {
  homeFile,
  openedHome,
  reachedModules,
  saveBody,
  send,
  api,
  servers,
  sessionFolder,
  snapshot,
  TOKEN,
  useEditorServers,
} from '../../testing/editor-servers.ts';

useEditorServers();

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

  it('answers a fault inside one request with 500 in words, never its raw text, and answers the next request as ever', async () => {
    const fault = await send(servers.editorPort, '/app/throws.js');
    expect([fault.status, fault.body.error]).toEqual([
      500,
      expect.stringMatching(/^Something went wrong inside the editor, so the editor could not answer\. /),
    ]);
    expect(fault.body.error).not.toContain('a fault inside one request');
    expect((await api('/api/files')).status).toBe(200);
  });
});
