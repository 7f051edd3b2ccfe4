/**
 * The editor page's state in one store, and every action that changes it. Components read the state
 * (useSyncExternalStore) and call these actions; they hold no state of the editor themselves. The store is put
 * together from a part for each thing the author does, over one core (store-core.ts: the state, the backend, the
 * checker as the author types, the drafts kept): opening and following files (store-opening.ts), editing and drafts set
 * aside (store-editing.ts), saving and conflicts with the site (store-saving.ts), deleting (store-deleting.ts) and new
 * entries (store-new-entries.ts); publishing, held uploads and stray files have stores of their own beside it. Their
 * pieces live beside them: the state (editor-state.ts), the checker as the author types (preview-check.ts), saving's
 * steps (saving.ts), drafts brought back (restored-drafts.ts), and every sentence the status line says
 * (store-words.ts). What the store asks of the site goes through its backend (protocol/editor-backend.ts); the
 * author's unsaved text is kept per account and tab until they save or discard it (model/drafts.ts). Every action
 * ends in words within its deadline (deadlines.ts).
 */
import type { EditorBackend } from '../protocol/editor-backend.ts';
import { PAGE_TIMING, type Timing } from './deadlines.ts';
import { initialState, type EditorState, type View } from './editor-state.ts';
import { HeldUploadsStore } from './held-uploads-store.ts';
import { LostAnswers } from './lost-answers.ts';
import { PublishingStore } from './publishing-store.ts';
import { StateStore } from './state-store.ts';
import { StoreCore } from './store-core.ts';
import { FileDeleting } from './store-deleting.ts';
import { FileEditing } from './store-editing.ts';
import { NewEntries } from './store-new-entries.ts';
import { FileOpening, type DraftPlace } from './store-opening.ts';
import { FileSaving } from './store-saving.ts';
import { StrayFilesStore } from './stray-files-store.ts';

export type { DraftPlace } from './store-opening.ts';

export class EditorStore extends StateStore<EditorState> {
  readonly #core: StoreCore;
  readonly #opening: FileOpening;

  constructor(
    /** What the page asks of the site it edits; its components ask the same one (BackendContext). */
    readonly backend: EditorBackend,
    /** Where drafts are kept: per account and per tab. */
    draftPlace: DraftPlace,
    /** How it paces itself: the page's defaults, shorter in tests. */
    timing: Partial<Timing> = {},
  ) {
    super(initialState());
    const paced = { ...PAGE_TIMING, ...timing };
    this.lost = new LostAnswers(paced);
    const core = new StoreCore(
      { state: () => this.state, set: (change) => this.set(change) },
      backend,
      paced,
      this.lost,
    );
    this.#core = core;
    this.say = core.say;

    const opening = new FileOpening(core, draftPlace);
    this.#opening = opening;
    this.select = opening.select;
    this.reloadSaved = opening.reloadSaved;
    this.followSaved = opening.followSaved;

    const editing = new FileEditing(core);
    this.edit = editing.edit;
    this.step = editing.step;
    this.focusField = editing.focusField;
    this.recheck = editing.recheck;
    this.restoreAside = editing.restoreAside;
    this.discardAside = editing.discardAside;

    const saving = new FileSaving(core, () => (this.uploads.getState().uploads ?? []).map((upload) => upload.src));
    this.save = saving.save;
    this.keepMine = saving.keepMine;
    this.takeTheirs = saving.takeTheirs;

    const deleting = new FileDeleting(core);
    this.deleteFile = deleting.deleteFile;
    this.deleted = deleting.deleted;

    this.create = new NewEntries(core).create;

    this.publishing = new PublishingStore(backend, { filesChanged: this.reloadSaved, say: this.say }, paced, this.lost);
    this.uploads = new HeldUploadsStore(backend, this, paced);
    this.strays = new StrayFilesStore(backend, { editor: this, publishing: this.publishing }, paced, this.lost);
  }

  /** Every action of the page that writes is sent through it: one lost answer, one outcome (lost-answers.ts). */
  readonly lost: LostAnswers;

  /** The publishing part of the page's state: the Publish, Get latest and History dialogs draw it. */
  readonly publishing: PublishingStore;
  /** The uploads held for a save, with Rename and Remove: the media picker and the list of uploads waiting draw it. */
  readonly uploads: HeldUploadsStore;
  /** Files where saves go that Publish never sends and the editor did not put there, and taking them off. */
  readonly strays: StrayFilesStore;

  /** Resolves once no check is running or waiting: for tests, and for whoever needs the checker's latest word. */
  checked(): Promise<void> {
    return this.#core.check.settled();
  }

  /** Resolves once every draft asked to be kept is written: for tests. */
  async draftsKept(): Promise<void> {
    await this.#core.drafts?.settled();
  }

  /** Puts words on the status line. */
  readonly say: StoreCore['say'];
  readonly show = (view: View): void => this.set({ view });
  readonly findFiles = (find: string): void => this.set({ find });

  // Opening and following files (store-opening.ts).

  /** Holds the first check of the site until `ready` settles (the page's forms load first). */
  holdFirstCheckUntil(ready: Promise<unknown>): void {
    this.#opening.holdFirstCheckUntil(ready);
  }

  /** Loads the site and the drafts this tab kept; again after a failure. */
  start(): Promise<void> {
    return this.#opening.start();
  }

  readonly select: FileOpening['select'];
  readonly reloadSaved: FileOpening['reloadSaved'];
  readonly followSaved: FileOpening['followSaved'];

  // Editing and checking, and drafts set aside (store-editing.ts).
  readonly edit: FileEditing['edit'];
  readonly step: FileEditing['step'];
  readonly focusField: FileEditing['focusField'];
  readonly recheck: FileEditing['recheck'];
  readonly restoreAside: FileEditing['restoreAside'];
  readonly discardAside: FileEditing['discardAside'];

  // Saving, and files changed since they were opened (store-saving.ts).
  readonly save: FileSaving['save'];
  readonly keepMine: FileSaving['keepMine'];
  readonly takeTheirs: FileSaving['takeTheirs'];

  // Deleting (store-deleting.ts).
  readonly deleteFile: FileDeleting['deleteFile'];
  readonly deleted: FileDeleting['deleted'];

  // New entries (store-new-entries.ts).
  readonly create: NewEntries['create'];
}
