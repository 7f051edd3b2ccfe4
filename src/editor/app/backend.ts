/**
 * What the editor's page asks of the site it edits, in one interface: its files and their schemas, the checker's
 * word on unsaved changes, saving, new entries and deleting, media, publishing, history and undo. The store and every
 * component ask through it (components by `useBackend`), never the server itself. Two implementations answer: the
 * local server of npm run edit (`localBackend` here, through api.ts), and GitHub's API from the browser for the editor
 * at /admin/ (src/editor/github/github-backend.ts).
 */
import { createContext, useContext } from 'react';
import * as local from './api.ts';
import { originFromPage } from '../preview/messages.ts';
import { inSession } from './session-folder.ts';
import type { Attempt } from '../model/operations.ts';
import type {
  Answer,
  Change,
  CheckResult,
  FileEntry,
  HistoryEntry,
  LatestResult,
  MediaFile,
  NewEntryRequest,
  OpenedFile,
  PlacesChoice,
  PublishResult,
  PublishRequest,
  PublishStatus,
  RemovalPlan,
  SaveResult,
  SiteBuild,
} from './api.ts';

export interface PreviewFrame {
  readonly origin: string;
  readonly sandbox: string;
  address(path: string): string;
}

export interface EditorBackend {
  /** Starts the session: where the preview and the media are served. */
  openSession(): Promise<void>;
  /** Who edits: their drafts and uploads are kept apart from anyone else's who uses the same browser. */
  account(): Promise<{ login: string; name: string }>;
  /** Who removed a file the site no longer has, in words ("Kofi Boateng"), when the site's history tells. */
  whoRemoved(path: string): Promise<string | undefined>;
  /** Where a file of the site's public/ ("/media/hero.jpg") or a page of the preview ("/about") is served to the page. */
  addressOf(path: string): string;
  /** The preview's frame: the origin its messages come from, its sandbox, and its address to open on a page. */
  previewFrame(): PreviewFrame;
  listFiles(): Promise<{ groups: string[]; files: FileEntry[] }>;
  openFile(path: string): Promise<OpenedFile>;
  loadSchemas(): Promise<Record<string, object>>;
  checkChanges(changes: Change[], showing?: string, focus?: (string | number)[]): Promise<CheckResult>;
  /**
   * Saves, checked with the whole site. `attempt` names this save and earlier tries whose answers never came, so a
   * save tried again recognises its own earlier commit rather than taking it for someone else's.
   */
  saveChanges(changes: Change[], attempt?: Attempt): Promise<SaveResult>;
  createEntry(request: NewEntryRequest, changes: Change[]): Promise<Change & { file: FileEntry }>;
  /** What Delete would remove, and the places that point to it; nothing is removed. */
  planRemoval(path: string): Promise<RemovalPlan>;
  /** Deletes the file as planned, with its places removed or pointed elsewhere, in one checked save. */
  removeFile(
    plan: RemovalPlan,
    places: PlacesChoice,
    showInstead?: string,
  ): Promise<SaveResult | { status: 'changed'; plan: RemovalPlan; error: string }>;
  /** The media a field of a kind (image, photo, webm, mp4) can name; all of it without a kind. */
  listMedia(kind?: string): Promise<{ files: MediaFile[] }>;
  /** An upload for a field of a kind, checked for what it really is and held until a save names it. */
  uploadMedia(file: File, kind: string | undefined): Promise<MediaFile>;
  publishStatus(): Promise<PublishStatus>;
  /** What the site put right when it started, after stopping in the middle of something, in words; if anything. */
  noticeAtStart(): Promise<string | undefined>;
  /** Publishes exactly the list shown (`listId`), less what is left out; refused in words when it moved since. */
  publish(request: PublishRequest): Promise<Answer<PublishResult>>;
  setIdentity(name: string, email: string): Promise<Answer<{ saved: true }>>;
  /** How a published commit stands on its way to the live site: what the live site holds, what the hosts said. */
  siteBuild(commit: string): Promise<SiteBuild>;
  /** Whether siteBuild carries the hosts' reports (a review's deploy preview among them), not the live site alone. */
  readonly seesHostReports: boolean;
  /** Puts a saved file back as it is live (a new one is removed). */
  discardChange(path: string): Promise<Answer<{ discarded: string }>>;
  /** Brings in teammates' published changes; `choices` answers the conflicts of an earlier try, by their ids. */
  getLatest(choices?: Record<string, 'mine' | 'theirs'>): Promise<Answer<LatestResult>>;
  loadHistory(): Promise<{ entries: HistoryEntry[] }>;
  /** Undoes a published change: all of it, or only the files named (one part of many published together). */
  undoPublished(commit: string, only?: string[]): Promise<Answer<PublishResult | LatestResult>>;
  /** Starts the editor again with the site's code as it is now, then loads the page again (drafts kept). */
  restart(): Promise<void>;
  /** Whether the page is about to load again for a restart: its drafts are kept, so leaving needs no question. */
  isRestarting(): boolean;
  /** Where saved files are, in words that follow "changed": "on disk". */
  readonly savedWhere: string;
  /** A failure to reach the site in words, after `doing` ("Could not check your changes"), with what to try. */
  failureWords(failure: Error, doing: string): string;
}

/** The editor's own server, started by npm run edit on this computer. */
export const localBackend: EditorBackend = {
  openSession: local.openSession,
  // The person at this computer: npm run edit answers this machine alone.
  account: async () => ({ login: 'this-computer', name: '' }),
  whoRemoved: local.whoRemoved,
  addressOf: inSession,
  previewFrame: () => {
    // Its own origin (another port): nothing that runs in it can read the editor's page, token or drafts.
    const origin = originFromPage('preview-origin');
    return {
      origin,
      sandbox: 'allow-scripts allow-same-origin allow-forms allow-popups',
      address: (path) => `${origin}${inSession(path)}`,
    };
  },
  listFiles: local.listFiles,
  openFile: local.openFile,
  loadSchemas: local.loadSchemas,
  checkChanges: local.checkChanges,
  saveChanges: local.saveChanges,
  createEntry: local.createEntry,
  planRemoval: local.planRemoval,
  removeFile: local.removeFile,
  listMedia: local.listMedia,
  uploadMedia: local.uploadMedia,
  publishStatus: local.publishStatus,
  noticeAtStart: async () => (await local.publishStatus()).notice,
  publish: local.publish,
  setIdentity: local.setIdentity,
  siteBuild: local.siteBuild,
  // The hosts report to GitHub, which npm run edit does not ask: it reads the live site alone.
  seesHostReports: false,
  discardChange: local.discardChange,
  getLatest: local.getLatest,
  loadHistory: local.loadHistory,
  undoPublished: local.undoPublished,
  restart: local.restartEditor,
  isRestarting: local.isRestarting,
  savedWhere: 'on disk',
  failureWords: (failure, doing) =>
    failure instanceof local.NoSession
      ? failure.message
      : `${doing}: ${failure.message} Is npm run edit still running?`,
};

/** The backend the page's components ask: the one its store was made with (EditorApp provides it). */
export const BackendContext = createContext<EditorBackend>(localBackend);

export const useBackend = (): EditorBackend => useContext(BackendContext);
