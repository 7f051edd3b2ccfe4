import { liveSiteBuild } from './live-site.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isFileKind } from '../../checker/media-files.ts';
import { editorSchemas } from './editor-schemas.ts';
import { heldUploadsOf, removeHeldMedia, renameHeldMedia } from '../git/held-media.ts';
import { listMedia, receiveUpload } from './media.ts';
import { refuse } from '../protocol/refusals.ts';
import { SitePublisher } from '../git/publishing.ts';
import { Abandoned, LockQueue } from '../git/lock-queue.ts';
import { readBody } from './request-body.ts';
import type { RequestTarget } from './request-guard.ts';
import type { SitePreview } from './preview.ts';
import { answerForError, type JobAnswer, type WorkspaceJob } from './workspace-jobs.ts';
import { unfinishedOf } from '../git/failure-words.ts';
import type { WorkspaceThread } from './workspace-thread.ts';
import { OPERATION_HEADER, TAB_HEADER } from '../protocol/headers.ts';
import { FinishedOperations } from './finished-operations.ts';
import { editorRouteOf, type EditorRouteName } from '../protocol/routes.ts';
import { GROUP_ORDER } from '../model/config-file-entries.ts';
import { straysInCopy } from '../model/stray-files.ts';
import type { Problem } from '../protocol/files.ts';
import type { LatestResult, PublishResult } from '../protocol/publishing.ts';
import { idsOf } from '../model/operations.ts';
import { isObjectId } from '../model/repository.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { listConfigFiles, readConfigFile } from './workspace.ts';

/**
 * The largest set of changes the editor takes in one request. A change sends whole files: a site that keeps 10,000
 * influencers in one file sends about 5 MB when it changes one of them; more than this is not an edit.
 */
export const MAX_CHANGES_BYTES = 8 * 1024 * 1024;

/** The largest request of the Publish panel and History: choices, a message, a few paths. */
const MAX_PUBLISH_REQUEST_BYTES = 256 * 1024;

/**
 * The editor's session: the site it edits, the thread that checks and saves it, what the preview shows, and its
 * publisher.
 */
export interface EditorSession {
  /** The site being edited: a folder with config/ and public/. */
  readonly siteDir: string;
  /** Checks, saves and new entries, one at a time, off the thread that answers requests. */
  readonly workspace: WorkspaceThread;
  /** The site as the preview shows it: updated by each check of unsaved changes that leaves the config valid. */
  readonly preview: SitePreview;
  /**
   * The lock on the site's files: saves, uploads and the steps of publishing that read or change the author's files
   * take it, one at a time.
   */
  readonly siteFiles: LockQueue;
  /** Publish, Get latest, History and Undo, which take `siteFiles` for the steps that touch the author's files. */
  readonly publisher: SitePublisher;
  /** The saves and Deletes finished, by id, for a page that lost an answer to ask about. */
  readonly finished: FinishedOperations;
}

/** What the editor's page needs of its session besides the token: the folder where the preview and the media are. */
export interface PageSession {
  /** Such as /session-3f2a…: the preview's pages, data and forms, and the media, are served only under it. */
  readonly sessionFolder: string;
  /** Ends this process once the answer is sent, for its launcher to start it again (launcher.ts). */
  readonly restart: () => void;
}

/**
 * Sends a JSON answer, which no browser may read as anything else. An answer given before the request's body arrived
 * whole (a refusal) closes the connection, so the rest of that body is never read.
 */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (!response.req.complete) response.setHeader('Connection', 'close');
  response
    .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
    .end(JSON.stringify(body));
}

/**
 * The editor's session for the site in `siteDir`: one lock on its files, taken by saves, uploads and publishing, and
 * a publisher that validates with the session's checking thread, as the checker would on the site as published.
 */
export function createEditorSession(siteDir: string, workspace: WorkspaceThread, preview: SitePreview): EditorSession {
  const siteFiles = new LockQueue();
  const publisher = new SitePublisher(siteDir, siteFiles, async (folder) => {
    const checked = await workspace.run({ kind: 'validate', siteDir: folder, body: '{"changes":[]}' });
    if (checked.status !== 200)
      throw refuse('checkDidNotRun', (checked.body as { error?: string }).error ?? String(checked.status));
    return checked.body as { problems: [] };
  });
  return { siteDir, workspace, preview, siteFiles, publisher, finished: new FinishedOperations() };
}

/**
 * Runs a save or a Delete with the site's files locked, and records its operation's id (sent in OPERATION_HEADER)
 * once it was done, for the page to ask about should its answer be lost.
 */
async function writeFiles(asked: RouteRequest, job: WorkspaceJob): Promise<JobAnswer> {
  const { session, request, signal } = asked;
  const answer = await session.siteFiles.run(() => session.workspace.run(job, undefined, signal), signal);
  const id = request.headers[OPERATION_HEADER];
  if (answer.status === 200 && typeof id === 'string') session.finished.add(id);
  return answer;
}

