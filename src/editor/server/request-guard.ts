import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { mediaOfPath } from '../../content/file-formats.ts';
import { SESSION_FOLDER_PREFIX, TOKEN_HEADER } from '../protocol/headers.ts';
import { PREVIEW_FORM_PREFIX } from './preview.ts';

/**
 * The folder of a session's key, such as /session-3f2a…: the preview's pages, its data files and forms, and the
 * site's pictures and videos, for both pages, are served only inside it, as a project site lives in a folder of its
 * address. The key is made for each session and given only to the editor's page, by the API (with the token), which
 * hands it to the preview in the frame's address. No cookie carries it: cookies go to every port of a host, so
 * another local server the browser visits would receive them.
 */
export const sessionFolderOf = (previewKey: string) => `${SESSION_FOLDER_PREFIX}${previewKey}`;

/** Whether two secrets are the same, in a time that tells nothing of where they differ, whatever bytes were sent. */
export function sameSecret(given: unknown, secret: string): given is string {
  if (typeof given !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  // Digests are always 32 bytes, so the comparison never throws, however long or strange the given text.
  return timingSafeEqual(digest(given), digest(secret));
}

/** A request the guard refuses: the status it is answered with, and why, in words. */
export interface GuardRefusal {
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
export function parseRequestTarget(raw: string | undefined): RequestTarget | GuardRefusal {
  const refused = (why: string): GuardRefusal => ({
    status: 400,
    message: `This editor does not accept this address: ${why}.`,
  });
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
  return {
    pathname: `/${segments.join('/')}`,
    query: new URLSearchParams(queryStart === -1 ? '' : raw.slice(queryStart + 1)),
  };
}

/** Which of the editor's two servers a request reached: the editor's page and API, or the preview of the site. */
export type ServerRole = 'editor' | 'preview';

/** What a request is for, decided once from its normalised path; anything else is not served. */
export type RequestKind = 'editor-page' | 'api' | 'preview-page' | 'preview-data' | 'preview-form' | 'media' | 'module';

/** The routes under the session's folder: what shows the site being edited (its drafts, its media). */
type SessionRequestKind = Extract<RequestKind, 'preview-page' | 'preview-data' | 'preview-form' | 'media'>;

/**
 * The folders of src/editor/ whose code runs in Node alone and is never served: this server, and the store over the
 * author's git repository (git/), which holds its paths and commands.
 */
export const NODE_ONLY_FOLDERS: readonly string[] = ['server', 'git'];

/**
 * The folders of src/editor/ whose code the editor's pages load (app/, preview/, protocol/, model/ and any added
 * beside them): every one but NODE_ONLY_FOLDERS.
 */
export const PAGE_CODE_FOLDERS = readdirSync(join(import.meta.dirname, '..'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NODE_ONLY_FOLDERS.includes(entry.name))
  .map((entry) => entry.name)
  .sort();

/**
 * The paths of Vite's dev server the pages need: its client and HMR, modules by id or by file (/@fs/, within the
 * folders Vite may serve), prebundled packages, and the code of the pages (PAGE_CODE_FOLDERS). Nothing else of Vite is
 * reachable, such as /__open-in-editor, which launches a program. Code only: nothing here shows the site being edited.
 */
const MODULE_PREFIXES = [
  '/@vite/client',
  '/@vite/env',
  '/@id/',
  '/@fs/',
  '/node_modules/',
  ...PAGE_CODE_FOLDERS.map((folder) => `/${folder}/`),
];

/** What a path inside the session's folder shows, on each server: the preview shows the site; the editor, its media. */
function sessionRouteOf(pathInFolder: string, role: ServerRole): SessionRequestKind | undefined {
  // The site's pictures and videos in public/, which both pages show.
  if (mediaOfPath(pathInFolder)) return 'media';
  if (role === 'editor') return undefined;
  if ((pathInFolder.startsWith('/assets/') || pathInFolder.startsWith('/data/')) && pathInFolder.endsWith('.json'))
    return 'preview-data';
  if (pathInFolder.startsWith(PREVIEW_FORM_PREFIX)) return 'preview-form';
  return 'preview-page';
}

/** The route of a path outside the session's folder: the editor's page, its API, or the pages' code. */
export function routeOf(pathname: string, role: ServerRole): RequestKind | undefined {
  if (role === 'editor' && pathname === '/') return 'editor-page';
  if (role === 'editor' && pathname.startsWith('/api/')) return 'api';
  // The preview's forms are compiled from its drafts: only in the session's folder, by no module id.
  if (pathname.includes(PREVIEW_FORM_PREFIX)) return undefined;
  if (MODULE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix))) return 'module';
  return undefined;
}

/** One of the editor's servers, as a request must address it. */
export interface ServerIdentity {
  readonly role: ServerRole;
  readonly port: number;
  /** The session's token; every API request carries it. */
  readonly token: string;
  /** The key of the session's folder (sessionFolderOf), which only the editor's pages know. */
  readonly previewKey: string;
}

/** The names a server answers to: the loopback address and localhost, on its own port. */
const hostsOf = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`];

export interface GuardedRequest {
  readonly method?: string;
  readonly url?: string;
  readonly headers: IncomingHttpHeaders;
}

/**
 * Where a request may go: its route, and its target, with the session's folder taken off the path for the routes inside
 * it.
 */
export interface GuardedTarget {
  readonly route: RequestKind;
  readonly target: RequestTarget;
}

const NOT_IN_SESSION: GuardRefusal = {
  status: 401,
  message: 'This shows the site being edited, only to the editor opened from the address npm run edit printed.',
};

/**
 * Where a request goes, or why it is refused, decided on the one normalised target that the router then uses:
 * - a target that is not a plain path (400), a Host other than this server's (421, "DNS rebinding");
 * - a request another site makes (Sec-Fetch-Site cross-site, or an Origin other than this server's) on any route;
 *   on the editor, a request from another port of this machine ("same-site") too; the preview accepts one only as
 *   the navigation that opens it in the editor's frame, which its frame-ancestors policy limits to the editor;
 * - the preview, its data and forms, and the media, outside the session's folder or in another key's (401);
 * - a path neither page needs (404), and a method other than GET or HEAD outside the API (405);
 * - for the API, a missing or wrong token (401: only the editor's page has it, from the address the terminal
 *   printed), and for anything that writes, an Origin other than the editor's own (403).
 * Secrets are compared as digests, so no bytes sent in a header can make the comparison fail in any other way.
 */
export function guardRequest(
  request: GuardedRequest,
  server: ServerIdentity,
): { refusal: GuardRefusal } | GuardedTarget {
  const target = parseRequestTarget(request.url);
  if ('status' in target) return { refusal: target };
  const refusal = senderRefusal(request, server);
  if (refusal) return { refusal };
  const method = request.method ?? 'GET';
  const notAccepted = { refusal: { status: 405, message: `${method} is not accepted here.` } };
  if (target.pathname.startsWith(SESSION_FOLDER_PREFIX)) {
    const [folder = '', ...rest] = target.pathname.slice(1).split('/');
    if (!sameSecret(folder.slice(SESSION_FOLDER_PREFIX.length - 1), server.previewKey))
      return { refusal: NOT_IN_SESSION };
    const pathInFolder = `/${rest.join('/')}`;
    const route = sessionRouteOf(pathInFolder, server.role);
    if (!route) return { refusal: { status: 404, message: `This ${server.role} has no ${pathInFolder}.` } };
    if (method !== 'GET' && method !== 'HEAD') return notAccepted;
    return { route, target: { pathname: pathInFolder, query: target.query } };
  }
  const route = routeOf(target.pathname, server.role);
  // What only the session's folder shows, asked for outside it, is refused as such: it needs the session's key.
  if (!route)
    return {
      refusal: mediaOfPath(target.pathname)
        ? NOT_IN_SESSION
        : { status: 404, message: `This ${server.role} has no ${target.pathname}.` },
    };
  if (route !== 'api') return method === 'GET' || method === 'HEAD' ? { route, target } : notAccepted;
  if (!sameSecret(request.headers[TOKEN_HEADER], server.token)) {
    return {
      refusal: {
        status: 401,
        message:
          'This request does not carry the editor session token. Open the editor from the address npm run edit printed.',
      },
    };
  }
  if (method !== 'GET' && method !== 'HEAD' && request.headers.origin !== `http://${request.headers.host}`) {
    return { refusal: { status: 403, message: 'Changes are accepted only from the editor page itself.' } };
  }
  return { route, target };
}

