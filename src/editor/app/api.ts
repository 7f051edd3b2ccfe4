/** The editor page's calls to its server (src/editor/server/editor-api.ts), with the session token it was given. */
import {
  isRefusal,
  unlessRefused,
  type Answer,
  type FoundOperation,
  type LostAction,
  type HistoryEntry,
  type LatestResult,
  type PublishRequest,
  type PublishResult,
  type PublishStatus,
  type SiteBuild,
} from '../protocol/publishing.ts';
import type {
  Change,
  CheckResult,
  FileEntry,
  HeldUpload,
  MediaFile,
  NewEntryAnswer,
  NewEntryRequest,
  OpenedFile,
  PlacesChoice,
  RemovalAnswer,
  RemovalPlan,
  SaveResult,
  StrayFiles,
} from '../protocol/files.ts';
import { OPERATION_HEADER, TAB_HEADER, TOKEN_HEADER } from '../protocol/headers.ts';
import { isRefusalStatus } from '../protocol/refusals.ts';
import { EDITOR_ROUTES, type EditorRouteName } from '../protocol/routes.ts';
import { randomId } from '../model/operations.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { currentSessionFolder, setSessionFolder } from './session-folder.ts';

const TOKEN_KEY = 'editor-session-token';

let token: string | undefined;
/**
 * The session's token: from the address npm run edit printed (after "#", which is never sent to a server), kept in
 * this origin's storage so a reload or a new tab of the editor keeps working, and taken out of the address bar. Read
 * by the first request (the session's), never on import: importing this module touches no page.
 */
function sessionToken(): string {
  if (token !== undefined) return token;
  const given = /^#token=([0-9a-f]+)$/i.exec(window.location.hash)?.[1];
  if (given) {
    localStorage.setItem(TOKEN_KEY, given);
    history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  }
  // The printed address pasted into a tab that already shows the editor changes only its "#" part: start afresh with it.
  window.addEventListener('hashchange', () => {
    if (window.location.hash.startsWith('#token=')) window.location.reload();
  });
  token = localStorage.getItem(TOKEN_KEY) ?? '';
  return token;
}
/** This tab, so that its newer check replaces its older one still waiting on the server. */
const tab = randomId();

/**
 * The server's own failure (500, the catalogue's `unexpected`: what was not done, what is kept, what to do), in the
 * words it answered with, shown as they are: the server did answer, but failed at what was asked.
 */
export class ServerFailed extends Error {}

/** The server's answer (401) when the token is missing or from another session: how to get in again, in words. */
export class NoSession extends Error {
  constructor() {
    super(
      'This editor needs the address npm run edit printed in its terminal (it holds the key of this session). Open that address again.',
    );
  }
}

/** How an action that writes is sent: with its operation's id, and a signal that says the page stopped waiting. */
interface Sending {
  readonly signal?: AbortSignal;
  readonly operation?: string;
}

/** No answer came from the server: what was asked may or may not have been done (protocol/editor-backend.ts). */
class AnswerLost extends Error {
  readonly answerLost = true;
}

/** The address of a route (protocol/routes.ts), with its query. */
const addressOf = (route: EditorRouteName, query: Record<string, string> = {}) =>
  `${EDITOR_ROUTES[route].path}${Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : ''}`;

/**
 * Asks the server one of its routes, with the session's token: a JSON body for a POST, a query for either. What it
 * answers is the answer, a refusal in words included, on every route alike; only a failure is thrown.
 */
async function call<T>(
  route: EditorRouteName,
  body?: unknown,
  query?: Record<string, string>,
  sending: Sending = {},
): Promise<Answer<T>> {
  const { method } = EDITOR_ROUTES[route];
  const sends = method === 'POST';
  let response: Response;
  try {
    response = await fetch(addressOf(route, query), {
      method,
      headers: {
        [TOKEN_HEADER]: sessionToken(),
        [TAB_HEADER]: tab,
        ...(sends ? { 'content-type': 'application/json' } : {}),
        ...(sending.operation ? { [OPERATION_HEADER]: sending.operation } : {}),
      },
      body: sends ? JSON.stringify(body ?? {}) : undefined,
      signal: sending.signal,
    });
  } catch {
    throw new AnswerLost('The editor could not reach npm run edit.');
  }
  return answerOf<T>(response);
}

/**
 * The server's answer: a result, or a refusal in words (any status of a refusal, protocol/refusals.ts). Thrown: a
 * session the server does not know, its own failure (500), and an answer cut off on the way.
 */
async function answerOf<T>(response: Response): Promise<Answer<T>> {
  if (response.status === 401) throw new NoSession();
  // What comes back is the server's JSON, or no answer at all (a connection cut halfway).
  const answer = (await response.json().catch(() => {
    throw new AnswerLost("npm run edit's answer did not arrive whole.");
  })) as Answer<T> & { error?: string };
  if (!response.ok && !isRefusalStatus(response.status))
    throw new ServerFailed(answer.error ?? `The editor server answered ${response.status}.`);
  return answer;
}

/** The answer of a route that refuses nothing (the session, the schemas): words from it can only say it failed. */
async function unrefused<T extends object>(asked: Promise<Answer<T>>): Promise<T> {
  const answer = await asked;
  if (isRefusal(answer)) throw new ServerFailed(answer.error);
  return answer;
}

/**
 * Asks the server for the session's folder (session-folder.ts); the editor does it first, before it shows any media or
 * its preview.
 */
export async function openSession(): Promise<void> {
  setSessionFolder((await unrefused(call<{ sessionFolder: string }>('session'))).sessionFolder);
}

