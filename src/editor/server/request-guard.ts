import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { PREVIEW_BASE } from '../preview/messages.ts';
import { TOKEN_HEADER } from '../app/protocol.ts';
import { PREVIEW_FORM_PREFIX } from './preview.ts';

/**
 * The cookie the API gives the editor's page once it has shown the token, which the pictures and videos of both
 * pages and the preview's frame then carry (cookies are per host, not per port): without it, nothing but the code
 * of the pages is served, so no other program reads the drafts the preview shows or the site's media. HttpOnly, so
 * no script reads it; SameSite=Strict, so no other site's request carries it.
 */
export const SESSION_COOKIE = 'editor-session';

/** The session cookie's value: derived from the token, which it cannot be turned back into. */
export const sessionCookieValue = (token: string) => createHash('sha256').update(`${SESSION_COOKIE}:${token}`).digest('hex');

/** The Set-Cookie header of the session cookie. */
export const sessionCookie = (token: string) => `${SESSION_COOKIE}=${sessionCookieValue(token)}; Path=/; HttpOnly; SameSite=Strict`;

export interface Refusal {
  readonly status: number;
  readonly message: string;
}

/** A request target as every later step sees it: its path decoded once into plain segments, and its query. */
export interface RequestTarget {
  /** The path with each segment percent-decoded, such as /api/file. */
  readonly pathname: string;
  readonly query: URLSearchParams;
}

/** How many times a segment is decoded when looking for a hidden "..": %252e%252e is ".." decoded twice. */
const DECODE_ROUNDS = 4;

/**
 * The request target (the part after GET) read once, or why it is refused. Only origin-form targets ("/path?query")
 * are accepted: no absolute URL, no "//" (which URL parsers read as another host), no backslash, no "." or ".."
 * segment however it is encoded, no encoded "/" or NUL. What is accepted means the same to this guard, to the
 * router and to Vite, which resolves dot segments and backslashes its own way.
 */
export function parseRequestTarget(raw: string | undefined): RequestTarget | Refusal {
  const refused = (why: string): Refusal => ({ status: 400, message: `This editor does not accept this address: ${why}.` });
  if (!raw || !raw.startsWith('/')) return refused('it is not a path on this editor');
  if (raw.startsWith('//')) return refused('it starts with "//"');
  if (raw.includes('#')) return refused('it has a "#" part');
  const queryStart = raw.indexOf('?');
  const path = queryStart === -1 ? raw : raw.slice(0, queryStart);
  const segments: string[] = [];
  for (const segment of path.slice(1).split('/')) {
    // Every layer of decoding is looked at; the first is the one the router sees.
    const layers = [segment];
    for (let round = 0; round < DECODE_ROUNDS; round++) {
      let next: string;
      try {
        next = decodeURIComponent(layers.at(-1)!);
      } catch {
        if (round === 0) return refused('it has a broken %-escape');
        break;
      }
      if (next === layers.at(-1)) break;
      layers.push(next);
    }
    if (layers.some((layer) => layer === '.' || layer === '..')) return refused('it steps through "." or ".." folders');
    if (layers.some((layer) => /[\\\0]/.test(layer))) return refused('it holds a backslash or a NUL character');
    if (layers.slice(1).some((layer) => layer.includes('/'))) return refused('it holds an encoded "/"');
    segments.push(layers[1] ?? segment);
  }
  if (segments.slice(0, -1).includes('')) return refused('it has an empty folder name ("//")');
  return { pathname: `/${segments.join('/')}`, query: new URLSearchParams(queryStart === -1 ? '' : raw.slice(queryStart + 1)) };
}

/** Which of the editor's two servers a request reached: the editor's page and API, or the preview of the site. */
export type ServerRole = 'editor' | 'preview';

/** What a request is for, decided once from its normalised path; anything else is not served. */
export type Route = 'editor-page' | 'api' | 'preview-page' | 'preview-data' | 'preview-form' | 'media' | 'module';

/**
 * The paths of Vite's dev server the pages need: its client and HMR, modules by id or by file (/@fs/, within the
 * folders Vite may serve), prebundled packages, and the code of the two pages (src/editor/app/ and preview/, which
 * share a few modules). Nothing else of Vite is reachable, such as /__open-in-editor, which launches a program.
 */
const MODULE_PREFIXES = ['/@vite/client', '/@vite/env', '/@id/', '/@fs/', '/node_modules/', '/app/', '/preview/'];

/** The file endings of the site's pictures and videos in public/, which both pages show. */
const MEDIA_PATH = /\.(jpe?g|png|gif|webp|avif|svg|ico|mp4|m4v|webm)$/i;

