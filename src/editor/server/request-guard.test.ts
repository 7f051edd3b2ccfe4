import { describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../app/protocol.ts';
import { guardRequest, parseRequestTarget, SESSION_COOKIE, sessionCookieValue, upgradeAllowed, type ServerIdentity } from './request-guard.ts';

const TOKEN = 'c'.repeat(64);
const editor: ServerIdentity = { role: 'editor', port: 4400, token: TOKEN };
const preview: ServerIdentity = { role: 'preview', port: 4401, token: TOKEN };
/** The session cookie as the browser sends it back, among others. */
const SESSION = `theme=dark; ${SESSION_COOKIE}=${sessionCookieValue(TOKEN)}`;
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
    expect(guardRequest(requestTo(editor, raw, { [TOKEN_HEADER]: TOKEN }), editor)).toMatchObject({ refusal: { status: 400 } });
  });

  it('reads the path once, decoded, and the query apart: what the guard judges is what the router routes', () => {
    expect(parseRequestTarget('/api/fil%65?path=config/../site.json')).toMatchObject({ pathname: '/api/file' });
    expect((parseRequestTarget('/api/file?path=config%2Fsite.json') as { query: URLSearchParams }).query.get('path')).toBe('config/site.json');
    expect(parseRequestTarget('/')).toMatchObject({ pathname: '/' });
    expect(parseRequestTarget('/site-preview/')).toMatchObject({ pathname: '/site-preview/' });
    // An encoded name of the API is the API, and needs the token as the API does.
    expect(guardRequest(requestTo(editor, '/%61pi/files'), editor)).toMatchObject({ refusal: { status: 401 } });
  });
});