export const listFiles = () => call<{ groups: string[]; files: FileEntry[] }>('files');
/** Who removed a config file, as git's history of the site tells (nothing when it does not). */
export const whoRemoved = async (path: string) =>
  unlessRefused(await call<{ by?: string }>('removedBy', undefined, { path }))?.by;
export const openFile = (path: string) => call<OpenedFile>('file', undefined, { path });
export const loadSchemas = () => unrefused(call<Record<string, object>>('schemas'));
/** The checker's word on unsaved changes, or a check refused in words (a file gone meanwhile, the checker busy). */
export const checkChanges = (changes: Change[], showing?: string, focus?: (string | number)[]) =>
  call<CheckResult>('check', { changes, showing, focus });
export const saveChanges = (changes: Change[], attempt?: Attempt, signal?: AbortSignal) =>
  call<SaveResult>('save', { changes }, undefined, { signal, operation: attempt?.id });
/** A new page, influencer or project as an unsaved change to open, and how the file list shows its file. */
export const createEntry = (request: NewEntryRequest, changes: Change[]) =>
  call<NewEntryAnswer>('newEntry', { request, changes });
/** What Delete would remove, and the places that point to it; nothing is removed. */
export const planRemoval = (path: string) => call<RemovalPlan>('planRemoval', { removal: { path } });
/**
 * Deletes the file as planned (refused when it changed since), with its places removed or pointed elsewhere, in one
 * checked save; a removed influencer's old profile address shows the page `showInstead`, if given.
 */
export const removeFile = (
  plan: RemovalPlan,
  places: PlacesChoice,
  showInstead?: string,
  attempt?: Attempt,
  signal?: AbortSignal,
) =>
  call<RemovalAnswer>(
    'remove',
    { removal: { path: plan.path, version: plan.version, places, showInstead } },
    undefined,
    { signal, operation: attempt?.id },
  );

/** The media a field of a kind ("x-file-kind": image, photo, webm, mp4) can name; all of it without a kind. */
export const listMedia = (kind?: string) => call<{ files: MediaFile[] }>('media', undefined, kind ? { kind } : {});

/**
 * Uploads a file for a field of a kind, held until Save; the server checks what it really is and names it safely, or
 * refuses it in words.
 */
export async function uploadMedia(file: File, kind: string | undefined): Promise<Answer<MediaFile>> {
  const response = await fetch(addressOf('upload', { name: file.name, accept: kind ?? 'any' }), {
    method: EDITOR_ROUTES.upload.method,
    headers: { [TOKEN_HEADER]: sessionToken(), 'content-type': 'application/octet-stream' },
    body: file,
  });
  return answerOf<MediaFile>(response);
}

/** The uploads held for a save. */
export const heldUploads = () => call<{ uploads: HeldUpload[] }>('heldUploads');
/** A held upload given the name typed, or a refusal in words. */
export const renameHeldUpload = (src: string, name: string) => call<{ src: string }>('renameHeld', { src, name });
/** A held upload let go, or a refusal in words. */
export const removeHeldUpload = (src: string) => call<{ removed: string }>('removeHeld', { src });
/** Files in this copy of the site that Publish never sends and the editor did not put there. */
export const strayFiles = () => call<StrayFiles>('strays');

export const publishStatus = () => call<PublishStatus>('publishStatus');
export const publish = (request: PublishRequest, signal?: AbortSignal) =>
  call<PublishResult>('publish', request, undefined, { signal });
export const setIdentity = (name: string, email: string) => call<{ saved: true }>('publishIdentity', { name, email });
/** How a published commit stands on its way to the live site. */
export const siteBuild = (commit: string) => call<SiteBuild>('siteBuild', undefined, { commit });
/** Puts a saved file back as it is live (a new one is removed). */
export const discardChange = (path: string) => call<{ discarded: string }>('discard', { path });
/** Brings in teammates' published changes; `choices` answers the conflicts of an earlier try, by their ids. */
export const getLatest = (choices: Record<string, 'mine' | 'theirs'> = {}) => call<LatestResult>('latest', { choices });
let restarting = false;
/**
 * Whether the page is about to load again for a restart of the editor: its drafts are kept, so leaving needs no
 * question.
 */
export const isRestarting = () => restarting;

/**
 * Ends the editor's process, which its launcher starts again with the site's code as it is now; once the new one
 * answers, the page loads again (with its unsaved changes, kept in this tab).
 */
export async function restartEditor(): Promise<void> {
  await unrefused(call<{ restarting: true }>('restart'));
  for (;;) {
    await new Promise((resolve) => window.setTimeout(resolve, 500));
    // Until the process has ended, the old one may still answer; a new one answers the session with a new folder.
    const answer = await unrefused(call<{ sessionFolder: string }>('session')).catch(() => undefined);
    if (answer && answer.sessionFolder !== currentSessionFolder()) break;
  }
  restarting = true;
  window.location.reload();
}
export const loadHistory = () => call<{ entries: HistoryEntry[] }>('history');
/** Undoes a published change: all of it, or only the files named (one part of many published together). */
export const undoPublished = (commit: string, only?: string[], attempt?: Attempt, signal?: AbortSignal) =>
  call<PublishResult | LatestResult>('undo', { commit, only, attempt }, undefined, { signal });
/** What became of a save, Delete, publish or undo whose answer was lost, once nothing of it still runs. */
export const findOperation = (action: LostAction, attempt: Attempt) =>
  call<FoundOperation>('outcome', undefined, {
    action,
    id: attempt.id,
    earlier: (attempt.earlier ?? []).join(','),
  });
