import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../protocol/headers.ts';
import {
  guardRequest,
  PAGE_CODE_FOLDERS,
  parseRequestTarget,
  sameSecret,
  sessionFolderOf,
  upgradeAllowed,
  type ServerIdentity,
} from './request-guard.ts';

const TOKEN = 'c'.repeat(64);
const KEY = 'e'.repeat(64);
const editor: ServerIdentity = { role: 'editor', port: 4400, token: TOKEN, previewKey: KEY };
const preview: ServerIdentity = { role: 'preview', port: 4401, token: TOKEN, previewKey: KEY };
/** The session's folder, as only the editor's pages know it. */
const FOLDER = sessionFolderOf(KEY);
const own = (server: ServerIdentity) => `127.0.0.1:${server.port}`;

/** A request as a browser tab of the server's own page, or anything else, would send it. */
const requestTo = (server: ServerIdentity, url: string, headers: Record<string, string> = {}, method = 'GET') => ({
  method,
  url,
  headers: { host: own(server), ...headers },
});

/** Request targets that hide another path than they seem to name, each as an attacker would write it. */
const HIDDEN_TARGETS = [
  'http://127.0.0.1:4400/api/files',
  'http://evil.example/api/files',
  '*',
  '//evil.example/api/files',
  '/x/../api/files',
  '/./api/files',
  '/x/%2e%2e/api/files',
  '/x/%2E%2E/api/files',
  '/x/.%2e/api/files',
  '/x/%2e./api/files',
  '/x/%252e%252e/api/files',
  '/x/%25252e%25252e/api/files',
  '/x\\..\\api\\files',
  '/x%5c..%5capi/files',
  '/x%255c..%255capi/files',
  '/api%2ffiles',
  '/api%252ffiles',
  '/api/files%00',
  '/api//files',
  '/api/%zz',
  '/api/files#x',
];

describe('the request target', () => {
  it.each(HIDDEN_TARGETS)('refuses %s, before any route is decided', (raw) => {
    expect(parseRequestTarget(raw)).toMatchObject({ status: 400 });
    expect(guardRequest(requestTo(editor, raw, { [TOKEN_HEADER]: TOKEN }), editor)).toMatchObject({
      refusal: { status: 400 },
    });
  });

  it('reads the path once, decoded, and the query apart: what the guard judges is what the router routes', () => {
    expect(parseRequestTarget('/api/fil%65?path=config/../site.json')).toMatchObject({ pathname: '/api/file' });
    expect(
      (parseRequestTarget('/api/file?path=config%2Fsite.json') as { query: URLSearchParams }).query.get('path'),
    ).toBe('config/site.json');
    expect(parseRequestTarget('/')).toMatchObject({ pathname: '/' });
    expect(parseRequestTarget(`${FOLDER}/`)).toMatchObject({ pathname: `${FOLDER}/` });
    // An encoded name of the API is the API, and needs the token as the API does.
    expect(guardRequest(requestTo(editor, '/%61pi/files'), editor)).toMatchObject({ refusal: { status: 401 } });
  });
});