export function routeOf(pathname: string, role: ServerRole): Route | undefined {
  if (role === 'editor' && pathname === '/') return 'editor-page';
  if (role === 'editor' && pathname.startsWith('/api/')) return 'api';
  if (role === 'preview' && (pathname === PREVIEW_BASE || pathname.startsWith(`${PREVIEW_BASE}/`))) return 'preview-page';
  if (role === 'preview' && (pathname.startsWith('/assets/') || pathname.startsWith('/data/')) && pathname.endsWith('.json')) return 'preview-data';
  // The preview's forms, compiled from the config it shows (its drafts): only at their own address, by no module id.
  if (pathname.includes(PREVIEW_FORM_PREFIX)) return role === 'preview' && pathname.startsWith(PREVIEW_FORM_PREFIX) ? 'preview-form' : undefined;
  if (MODULE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix))) return 'module';
  if (MEDIA_PATH.test(pathname)) return 'media';
  return undefined;
}

/** One of the editor's servers, as a request must address it. */
export interface ServerIdentity {
  readonly role: ServerRole;
  readonly port: number;
  /** The session's token; every API request carries it. */
  readonly token: string;
}

/** The names a server answers to: the loopback address and localhost, on its own port. */
const hostsOf = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`];

const tokenMatches = (given: string | string[] | undefined, token: string) =>
  typeof given === 'string' && given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token));

/** Whether the request carries this session's cookie. */
function cookieMatches(header: string | undefined, token: string): boolean {
  const prefix = `${SESSION_COOKIE}=`;
  const given = header
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  return tokenMatches(given, sessionCookieValue(token));
}

/** The routes that show the site being edited (its drafts, its media): only with the session's cookie. */
const SESSION_ROUTES: readonly Route[] = ['preview-page', 'preview-data', 'preview-form', 'media'];

export interface GuardedRequest {
  readonly method?: string;
  readonly url?: string;
  readonly headers: IncomingHttpHeaders;
}

/**
 * Where a request goes, or why it is refused, decided on the one normalised target that the router then uses:
 * - a target that is not a plain path (400), a Host other than this server's (421, "DNS rebinding");
 * - a request another site makes (Sec-Fetch-Site cross-site, or an Origin other than this server's) on any route;
 *   on the editor, a request from another port of this machine ("same-site") too; the preview accepts one only as
 *   the navigation that opens it in the editor's frame, which its frame-ancestors policy limits to the editor;
 * - a path neither page needs (404), and a method other than GET or HEAD outside the API (405);
 * - for the preview and the media, a request without the session's cookie (401), which only the API gives;
 * - for the API, a missing or wrong token (401: only the editor's page has it, from the address the terminal
 *   printed), and for anything that writes, an Origin other than the editor's own (403).
 */
export function guardRequest(request: GuardedRequest, server: ServerIdentity): { refusal: Refusal } | { target: RequestTarget; route: Route } {
  const target = parseRequestTarget(request.url);
  if ('status' in target) return { refusal: target };
  const refusal = senderRefusal(request, server);
  if (refusal) return { refusal };
  const route = routeOf(target.pathname, server.role);
  if (!route) return { refusal: { status: 404, message: `This ${server.role} has no ${target.pathname}.` } };
  const method = request.method ?? 'GET';
  if (route !== 'api' && method !== 'GET' && method !== 'HEAD') return { refusal: { status: 405, message: `${method} is not accepted here.` } };
  if (SESSION_ROUTES.includes(route) && !cookieMatches(request.headers.cookie, server.token)) {
    return { refusal: { status: 401, message: 'This shows the site being edited, only to the editor opened from the address npm run edit printed.' } };
  }
  if (route !== 'api') return { target, route };
  if (!tokenMatches(request.headers[TOKEN_HEADER], server.token)) {
    return {
      refusal: { status: 401, message: 'This request does not carry the editor session token. Open the editor from the address npm run edit printed.' },
    };
  }
  if (method !== 'GET' && method !== 'HEAD' && request.headers.origin !== `http://${request.headers.host}`) {
    return { refusal: { status: 403, message: 'Changes are accepted only from the editor page itself.' } };
  }
  return { target, route };
}

/** Why a request must be refused for who sent it: another Host, another site, another origin; undefined when it may go on. */
function senderRefusal(request: GuardedRequest, server: ServerIdentity): Refusal | undefined {
  const host = request.headers.host ?? '';
  if (!hostsOf(server.port).includes(host)) return { status: 421, message: `This ${server.role} answers only at http://127.0.0.1:${server.port}/.` };
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const foreign = { status: 403, message: 'This editor answers only its own page.' };
  if (site === 'cross-site' || (origin !== undefined && origin !== `http://${host}`)) return foreign;
  if (site === 'same-site' && !(server.role === 'preview' && request.headers['sec-fetch-mode'] === 'navigate')) return foreign;
  return undefined;
}

/**
 * Whether a WebSocket upgrade may reach Vite's HMR: at the root path, from the page of this same server (its Origin),
 * past the same checks of who sent it as any request. Vite then checks its own token in the query.
 */
export function upgradeAllowed(request: GuardedRequest, server: ServerIdentity): boolean {
  const target = parseRequestTarget(request.url);
  return (
    !('status' in target) &&
    target.pathname === '/' &&
    request.headers.origin === `http://${request.headers.host}` &&
    senderRefusal(request, server) === undefined
  );
}