describe('the guard of every request', () => {
  it('sends each path to the one route it names, and refuses what neither page needs', () => {
    const route = (server: ServerIdentity, url: string) => {
      const verdict = guardRequest(requestTo(server, url, { [TOKEN_HEADER]: TOKEN, cookie: SESSION }), server);
      return 'route' in verdict ? verdict.route : verdict.refusal.status;
    };
    expect(route(editor, '/')).toBe('editor-page');
    expect(route(editor, '/api/files')).toBe('api');
    expect(route(editor, '/app/main.tsx')).toBe('module');
    expect(route(editor, '/@vite/client')).toBe('module');
    expect(route(editor, '/media/hero.mp4')).toBe('media');
    expect(route(preview, '/site-preview/work')).toBe('preview-page');
    expect(route(preview, '/data/influencers/3.json')).toBe('preview-data');
    expect(route(preview, '/@preview-form/contact/0123456789ab.js')).toBe('preview-form');
    // The preview's forms only at their own address on the preview, never by a module id or from the editor.
    expect(route(preview, '/@id/__x00__/@preview-form/contact/0123456789ab.js')).toBe(404);
    expect(route(editor, '/@preview-form/contact/0123456789ab.js')).toBe(404);
    for (const path of [
      '/__open-in-editor?file=package.json',
      '/__OPEN-IN-EDITOR',
      '/__vite_ping',
      '/index.html',
      '/server/editor-api.ts',
      '/package.json',
      '/site-preview/',
    ]) {
      expect(route(editor, path), path).toBe(404);
    }
    expect(route(preview, '/api/files')).toBe(404);
    expect(route(preview, '/')).toBe(404);
    expect(guardRequest(requestTo(editor, '/app/main.tsx', {}, 'POST'), editor)).toMatchObject({ refusal: { status: 405 } });
  });

  it.each<[string, Record<string, string>]>([
    ['another site (Sec-Fetch-Site)', { 'sec-fetch-site': 'cross-site' }],
    ['another port of this machine (Sec-Fetch-Site)', { 'sec-fetch-site': 'same-site' }],
    ['a page of another local server (Origin)', { origin: 'http://127.0.0.1:5173' }],
    ['a page of localhost (Origin)', { origin: 'http://localhost:4400' }],
    ['a sandboxed page (Origin null)', { origin: 'null' }],
    ['the preview (Origin)', { origin: 'http://127.0.0.1:4401' }],
  ])('refuses a request from %s on every route of the editor, the token notwithstanding', (_from, headers) => {
    for (const path of ['/', '/api/files', '/app/main.tsx', '/@vite/client', '/media/hero.mp4', '/__open-in-editor']) {
      expect(guardRequest(requestTo(editor, path, { [TOKEN_HEADER]: TOKEN, ...headers }), editor), path).toMatchObject({ refusal: { status: 403 } });
    }
  });

  it('lets the editor open its preview in a frame from its own port, and nothing else of another port reach the preview', () => {
    const navigation = { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe', cookie: SESSION };
    expect(guardRequest(requestTo(preview, '/site-preview/', navigation), preview)).toMatchObject({ route: 'preview-page' });
    expect(guardRequest(requestTo(preview, '/preview/main.tsx', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors' }), preview)).toMatchObject({
      refusal: { status: 403 },
    });
    expect(guardRequest(requestTo(preview, '/site-preview/', { ...navigation, 'sec-fetch-site': 'cross-site' }), preview)).toMatchObject({
      refusal: { status: 403 },
    });
  });

  it('shows the preview and the media only with the session cookie, never for the token alone', () => {
    for (const [server, url] of [
      [preview, '/site-preview/'],
      [preview, '/data/influencers.json'],
      [preview, '/@preview-form/contact/0123456789ab.js'],
      [editor, '/media/hero.mp4'],
      [preview, '/media/hero.mp4'],
    ] as const) {
      for (const cookie of [
        undefined,
        `${SESSION_COOKIE}=${TOKEN}`,
        `${SESSION_COOKIE}=${sessionCookieValue('d'.repeat(64))}`,
        `x${SESSION_COOKIE}=${sessionCookieValue(TOKEN)}`,
      ]) {
        const headers: Record<string, string> = { [TOKEN_HEADER]: TOKEN, 'sec-fetch-mode': 'navigate', ...(cookie ? { cookie } : {}) };
        expect(guardRequest(requestTo(server, url, headers), server), `${url} ${cookie}`).toMatchObject({ refusal: { status: 401 } });
      }
      expect(guardRequest(requestTo(server, url, { cookie: SESSION }), server)).toMatchObject({ target: { pathname: url } });
    }
  });

  it('answers only at its own names: a rebound DNS name is refused (421)', () => {
    for (const host of ['evil.example:4400', '127.0.0.1:4401', '127.0.0.1', '[::1]:4400']) {
      expect(guardRequest({ method: 'GET', url: '/', headers: { host } }, editor), host).toMatchObject({ refusal: { status: 421 } });
    }
    expect(guardRequest({ method: 'GET', url: '/', headers: { host: 'localhost:4400' } }, editor)).toMatchObject({ route: 'editor-page' });
  });

  it('takes API calls only with the token (401), and changes only from the editor page itself (403)', () => {
    expect(guardRequest(requestTo(editor, '/api/files'), editor)).toMatchObject({ refusal: { status: 401 } });
    expect(guardRequest(requestTo(editor, '/api/files', { [TOKEN_HEADER]: 'd'.repeat(64) }), editor)).toMatchObject({ refusal: { status: 401 } });
    expect(guardRequest(requestTo(editor, '/api/files', { [TOKEN_HEADER]: TOKEN.slice(1) }), editor)).toMatchObject({ refusal: { status: 401 } });
    expect(guardRequest(requestTo(editor, '/api/save', { [TOKEN_HEADER]: TOKEN }, 'POST'), editor)).toMatchObject({ refusal: { status: 403 } });
    expect(guardRequest(requestTo(editor, '/api/save', { [TOKEN_HEADER]: TOKEN, origin: 'http://127.0.0.1:4400' }, 'POST'), editor)).toMatchObject({
      route: 'api',
    });
  });

  it("lets HMR's socket open only from the same server's page", () => {
    const upgrade = (headers: Record<string, string>, url = '/?token=vite') => upgradeAllowed({ url, headers: { host: own(editor), ...headers } }, editor);
    expect(upgrade({ origin: 'http://127.0.0.1:4400' })).toBe(true);
    expect(upgrade({})).toBe(false);
    expect(upgrade({ origin: 'http://127.0.0.1:4401' })).toBe(false);
    expect(upgrade({ origin: 'http://127.0.0.1:4400' }, '/x/../?token=vite')).toBe(false);
    expect(upgrade({ origin: 'http://127.0.0.1:4400', 'sec-fetch-site': 'cross-site' })).toBe(false);
  });
});