/**
 * Why a request must be refused for who sent it: another Host, another site, another origin; undefined when it may go
 * on.
 */
function senderRefusal(request: GuardedRequest, server: ServerIdentity): GuardRefusal | undefined {
  const host = request.headers.host ?? '';
  if (!hostsOf(server.port).includes(host))
    return { status: 421, message: `This ${server.role} answers only at http://127.0.0.1:${server.port}/.` };
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const foreign = { status: 403, message: 'This editor answers only its own page.' };
  if (site === 'cross-site' || (origin !== undefined && origin !== `http://${host}`)) return foreign;
  if (site === 'same-site' && !(server.role === 'preview' && request.headers['sec-fetch-mode'] === 'navigate'))
    return foreign;
  return undefined;
}

/** The sockets Vite's client opens: updates to the page, and the ping that says the server is back after a restart. */
const HMR_PROTOCOLS = new Set(['vite-hmr', 'vite-ping']);

/**
 * Whether a WebSocket upgrade may reach Vite's HMR: at the root path, from the page of this same server (its Origin),
 * past the same checks of who sent it as any request. Vite then checks its own token in the query.
 */
export function upgradeAllowed(request: GuardedRequest, server: ServerIdentity): boolean {
  const target = parseRequestTarget(request.url);
  return (
    !('status' in target) &&
    target.pathname === '/' &&
    // Only Vite's own kinds of socket: it leaves any other open, unanswered, for as long as the page keeps it.
    HMR_PROTOCOLS.has(String(request.headers['sec-websocket-protocol'] ?? '').trim()) &&
    request.headers.origin === `http://${request.headers.host}` &&
    senderRefusal(request, server) === undefined
  );
}
