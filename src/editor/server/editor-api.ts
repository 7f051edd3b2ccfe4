import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { CONFIG_FILE_KINDS, PROJECT_SCHEMAS } from '../../config/config-files.ts';
import { isFileKind } from '../../config/media-files.ts';
import { listMedia, MAX_UPLOAD_BYTES, saveUpload } from './media.ts';
import { refusalFor } from './request-guard.ts';
import { RefusedPath } from './safe-path.ts';
import { previewAddressesOf, type SitePreview } from './preview.ts';
import { servePublicFile } from './public-files.ts';
import { newEntry, type NewEntryRequest } from './templates.ts';
import { checkChanges, configFileEntry, GROUP_ORDER, listConfigFiles, readConfigFile, saveConfigFiles, type FileChange } from './workspace.ts';

/** The largest change the editor sends: every config file at once, at the size the site claims, fits well within it. */
export const MAX_JSON_BODY_BYTES = 20 * 1024 * 1024;

export interface EditorApiOptions {
  /** The site being edited: a folder with config/ and public/. */
  readonly siteDir: string;
  readonly port: number;
  readonly token: string;
  /** The site as the preview shows it: updated by each check of unsaved changes that leaves the config valid. */
  readonly preview: SitePreview;
}

class BodyTooLarge extends Error {}

async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
};

/** Each kind's schema with every $ref resolved, across files, for the forms the editor generates from them. */
let schemas: Promise<Record<string, unknown>> | undefined;
export function editorSchemas(): Promise<Record<string, unknown>> {
  schemas ??= (async () => {
    const entries = await Promise.all(
      [...new Set(CONFIG_FILE_KINDS.map((kind) => kind.schema))].map(async (schema) => [schema, await $RefParser.dereference(join(PROJECT_SCHEMAS, schema))] as const),
    );
    return Object.fromEntries(entries);
  })();
  return schemas;
}

/**
 * The editor's API, under /api/: list, open, check and save config files; list and upload media. Every request is
 * checked first (refusalFor); a path outside config/ or public/media/ is refused with the reason, never written.
 * It also serves what the preview's renderer fetches: the data files, and the pictures and videos of public/.
 * Returns false for any other request, so the caller can serve the editor's pages.
 */
export async function handleEditorApi(request: IncomingMessage, response: ServerResponse, options: EditorApiOptions): Promise<boolean> {
  const refusal = refusalFor(request, options.port, options.token);
  if (refusal) {
    send(response, refusal.status, { error: refusal.message });
    return true;
  }
  const url = new URL(request.url ?? '/', 'http://editor');
  // The data files the preview's renderer fetches, from the config it shows (as the dev server serves them).
  const dataFile = request.method === 'GET' ? options.preview.dataFile(url.pathname) : undefined;
  if (dataFile !== undefined) {
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(dataFile);
    return true;
  }
  if (!url.pathname.startsWith('/api/')) return servePublicFile(options.siteDir, request, response);
  try {
    const [status, body] = await answer(`${request.method} ${url.pathname}`, url, request, options);
    send(response, status, body);
  } catch (error) {
    if (error instanceof RefusedPath) send(response, 400, { error: error.message });
    else if (error instanceof BodyTooLarge) send(response, 413, { error: 'This request is larger than the editor accepts.' });
    else if (error instanceof SyntaxError) send(response, 400, { error: 'The request is not valid JSON.' });
    else send(response, 500, { error: `The editor could not do this: ${(error as Error).message}` });
  }
  return true;
}

/** What the editor page sends to check or save: the unsaved changes, and the file it shows beside the preview. */
interface ChangesBody {
  readonly changes?: FileChange[];
  readonly showing?: string;
  /** The field the author is in, in the file shown, such as ["influencers", 3, "name"]. */
  readonly focus?: (string | number)[];
}

async function answer(route: string, url: URL, request: IncomingMessage, { siteDir, preview }: EditorApiOptions): Promise<[status: number, body: unknown]> {
  const body = async () => JSON.parse((await readBody(request, MAX_JSON_BODY_BYTES)).toString('utf8')) as ChangesBody;
  const changes = async () => (await body()).changes ?? [];
  switch (route) {
    case 'GET /api/files':
      return [200, { groups: GROUP_ORDER, files: listConfigFiles(siteDir) }];
    case 'GET /api/file':
      return [200, readConfigFile(siteDir, url.searchParams.get('path') ?? '')];
    case 'GET /api/schemas':
      return [200, await editorSchemas()];
    case 'POST /api/check': {
      // The problems, and when the config is valid, the preview of it and the pages that show the file on screen.
      const { changes = [], showing, focus } = await body();
      const { problems, config } = checkChanges(siteDir, changes);
      if (!config) return [200, { problems }];
      const payload = preview.update(config);
      const shown = showing ? (changes.find((change) => change.path === showing)?.data ?? JSON.parse(readConfigFile(siteDir, showing).text)) : undefined;
      return [200, { problems, preview: payload, addresses: showing ? previewAddressesOf(showing, shown, config, payload.pageData, Array.isArray(focus) ? focus : []) : [] }];
    }
    case 'POST /api/save': {
      const result = saveConfigFiles(siteDir, await changes());
      return [result.status === 'saved' ? 200 : result.status === 'conflict' ? 409 : 422, result];
    }
    case 'POST /api/new': {
      // A new page, influencer or project as an unsaved change, with how the file list shows it. Nothing is written.
      const { request: wanted, changes = [] } = (await body()) as ChangesBody & { request: NewEntryRequest };
      const entry = newEntry(siteDir, wanted, changes, (await editorSchemas()) as Parameters<typeof newEntry>[3]);
      return [200, { ...entry, file: configFileEntry(entry.path, entry.data) }];
    }
    case 'GET /api/media': {
      const kind = url.searchParams.get('kind');
      return [200, { files: listMedia(siteDir, isFileKind(kind) ? kind : undefined) }];
    }
    case 'POST /api/media': {
      const accept = url.searchParams.get('accept');
      const bytes = await readBody(request, MAX_UPLOAD_BYTES);
      return [201, saveUpload(siteDir, url.searchParams.get('name') ?? 'upload', bytes, isFileKind(accept) ? accept : 'any')];
    }
    default:
      return [404, { error: `The editor has no ${route}.` }];
  }
}