describe('the guard of every request', () => {
  it('sends each path to the one route it names, and refuses what neither page needs', () => {
    const route = (server: ServerIdentity, url: string) => {
      const verdict = guardRequest(requestTo(server, url, { [TOKEN_HEADER]: TOKEN }), server);
      return 'route' in verdict ? verdict.route : verdict.refusal.status;
    };
    expect(route(editor, '/')).toBe('editor-page');
    expect(route(editor, '/api/files')).toBe('api');
    expect(route(editor, '/app/main.tsx')).toBe('module');
    // Every folder of the pages' code is served, one added beside them too, and the server's and the git store's never.
    expect(PAGE_CODE_FOLDERS).toEqual(expect.arrayContaining(['app', 'model', 'preview', 'protocol']));
    for (const folder of ['server', 'git']) {
      expect(PAGE_CODE_FOLDERS).not.toContain(folder);
      expect(route(editor, `/${folder}/safe-path.ts`), folder).not.toBe('module');
    }
    for (const folder of PAGE_CODE_FOLDERS) expect(route(editor, `/${folder}/any.ts`), folder).toBe('module');
    expect(route(editor, '/@vite/client')).toBe('module');
    expect(route(editor, `${FOLDER}/media/hero.mp4`)).toBe('media');
    expect(route(preview, `${FOLDER}/work`)).toBe('preview-page');
    expect(route(preview, `${FOLDER}/data/influencers/3.json`)).toBe('preview-data');
    expect(route(preview, `${FOLDER}/@preview-form/contact/0123456789ab.js`)).toBe('preview-form');
    // The preview's forms only at their own address on the preview, never by a module id or from the editor.
    expect(route(preview, '/@id/__x00__/@preview-form/contact/0123456789ab.js')).toBe(404);
    expect(route(preview, '/@preview-form/contact/0123456789ab.js')).toBe(404);
    expect(route(editor, `${FOLDER}/@preview-form/contact/0123456789ab.js`)).toBe(404);
    expect(route(editor, `${FOLDER}/work`)).toBe(404);
    for (const path of [
      '/__open-in-editor?file=package.json',
      '/__OPEN-IN-EDITOR',
      '/__vite_ping',
      '/index.html',
      '/server/editor-api.ts',
      '/package.json',
    ]) {
      expect(route(editor, path), path).toBe(404);
    }
    expect(route(preview, '/api/files')).toBe(404);
    expect(route(preview, '/')).toBe(404);
    expect(guardRequest(requestTo(editor, '/app/main.tsx', {}, 'POST'), editor)).toMatchObject({
      refusal: { status: 405 },
    });
  });

  it.each<[string, Record<string, string>]>([
    ['another site (Sec-Fetch-Site)', { 'sec-fetch-site': 'cross-site' }],
    ['another port of this machine (Sec-Fetch-Site)', { 'sec-fetch-site': 'same-site' }],
    ['a page of another local server (Origin)', { origin: 'http://127.0.0.1:5173' }],
    ['a page of localhost (Origin)', { origin: 'http://localhost:4400' }],
    ['a sandboxed page (Origin null)', { origin: 'null' }],
    ['the preview (Origin)', { origin: 'http://127.0.0.1:4401' }],
  ])('refuses a request from %s on every route of the editor, the token notwithstanding', (_from, headers) => {
    for (const path of [
      '/',
      '/api/files',
      '/app/main.tsx',
      '/@vite/client',
      `${FOLDER}/media/hero.mp4`,
      '/__open-in-editor',
    ]) {
      expect(guardRequest(requestTo(editor, path, { [TOKEN_HEADER]: TOKEN, ...headers }), editor), path).toMatchObject({
        refusal: { status: 403 },
      });
    }
  });

  it('lets the editor open its preview in a frame from its own port, and nothing else of another port reach the preview', () => {
    const navigation = { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' };
    expect(guardRequest(requestTo(preview, `${FOLDER}/`, navigation), preview)).toMatchObject({
      route: 'preview-page',
    });
    expect(
      guardRequest(
        requestTo(preview, '/preview/main.tsx', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors' }),
        preview,
      ),
    ).toMatchObject({
      refusal: { status: 403 },
    });
    expect(
      guardRequest(requestTo(preview, `${FOLDER}/`, { ...navigation, 'sec-fetch-site': 'cross-site' }), preview),
    ).toMatchObject({
      refusal: { status: 403 },
    });
  });

  it("shows the preview, its data and forms and the media only in the session's folder, whatever cookie or token comes with them", () => {
    for (const [server, path] of [
      [preview, '/'],
      [preview, '/data/influencers.json'],
      [preview, '/@preview-form/contact/0123456789ab.js'],
      [editor, '/media/hero.mp4'],
      [preview, '/media/hero.mp4'],
    ] as const) {
      const inFolder = `${FOLDER}${path}`;
      expect(guardRequest(requestTo(server, inFolder), server)).toMatchObject({ target: { pathname: path } });
      // Another key's folder, a folder that only starts like this one, or none: no cookie and no token opens them.
      const headers = {
        [TOKEN_HEADER]: TOKEN,
        cookie: `editor-session=${KEY}; session=${TOKEN}`,
        'sec-fetch-mode': 'navigate',
      };
      for (const url of [
        `${sessionFolderOf('d'.repeat(64))}${path}`,
        `${FOLDER.slice(0, -1)}${path}`,
        `${FOLDER}0${path}`,
      ]) {
        expect(guardRequest(requestTo(server, url, headers), server), url).toMatchObject({ refusal: { status: 401 } });
      }
      // Outside any folder: the media say they need the session; the rest is no route at all.
      expect(guardRequest(requestTo(server, path, headers), server)).toMatchObject({
        refusal: { status: path.startsWith('/media/') ? 401 : 404 },
      });
    }
  });

  it('compares secrets by digest, so no header of any bytes or length can break the comparison', () => {
    expect(sameSecret(TOKEN, TOKEN)).toBe(true);
    for (const given of [
      undefined,
      ['x'],
      TOKEN.slice(1),
      `${TOKEN}c`,
      `${TOKEN.slice(1)}é`,
      `é${TOKEN.slice(2)}`,
      '\u0000'.repeat(64),
      '',
    ])
      expect(sameSecret(given, TOKEN), JSON.stringify(given)).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.uint8Array({ maxLength: 200 }), (text, bytes) => {
        const latin1 = Buffer.from(bytes).toString('latin1');
        for (const given of [text, latin1]) {
          for (const headers of [
            { [TOKEN_HEADER]: given },
            { cookie: given },
            { [TOKEN_HEADER]: given, origin: 'http://127.0.0.1:4400' },
          ] as Record<string, string>[]) {
            const verdict = guardRequest(requestTo(editor, '/api/files', headers, 'POST'), editor);
            expect(verdict).toMatchObject({ refusal: { status: 401 } });
          }
          expect(guardRequest(requestTo(preview, `/session-${given}/`), preview)).toHaveProperty('refusal');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers only at its own names: a rebound DNS name is refused (421)', () => {
    for (const host of ['evil.example:4400', '127.0.0.1:4401', '127.0.0.1', '[::1]:4400']) {
      expect(guardRequest({ method: 'GET', url: '/', headers: { host } }, editor), host).toMatchObject({
        refusal: { status: 421 },
      });
    }
    expect(guardRequest({ method: 'GET', url: '/', headers: { host: 'localhost:4400' } }, editor)).toMatchObject({
      route: 'editor-page',
    });
  });

  it('takes API calls only with the token (401), and changes only from the editor page itself (403)', () => {
    expect(guardRequest(requestTo(editor, '/api/files'), editor)).toMatchObject({ refusal: { status: 401 } });
    expect(guardRequest(requestTo(editor, '/api/files', { [TOKEN_HEADER]: 'd'.repeat(64) }), editor)).toMatchObject({
      refusal: { status: 401 },
    });
    expect(guardRequest(requestTo(editor, '/api/files', { [TOKEN_HEADER]: TOKEN.slice(1) }), editor)).toMatchObject({
      refusal: { status: 401 },
    });
    expect(guardRequest(requestTo(editor, '/api/save', { [TOKEN_HEADER]: TOKEN }, 'POST'), editor)).toMatchObject({
      refusal: { status: 403 },
    });
    expect(
      guardRequest(
        requestTo(editor, '/api/save', { [TOKEN_HEADER]: TOKEN, origin: 'http://127.0.0.1:4400' }, 'POST'),
        editor,
      ),
    ).toMatchObject({
      route: 'api',
    });
  });

  it("lets HMR's socket open only from the same server's page, and only as one of Vite's", () => {
    const upgrade = (headers: Record<string, string>, url = '/?token=vite') =>
      upgradeAllowed({ url, headers: { host: own(editor), 'sec-websocket-protocol': 'vite-hmr', ...headers } }, editor);
    expect(upgrade({ origin: 'http://127.0.0.1:4400' })).toBe(true);
    expect(upgrade({ origin: 'http://127.0.0.1:4400', 'sec-websocket-protocol': 'vite-ping' })).toBe(true);
    // A socket Vite would keep open unanswered.
    expect(upgrade({ origin: 'http://127.0.0.1:4400', 'sec-websocket-protocol': 'chat' })).toBe(false);
    expect(upgrade({ origin: 'http://127.0.0.1:4400', 'sec-websocket-protocol': '' })).toBe(false);
    expect(upgrade({})).toBe(false);
    expect(upgrade({ origin: 'http://127.0.0.1:4401' })).toBe(false);
    expect(upgrade({ origin: 'http://127.0.0.1:4400' }, '/x/../?token=vite')).toBe(false);
    expect(upgrade({ origin: 'http://127.0.0.1:4400', 'sec-fetch-site': 'cross-site' })).toBe(false);
  });
});
