import type { IncomingMessage, ServerResponse } from 'node:http';
import { isFileKind } from '../../config/media-files.ts';
import { editorSchemas } from './editor-schemas.ts';
import { listMedia, receiveUpload, UploadRefused } from './media.ts';
import { BodyTooLarge, readBody } from './request-body.ts';
import type { RequestTarget } from './request-guard.ts';
import type { SitePreview } from './preview.ts';
import { answerForError, type JobAnswer, type WorkspaceJob } from './workspace-jobs.ts';
import type { WorkspaceThread } from './workspace-thread.ts';
import { GROUP_ORDER, listConfigFiles, readConfigFile } from './workspace.ts';

/**
 * The largest set of changes the editor takes in one request. A change sends whole files: a site that keeps 10,000
 * influencers in one file sends about 5 MB when it changes one of them; more than this is not an edit.
 */
export const MAX_CHANGES_BYTES = 8 * 1024 * 1024;

/** The header the editor page sends with each check, naming its tab, so its newer check replaces its older one. */
export const TAB_HEADER = 'x-editor-tab';

/** The editor's session: the site it edits, the thread that checks and saves it, and what the preview shows. */
export interface EditorSession {
  /** The site being edited: a folder with config/ and public/. */
  readonly siteDir: string;
  /** Checks, saves and new entries, one at a time, off the thread that answers requests. */
  readonly workspace: WorkspaceThread;
  /** The site as the preview shows it: updated by each check of unsaved changes that leaves the config valid. */
  readonly preview: SitePreview;
}

/**
 * Sends a JSON answer, which no browser may read as anything else. An answer given before the request's body arrived
 * whole (a refusal) closes the connection, so the rest of that body is never read.
 */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (!response.req.complete) response.setHeader('Connection', 'close');
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
}

/**
 * The editor's API, under /api/, for requests the guard let through (request-guard.ts: token and origin): list, open,
 * check and save config files; start a new entry; list and upload media. A path outside config/ or public/media/ is
 * refused with the reason, never read or written.
 */
export async function handleEditorApi(request: IncomingMessage, response: ServerResponse, target: RequestTarget, session: EditorSession): Promise<void> {
  try {
    const { status, body } = await answer(`${request.method} ${target.pathname}`, target, request, session);
    sendJson(response, status, body);
  } catch (error) {
    if (error instanceof BodyTooLarge) sendJson(response, 413, { error: 'This request is larger than the editor accepts.' });
    else if (error instanceof UploadRefused) sendJson(response, error.status, { error: error.message });
    else {
      const { status, body } = answerForError(error);
      sendJson(response, status, body);
    }
  }
}

/** A job for the checking thread, with the request's body as text. */
async function job(kind: WorkspaceJob['kind'], siteDir: string, request: IncomingMessage): Promise<WorkspaceJob> {
  return { kind, siteDir, body: (await readBody(request, MAX_CHANGES_BYTES)).toString('utf8') };
}

async function answer(route: string, target: RequestTarget, request: IncomingMessage, { siteDir, workspace, preview }: EditorSession): Promise<JobAnswer> {
  const { query } = target;
  switch (route) {
    case 'GET /api/files':
      return { status: 200, body: { groups: GROUP_ORDER, files: listConfigFiles(siteDir) } };
    case 'GET /api/file':
      return { status: 200, body: readConfigFile(siteDir, query.get('path') ?? '') };
    case 'GET /api/schemas':
      return { status: 200, body: await editorSchemas() };
    case 'POST /api/check': {
      // The problems, and when the config is valid, the preview of it and the pages that show the file on screen.
      const tab = request.headers[TAB_HEADER];
      const checked = await workspace.run(await job('check', siteDir, request), typeof tab === 'string' ? tab : undefined);
      if (!checked.preview) return checked;
      return { status: checked.status, body: { ...(checked.body as object), preview: preview.take(checked.preview) } };
    }
    case 'POST /api/save':
      return workspace.run(await job('save', siteDir, request));
    case 'POST /api/new':
      return workspace.run(await job('new', siteDir, request));
    case 'GET /api/media': {
      const kind = query.get('kind');
      return { status: 200, body: { files: listMedia(siteDir, isFileKind(kind) ? kind : undefined) } };
    }
    case 'POST /api/media': {
      const accept = query.get('accept');
      return { status: 201, body: await receiveUpload(siteDir, query.get('name') ?? 'upload', isFileKind(accept) ? accept : 'any', request) };
    }
    default:
      return { status: 404, body: { error: `The editor has no ${route}.` } };
  }
}