/** A small JSON request of the Publish panel or History, as an object. */
async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const body = JSON.parse((await readBody(request, MAX_PUBLISH_REQUEST_BYTES)).toString('utf8')) as unknown;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** An operation's id and earlier tries' from a request, ids only (model/operations.ts checks their form). */
const attemptOf = (value: unknown): Attempt | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, earlier } = value as Record<string, unknown>;
  return typeof id === 'string' ? { id, earlier: listOfText(earlier) } : undefined;
};

const listOfText = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The editor's API, under /api/, for requests the guard let through (request-guard.ts: token and origin): list, open,
 * check and save config files; start a new entry; list and upload media; publish, get the latest, history and undo.
 * A path outside config/ or public/media/ is refused with the reason, never read or written.
 */
export async function handleEditorApi(
  request: IncomingMessage,
  response: ServerResponse,
  target: RequestTarget,
  session: EditorSession,
  page: PageSession,
): Promise<void> {
  // A request whose connection closes before its answer is abandoned: if it still waits for its turn, it is not done.
  const abandoned = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) abandoned.abort();
  });
  const route = editorRouteOf(request.method, target.pathname);
  try {
    const { status, body } = route
      ? await HANDLERS[route]({ target, request, session, page, signal: abandoned.signal })
      : { status: 404, body: { error: `The editor has no ${request.method ?? ''} ${target.pathname}.` } };
    sendJson(response, status, body);
  } catch (error) {
    if (error instanceof Abandoned) response.destroy();
    else {
      // An upload is named by its file; other routes say what they had not done.
      const subject = route === 'upload' ? (target.query.get('name') ?? undefined) : undefined;
      const { status, body } = answerForError(error, unfinishedOf(route ?? 'session', subject));
      sendJson(response, status, body);
    }
  }
}

/** A job for the checking thread, with the request's body as text. */
async function job(kind: WorkspaceJob['kind'], siteDir: string, request: IncomingMessage): Promise<WorkspaceJob> {
  return { kind, siteDir, body: (await readBody(request, MAX_CHANGES_BYTES)).toString('utf8') };
}

/**
 * The status of publishing's answers: the checker's problems are a 422, questions to answer a 409, and a change that
 * went out (published, or sent for review) or came in a 200.
 */
const statusOf = (answer: PublishResult | LatestResult): number =>
  answer.status === 'invalid' ? 422 : answer.status === 'conflicts' ? 409 : 200;

/** What a handler of one route is given: the request, the session, and a signal that says the author gave it up. */
interface RouteRequest {
  readonly target: RequestTarget;
  readonly request: IncomingMessage;
  readonly session: EditorSession;
  readonly page: PageSession;
  readonly signal: AbortSignal;
}

type RouteHandler = (asked: RouteRequest) => Promise<JobAnswer> | JobAnswer;

