import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { handleEditorApi, sendJson, type EditorSession } from './editor-api.ts';
import { refuse } from '../protocol/refusals.ts';
import { refusalAnswer } from './workspace-jobs.ts';
import {
  guardRequest,
  sessionFolderOf,
  upgradeAllowed,
  type ServerIdentity,
  type ServerRole,
} from './request-guard.ts';
import { servePublicFile } from './public-files.ts';

/** The folder of the editor's two pages (app/index.html, preview/index.html) and their code. */
export const EDITOR_DIR = join(import.meta.dirname, '..');

/** What serves the pages' code: Vite's dev server in `npm run edit` (see scripts/edit.ts). */
export interface PageModules {
  /** Answers a request for a module, or calls `next` when it has none; rejects when it cannot serve modules at all. */
  handle(request: IncomingMessage, response: ServerResponse, next: () => void): void | Promise<void>;
  /** Adds what the page needs to load its modules (Vite's client) to a page's HTML. */
  transformIndexHtml(url: string, html: string): Promise<string>;
  /** Where HMR's WebSocket upgrades go, once the guard let them through. */
  readonly upgrades?: EventEmitter;
}

export interface EditorServers {
  /** The address to open, with this session's token after "#" (never sent to any server). */
  readonly url: string;
  readonly editorPort: number;
  readonly previewPort: number;
  close(): Promise<void>;
}

/**
 * Headers of every answer: never sniffed into another type, never loaded by a page of another origin, no Referer out.
 */
const COMMON_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' } as const;

/**
 * The policy of each page: only its own scripts (no inline script), framed by whom it must be, talking to whom it must.
 */
function pagePolicy(role: ServerRole, hostname: string, ports: { editor: number; preview: number }): string {
  const own = `${hostname}:${role === 'editor' ? ports.editor : ports.preview}`;
  const directives = [
    "default-src 'none'",
    // Only its own scripts. The editor's page compiles the schemas' checks (Ajv, for react-jsonschema-form's
    // choices between kinds of block) into functions, which needs eval; its forms are built from the editor's own
    // schemas, never from what a page or a file supplies as code. The preview needs none.
    role === 'editor' ? "script-src 'self' 'unsafe-eval'" : "script-src 'self'",
    // Vite and Emotion add their styles as <style> elements.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    // Its own API, and Vite's HMR socket at its own address.
    `connect-src 'self' ws://${own}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    role === 'editor' ? `frame-src http://${hostname}:${ports.preview}` : "frame-src 'none'",
    role === 'editor' ? "frame-ancestors 'none'" : `frame-ancestors http://${hostname}:${ports.editor}`,
  ];
  return directives.join('; ');
}

/**
 * The editor's two servers on 127.0.0.1: the editor's page and API on one port, and the preview of the site on
 * another, so that whatever runs in the preview is another origin than the editor and cannot read its page, its
 * token or its drafts. Every request passes the one guard (request-guard.ts) on its normalised path; each server
 * answers only its own routes, and refuses every other request.
 */
