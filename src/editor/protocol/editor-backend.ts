/**
 * What the editor's page asks of the site it edits, in one interface: its files and their schemas, the checker's word
 * on unsaved changes, saving, new entries and deleting, media, publishing, history and undo. The page's stores and
 * every component ask through it, never a server or an API themselves. Two implementations answer: npm run edit's
 * local server (app/local-backend.ts, over HTTP to server/editor-api.ts) and a git host's API from the browser for
 * the editor at /admin/ (model/hosted-backend.ts; GitHub's is github/github-backend.ts). What only one of them can
 * do is apart, in LocalAbilities.
 *
 * One rule for what goes wrong: a refusal in words (the catalogue's, protocol/refusals.ts, or an upload's) is the
 * action's answer, `Answer<T>` with `{ error, ...details }`, whichever backend and whatever its status; only failures
 * are thrown: an answer lost on the way (isAnswerLost), a sign-in that expired, or something nobody foresaw.
 */
import type { Attempt } from './attempt.ts';
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
  TakeOffRequest,
} from './files.ts';
import type {
  Answer,
  FoundOperation,
  LostAction,
  HistoryEntry,
  LatestResult,
  PublishRequest,
  PublishResult,
  PublishStatus,
  SiteBuild,
} from './publishing.ts';

/** The preview's frame: the origin its messages come from, its sandbox, and its address to open on a page. */
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
  previewFrame(): PreviewFrame;
  listFiles(): Promise<Answer<{ groups: string[]; files: FileEntry[] }>>;
  openFile(path: string): Promise<Answer<OpenedFile>>;
  /** The forms' schemas: those the editor was built with, never refused. */
  loadSchemas(): Promise<Record<string, object>>;
  checkChanges(changes: Change[], showing?: string, focus?: (string | number)[]): Promise<Answer<CheckResult>>;
  /**
   * Saves, checked with the whole site. `attempt` names this save and earlier tries whose answers never came, so a
   * save tried again recognises its own earlier commit rather than taking it for someone else's.
   */
  saveChanges(changes: Change[], attempt?: Attempt, signal?: AbortSignal): Promise<Answer<SaveResult>>;
  createEntry(request: NewEntryRequest, changes: Change[]): Promise<Answer<NewEntryAnswer>>;
  /** What Delete would remove, and the places that point to it; nothing is removed. */
  planRemoval(path: string): Promise<Answer<RemovalPlan>>;
  /**
   * Deletes the file as planned (refused when it changed since, with the plan as it is now), with its places removed
   * or pointed elsewhere, in one checked save; a removed influencer's old profile address shows the page `showInstead`,
   * if given.
   */
  removeFile(
    plan: RemovalPlan,
    places: PlacesChoice,
    showInstead?: string,
    attempt?: Attempt,
    signal?: AbortSignal,
  ): Promise<Answer<RemovalAnswer>>;
  /** The media a field of a kind (image, photo, webm, mp4) can name; all of it without a kind. */
  listMedia(kind?: string): Promise<Answer<{ files: MediaFile[] }>>;
  /** An upload for a field of a kind, checked for what it really is (refused in words) and held until a save names it. */
  uploadMedia(file: File, kind: string | undefined): Promise<Answer<MediaFile>>;
  /** Every upload held for the author until a save names it, oldest first (model/held-uploads.ts). */
  heldUploads(): Promise<Answer<{ uploads: HeldUpload[] }>>;
  /**
   * Gives a held upload the name the author typed (its ending may be left off), by the one rule of upload names and
   * never another file's: its new address, or a refusal in words.
   */
  renameHeldUpload(src: string, name: string): Promise<Answer<{ src: string }>>;
  /** Lets a held upload go: it never joins the site. */
  removeHeldUpload(src: string): Promise<Answer<{ removed: string }>>;
  /**
   * The stray files where the author's saves go: files their Publish would never send that the editor did not put
   * there (model/stray-files.ts), with who put each there where the history tells.
   */
  strayFiles(): Promise<Answer<StrayFiles>>;
  /**
   * Takes stray files off the author's drafts in one commit, made only on the drafts' head the list was made from
   * (refused in words when they moved), each put back as the live site has it. Where the author cannot
   * (canTakeOffStrays is false), refused in words that say who can.
   */
  takeOffDrafts(request: TakeOffRequest, signal?: AbortSignal): Promise<Answer<{ takenOff: readonly string[] }>>;
  /** Whether the author can take stray files off where their saves go (at /admin/, their drafts); else a developer must. */
  readonly canTakeOffStrays: boolean;
  publishStatus(): Promise<Answer<PublishStatus>>;
  /** What the site put right when it started, after stopping in the middle of something, in words; if anything. */
  noticeAtStart(): Promise<string | undefined>;
  /** Publishes exactly the list shown (`listId`), less what is left out; refused in words when it moved since. */
  publish(request: PublishRequest, signal?: AbortSignal): Promise<Answer<PublishResult>>;
  /** How a published commit stands on its way to the live site: what the live site holds, what the hosts said. */
  siteBuild(commit: string): Promise<Answer<SiteBuild>>;
  /** Whether siteBuild carries the hosts' reports (a review's deploy preview among them), not the live site alone. */
  readonly seesHostReports: boolean;
  /** Puts a saved file back as it is live (a new one is removed). */
  discardChange(path: string): Promise<Answer<{ discarded: string }>>;
  /** Brings in teammates' published changes; `choices` answers the conflicts of an earlier try, by their ids. */
  getLatest(choices?: Record<string, 'mine' | 'theirs'>): Promise<Answer<LatestResult>>;
  loadHistory(): Promise<Answer<{ entries: HistoryEntry[] }>>;
  /** Undoes a published change: all of it, or only the files named (one part of many published together). */
  undoPublished(
    commit: string,
    only?: string[],
    attempt?: Attempt,
    signal?: AbortSignal,
  ): Promise<Answer<PublishResult | LatestResult>>;
  /**
   * What became of an action whose answer never reached the page (a save or Delete: 'save'; a publish or an undo:
   * 'publish'), found by its operation id once nothing more of it can start (each action that writes takes a signal
   * that says the page stopped waiting: from then on, no step of it begins). A publish found is answered as published,
   * its drafts brought up to date with it.
   */
  findOperation(action: LostAction, attempt: Attempt): Promise<Answer<FoundOperation>>;
  /** Where saved files are, in words that follow "changed": "on disk", "in your saved drafts". */
  readonly savedWhere: string;
  /** A failure to reach the site in words, after `doing` ("Could not check your changes"), with what to try. */
  failureWords(failure: Error, doing: string): string;
  /** What only npm run edit can do, on the author's own computer; absent at /admin/. */
  readonly local?: LocalAbilities;
}

/**
 * What the editor can do only when it runs on the author's computer: git asks who they are before their first
 * publish (GitHub knows who signed in), and the editor runs the site's code, which it must restart to take in code
 * that Get latest brought (at /admin/, the code is the build's own).
 */
export interface LocalAbilities {
  /** The author's name and email for git, asked once when git has none. */
  setIdentity(name: string, email: string): Promise<Answer<{ saved: true }>>;
  /** Starts the editor again with the site's code as it is now, then loads the page again (drafts kept). */
  restart(): Promise<void>;
  /** Whether the page is about to load again for a restart: its drafts are kept, so leaving needs no question. */
  isRestarting(): boolean;
}

/**
 * Whether a failure leaves it unknown whether the action happened: no answer came in time, the connection dropped, or
 * what came back was not the server's answer (a network's sign-in page). Such failures carry `answerLost: true`; the
 * page then finds out by the action's id (EditorBackend.findOperation) before it says anything.
 */
export const isAnswerLost = (failure: unknown): boolean =>
  typeof failure === 'object' && failure !== null && (failure as { answerLost?: unknown }).answerLost === true;