/** The answer to each route of the table (protocol/routes.ts): one handler each, none missing. */
const HANDLERS: { readonly [name in EditorRouteName]: RouteHandler } = {
  session: ({ page }) => ({ status: 200, body: { sessionFolder: page.sessionFolder } }),
  restart: async ({ session, page }) => {
    // Once nothing is publishing or writing, the editor's process ends and its launcher starts it with the code as it
    // is now.
    await session.publisher.settled();
    page.restart();
    return { status: 202, body: { restarting: true } };
  },
  files: ({ session }) => ({ status: 200, body: { groups: GROUP_ORDER, files: listConfigFiles(session.siteDir) } }),
  file: ({ session, target }) => ({
    status: 200,
    body: readConfigFile(session.siteDir, target.query.get('path') ?? ''),
  }),
  removedBy: async ({ session, target }) => ({
    status: 200,
    body: { by: await session.publisher.whoRemoved(target.query.get('path')) },
  }),
  schemas: async () => ({ status: 200, body: await editorSchemas() }),
  check: async ({ session, request }) => {
    // The problems, and when the config is valid, the preview of it and the pages that show the file on screen.
    const tab = request.headers[TAB_HEADER];
    const checked = await session.workspace.run(
      await job('check', session.siteDir, request),
      typeof tab === 'string' ? tab : undefined,
    );
    if (!checked.preview) return checked;
    return {
      status: checked.status,
      body: { ...(checked.body as object), preview: session.preview.take(checked.preview) },
    };
  },
  // Never while publishing or getting the latest: files change only between them.
  save: async (asked) => writeFiles(asked, await job('save', asked.session.siteDir, asked.request)),
  newEntry: async ({ session, request }) => session.workspace.run(await job('new', session.siteDir, request)),
  planRemoval: async ({ session, request }) =>
    session.workspace.run(await job('plan-removal', session.siteDir, request)),
  // Like a save: never while publishing or getting the latest.
  remove: async (asked) => writeFiles(asked, await job('remove', asked.session.siteDir, asked.request)),
  media: ({ session, target }) => {
    const kind = target.query.get('kind');
    return {
      status: 200,
      body: { files: listMedia(session.siteDir, isFileKind(kind) ? kind : undefined) },
    };
  },
  upload: async ({ session, target, request, signal }) => {
    const { query } = target;
    const accept = query.get('accept');
    const received = () =>
      receiveUpload(session.siteDir, query.get('name') ?? 'upload', isFileKind(accept) ? accept : 'any', request);
    return { status: 201, body: await session.siteFiles.run(received, signal) };
  },
  heldUploads: ({ session }) => ({ status: 200, body: { uploads: heldUploadsOf(session.siteDir) } }),
  // Like an upload: never while a save or publishing moves held uploads.
  renameHeld: async ({ session, request, signal }) => {
    const { src, name } = await jsonBody(request);
    const renamed = () => renameHeldMedia(session.siteDir, String(src), String(name));
    return { status: 200, body: { src: await session.siteFiles.run(async () => renamed(), signal) } };
  },
  removeHeld: async ({ session, request, signal }) => {
    const { src } = await jsonBody(request);
    await session.siteFiles.run(async () => removeHeldMedia(session.siteDir, String(src)), signal);
    return { status: 200, body: { removed: src } };
  },
  strays: async ({ session }) => {
    // What the checker refuses of the copy as it is on disk, and what changed outside the editor's folders.
    const [checked, status] = await Promise.all([
      session.workspace.run({ kind: 'validate', siteDir: session.siteDir, body: '{"changes":[]}', route: 'strays' }),
      session.publisher.status(),
    ]);
    // A check that could not run (the checker busy or stopped) says so, rather than that there are no stray files.
    if (checked.status !== 200) return checked;
    const { problems = [] } = checked.body as { problems?: Problem[] };
    return { status: 200, body: { files: straysInCopy(status.outside, problems) } };
  },
  publishStatus: async ({ session }) => ({ status: 200, body: await session.publisher.status() }),
  publish: async ({ session, request }) => {
    const { leaveOut, removeMedia, message, listId, attempt } = await jsonBody(request);
    const published = await session.publisher.publish({
      leaveOut: listOfText(leaveOut),
      removeMedia: listOfText(removeMedia),
      message: typeof message === 'string' ? message : undefined,
      listId: typeof listId === 'string' ? listId : undefined,
      attempt: attemptOf(attempt),
    });
    return { status: statusOf(published), body: published };
  },
  publishIdentity: async ({ session, request }) => {
    const { name, email } = await jsonBody(request);
    await session.publisher.setIdentity(name, email);
    return { status: 200, body: { saved: true } };
  },
  discard: async ({ session, request }) => {
    const { path } = await jsonBody(request);
    await session.publisher.discard(path);
    return { status: 200, body: { discarded: path } };
  },
  siteBuild: async ({ session, target }) => {
    const commit = target.query.get('commit') ?? '';
    if (!isObjectId(commit)) return { status: 400, body: { error: 'Which commit? Give its full id.' } };
    return {
      status: 200,
      body: await liveSiteBuild(session.siteDir, commit, (ours, later) => session.publisher.holds(ours, later)),
    };
  },
  latest: async ({ session, request }) => {
    const { choices } = await jsonBody(request);
    const picked = Object.fromEntries(
      Object.entries(typeof choices === 'object' && choices !== null ? choices : {}).filter(
        ([, choice]) => choice === 'mine' || choice === 'theirs',
      ),
    );
    const latest = await session.publisher.getLatest(picked);
    return { status: statusOf(latest), body: latest };
  },
  history: async ({ session }) => ({ status: 200, body: { entries: await session.publisher.history() } }),
  outcome: async ({ session, target }) => {
    const { query } = target;
    const attempt = { id: query.get('id') ?? '', earlier: (query.get('earlier') ?? '').split(',').filter(Boolean) };
    if (query.get('action') === 'publish') return { status: 200, body: await session.publisher.findPublished(attempt) };
    // Once the site's files are free, no save of the page's is still being written: what was done is on record.
    await session.siteFiles.run(async () => undefined);
    return {
      status: 200,
      body: session.finished.hasAny(idsOf(attempt)) ? { landed: true } : { landed: false, mayLandLater: false },
    };
  },
  undo: async ({ session, request }) => {
    const { commit, only, attempt } = await jsonBody(request);
    const undone = await session.publisher.undo(commit, only, attemptOf(attempt));
    return { status: statusOf(undone), body: undone };
  },
};