export async function startEditorServers(
  session: EditorSession,
  options: {
    token: string;
    editorPort: number;
    previewPort: number;
    modules: PageModules;
    previewKey?: string;
    /** What the API's restart does once it has answered (editor-process.ts ends the process for its launcher). */
    onRestart?: () => void;
  },
): Promise<EditorServers> {
  const { token, modules } = options;
  const previewKey = options.previewKey ?? randomBytes(32).toString('hex');
  const sessionFolder = sessionFolderOf(previewKey);
  const editor = createServer();
  const preview = createServer();
  const ports = { editor: 0, preview: 0 };
  const identity = (role: ServerRole): ServerIdentity => ({
    role,
    port: role === 'editor' ? ports.editor : ports.preview,
    token,
    previewKey,
  });

  const servePage = async (role: ServerRole, request: IncomingMessage, response: ServerResponse) => {
    const hostname = (request.headers.host ?? '').replace(/:\d+$/, '');
    const other =
      role === 'editor'
        ? { name: 'preview-origin', port: ports.preview }
        : { name: 'editor-origin', port: ports.editor };
    const html = readFileSync(
      join(EDITOR_DIR, role === 'editor' ? 'app/index.html' : 'preview/index.html'),
      'utf8',
    ).replace('</head>', `  <meta name="${other.name}" content="http://${hostname}:${other.port}" />\n  </head>`);
    const page = await modules.transformIndexHtml(request.url ?? '/', html);
    response
      .writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': pagePolicy(role, hostname, ports),
      })
      .end(page);
  };

  /** What went wrong inside one request: logged, and answered 500 if the answer has not started; the server goes on. */
  const failed = (request: IncomingMessage, response: ServerResponse) => (error: unknown) => {
    console.error(
      `The editor could not answer ${request.method} ${(request.url ?? '').slice(0, 200)}: ${(error as Error)?.stack ?? String(error)}`,
    );
    if (!response.headersSent) {
      const { status, body } = refusalAnswer(
        refuse('unexpected', 'the editor could not answer', 'Your changes are still in the editor'),
      );
      sendJson(response, status, body);
    } else response.destroy();
  };

  const route = (role: ServerRole, request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of Object.entries(COMMON_HEADERS)) response.setHeader(name, value);
    const verdict = guardRequest(request, identity(role));
    if ('refusal' in verdict) {
      sendJson(response, verdict.refusal.status, { error: verdict.refusal.message });
      return;
    }
    const { route, target } = verdict;
    if (route !== 'editor-page' && route !== 'preview-page')
      response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    const notFound = () => sendJson(response, 404, { error: `This ${role} has no ${target.pathname}.` });
    switch (route) {
      case 'api':
        void handleEditorApi(request, response, target, session, {
          sessionFolder,
          restart: () => response.once('finish', () => options.onRestart?.()),
        }).catch(failed(request, response));
        return;
      case 'editor-page':
      case 'preview-page':
        void servePage(role, request, response).catch(failed(request, response));
        return;
      case 'preview-data': {
        // The data files the preview's renderer fetches, from the config it shows (as the build writes them).
        const data = session.preview.dataFile(target.pathname);
        if (data === undefined) notFound();
        else
          response
            .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
            .end(data);
        return;
      }
      case 'media':
        servePublicFile(session.siteDir, request.method ?? 'GET', target.pathname, request.headers.range, response);
        return;
      case 'preview-form':
        // Vite answers at the form's own address, without the session's folder, which the guard has checked.
        request.url = `${target.pathname}${target.query.size > 0 ? `?${target.query}` : ''}`;
        void Promise.resolve(modules.handle(request, response, notFound)).catch(failed(request, response));
        return;
      case 'module':
        void Promise.resolve(modules.handle(request, response, notFound)).catch(failed(request, response));
        return;
    }
  };

  // Every request is answered, whatever happens inside it: no error of one request ever stops the editor.
  const answer = (role: ServerRole) => (request: IncomingMessage, response: ServerResponse) => {
    // A request or answer whose connection breaks is only that request's end.
    request.on('error', () => undefined);
    response.on('error', () => undefined);
    try {
      route(role, request, response);
    } catch (error) {
      failed(request, response)(error);
    }
  };

  // HMR's socket, only from the page of the same server.
  const upgrade = (role: ServerRole) => (request: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => undefined);
    try {
      if (modules.upgrades && upgradeAllowed(request, identity(role)))
        modules.upgrades.emit('upgrade', request, socket, head);
      else socket.destroy();
    } catch (error) {
      console.error(
        `The editor could not open a socket for ${(request.url ?? '').slice(0, 200)}: ${(error as Error)?.message ?? String(error)}`,
      );
      socket.destroy();
    }
  };

  editor.on('request', answer('editor')).on('upgrade', upgrade('editor'));
  preview.on('request', answer('preview')).on('upgrade', upgrade('preview'));
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  ports.editor = await listen(editor, options.editorPort);
  try {
    ports.preview = await listen(preview, options.previewPort);
  } catch (error) {
    editor.close();
    throw error;
  }
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    url: `http://127.0.0.1:${ports.editor}/#token=${token}`,
    editorPort: ports.editor,
    previewPort: ports.preview,
    close: () => Promise.all([close(editor), close(preview)]).then(() => undefined),
  };
}
