/**
 * The editor page's state in one store, and every action that changes it: opening, editing, undo and redo, saving,
 * conflicts with the site, new entries, deleting, drafts set aside, and the file list following the site. Components
 * read the state (useSyncExternalStore) and call these actions; they hold no state of the editor themselves. Each
 * action is short and its parts live beside it: the state (editor-state.ts), the checker as the author types
 * (live-check.ts), saving's parts (saving.ts), drafts brought back (restored-drafts.ts), and every sentence the
 * status line says (store-words.ts). What the store asks of the site goes through its backend
 * (protocol/editor-backend.ts); the author's unsaved text is kept per account and tab until they save or discard it
 * (model/drafts.ts). Every action ends in words within its deadline (deadlines.ts).
 */
import { sameJson } from '../../content/json-values.ts';
import { configFileEntry } from '../model/config-file-entries.ts';
import { DraftKeeper, type AsideDraft, type DraftShelf } from '../model/drafts.ts';
import { PAGE_TIMING, sayingKept, withinDeadline, type Timing } from './deadlines.ts';
import { LostAnswers, type Outcome } from './lost-answers.ts';
import { newOperationId } from '../model/operations.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { LiveCheck } from './live-check.ts';
import { changesOf, draftOf, type OpenFile } from './open-files.ts';
import { initialState, type EditorState, type View } from './editor-state.ts';
import { PublishingStore } from './publishing-store.ts';
import { restoreDrafts } from './restored-drafts.ts';
import { afterConflict, landedFiles, SentSaves, type LandedSave, type Sent } from './saving.ts';
import {
  deletedInWords,
  notSavedInWords,
  notDeletedLostInWords,
  notSavedLostInWords,
  changedSinceLandedInWords,
  restoredInWords,
  savedInWords,
  statusAfterCheck,
} from './store-words.ts';
import { HeldUploadsStore } from './held-uploads-store.ts';
import { StrayFilesStore } from './stray-files-store.ts';
import { StateStore } from './state-store.ts';
import { canStep, edited, isChanged, opened, savedAs, stepped } from './file-history.ts';
import type {
  Change,
  ChangedSince,
  CheckResult,
  FileEntry,
  NewEntryRequest,
  OpenedFile,
  PlacesChoice,
  Problem,
  RemovalAnswer,
  RemovalPlan,
  SaveResult,
} from '../protocol/files.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';

/** Where the store keeps the author's drafts: a shelf (the browser's IndexedDB, or memory) and this tab's name. */
export interface DraftPlace {
  readonly shelf: DraftShelf;
  readonly tab: () => Promise<string>;
}

export class EditorStore extends StateStore<EditorState> {
  /** The checker's word on the unsaved text, as the author types. */
  readonly #check: LiveCheck;
  /** The author's drafts, once the site says who the author is. */
  #drafts?: DraftKeeper;
  // The file the author chose last, so an older file that opens late says nothing.
  #choosing?: string;
  /** Saves go one after another: a second Save waits for the first's answer, then sends what is unsaved then. */
  #saving: Promise<void> = Promise.resolve();
  readonly #sentSaves = new SentSaves();

  private readonly timing: Timing;

  constructor(
    /** What the page asks of the site it edits; its components ask the same one (BackendContext). */
    readonly backend: EditorBackend,
    /** Where drafts are kept: per account and per tab. */
    private readonly draftPlace: DraftPlace,
    /** How it paces itself: the page's defaults, shorter in tests. */
    timing: Partial<Timing> = {},
  ) {
    super(initialState());
    this.timing = { ...PAGE_TIMING, ...timing };
    this.#check = new LiveCheck(backend, this.timing, { trouble: this.say, answer: this.#checkAnswered });
    this.lost = new LostAnswers(this.timing);
    this.publishing = new PublishingStore(
      backend,
      { filesChanged: this.reloadSaved, say: this.say },
      this.timing,
      this.lost,
    );
    this.uploads = new HeldUploadsStore(backend, this, this.timing);
    this.strays = new StrayFilesStore(backend, { editor: this, publishing: this.publishing }, this.timing, this.lost);
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
    return this.#check.settled();
  }

  /** Resolves once every draft asked to be kept is written: for tests. */
  async draftsKept(): Promise<void> {
    await this.#drafts?.settled();
  }

  readonly say = (status: string): void => this.set({ status });
  readonly show = (view: View): void => this.set({ view });
  readonly findFiles = (find: string): void => this.set({ find });

  #started = false;
  /** What the first check of the site waits for (the forms' code, on a slow connection), so the two do not compete. */
  #firstCheckAfter: Promise<unknown> = Promise.resolve();

  /**
   * Holds the first check of the site (and the checker's code it loads) until `ready` settles: the page's forms load
   * first, so a file chosen at once opens sooner. A file chosen meanwhile is checked at once all the same.
   */
  holdFirstCheckUntil(ready: Promise<unknown>): void {
    this.#firstCheckAfter = ready.catch(() => undefined);
  }

  /**
   * Loads the site: its files, their schemas, and every draft this tab kept (or a closed tab left), opened again.
   * Once; again after a failure (the page offers to try again). A failure forgets nothing: the drafts wait.
   */
  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    this.set({ openFailed: false, status: 'Loading the site…' });
    try {
      const [list, schemas, account, tab] = await withinDeadline(
        Promise.all([
          this.backend.listFiles(),
          this.backend.loadSchemas(),
          this.backend.account(),
          this.draftPlace.tab(),
          this.backend.openSession(),
        ]),
        this.timing.deadlineMs,
      );
      this.#drafts ??= new DraftKeeper(this.draftPlace.shelf, account.login, tab, this.#draftTrouble);
      const drafts = await restoreDrafts(this.#drafts, list.files, this.backend, this.#sentSaves);
      const restored = Object.keys(drafts.open);
      this.set({
        files: [
          ...list.files,
          ...drafts.newFiles.filter((entry) => !list.files.some((file) => file.path === entry.path)),
        ],
        groups: list.groups,
        schemas,
        open: drafts.open,
        aside: drafts.aside,
        status: restoredInWords(drafts),
      });
      // What the editor put right when it started, after stopping in the middle of publishing, is said here.
      void this.backend.noticeAtStart().then(
        (notice) => notice && this.say(notice),
        () => undefined,
      );
      // The site as it is (with any restored changes), for the preview, and any problems it has: at once where drafts
      // came back, else once the forms' code is in.
      if (restored.length > 0) this.#scheduleCheck(drafts.open, undefined);
      else void this.#firstCheckAfter.then(() => this.#scheduleCheck(this.state.open, this.state.selected));
    } catch (failure) {
      this.#started = false;
      this.set({
        openFailed: true,
        status: `${this.backend.failureWords(failure as Error, 'Could not open the site')} Any unsaved changes are kept in this browser: they open again once the site does.`,
      });
    }
  }

  /** A draft the browser could not keep, in words: the text stays on screen. */
  readonly #draftTrouble = (words: string): void => this.say(words);

  // The one validator judges the unsaved config as the author types, and its result redraws the preview.
  #scheduleCheck(open: Readonly<Record<string, OpenFile>>, showing: string | undefined): void {
    this.#check.ask(changesOf(open), showing);
  }

  readonly #checkAnswered = (result: CheckResult): void => {
    const { preview } = this.state;
    this.#showProblems(result.problems, {
      preview: result.preview
        ? { payload: result.preview, addresses: result.addresses ?? [], behind: false }
        : { ...preview, behind: true },
    });
  };

  /**
   * The checker's problems, and the status line that goes with them: a refusal to save says so until the answer about
   * the newest text has no errors; the line never says the problems are fixed while that answer still has some.
   */
  #showProblems(problems: readonly Problem[], also: Partial<EditorState> = {}): void {
    const errors = problems.filter((problem) => problem.severity === 'error').length;
    const status = this.#check.answered.current ? statusAfterCheck(this.state.status, errors) : this.state.status;
    this.set({ ...also, problems, status });
  }

  /** The checker looks at the unsaved changes again: the site around them changed (an upload went). */
  readonly recheck = (): void => this.#scheduleCheck(this.state.open, this.state.selected);

  /** The author moved into a field: the preview follows the entry it belongs to. */
  readonly focusField = (at: readonly (string | number)[]): void => {
    if (this.#check.focusMoved(at)) this.#scheduleCheck(this.state.open, this.state.selected);
  };

  /** Opens a file in the form (read from the site the first time), and the preview shows it. */
  readonly select = async (path: string): Promise<void> => {
    this.#choosing = path;
    if (path !== this.state.selected) this.#check.forgetFocus();
    this.set({ selected: path, view: 'edit' });
    const { open } = this.state;
    if (open[path]) {
      this.#scheduleCheck(open, path);
      return;
    }
    let base: OpenedFile;
    try {
      base = await withinDeadline(this.backend.openFile(path), this.timing.deadlineMs);
    } catch (failure) {
      if (this.#choosing !== path) return;
      this.set({
        selected: undefined,
        view: 'files',
        status: `${this.backend.failureWords(failure as Error, `Could not open ${path}`)} Choose it again to try once more.`,
      });
      return;
    }
    const next = { ...this.state.open, [path]: opened(base) };
    this.set({ open: next });
    this.#scheduleCheck(next, path);
    // A file chosen meanwhile speaks for itself: the line never names the one before it.
    if (this.#choosing === path) this.say(`Opened ${path}. Changes show in the preview as you type; Save writes them.`);
  };

  /** Keeps a file's draft as it is now: unsaved changes are kept, a file back as saved has none. */
  #keepDraft(path: string, file: OpenFile): void {
    if (!isChanged(file)) return this.#drafts?.forget(path);
    const entry =
      file.base.version === null ? this.state.files.find((candidate) => candidate.path === path) : undefined;
    const sentIn = this.#sentSaves.attemptsFor(path);
    this.#drafts?.keep(path, {
      ...draftOf(file),
      ...(entry ? { entry } : {}),
      ...(sentIn.length > 0 ? { attempts: sentIn } : {}),
    });
  }

  /** A new version of an open file: kept in the tab's storage while unsaved, and checked. */
  #update(path: string, file: OpenFile, showing = this.state.selected): Record<string, OpenFile> {
    const next = { ...this.state.open, [path]: file };
    this.set({ open: next });
    this.#keepDraft(path, file);
    this.#scheduleCheck(next, showing);
    return next;
  }

  /** The author changed an open file's data; typing in one box is one step of Undo per word or pause. */
  readonly edit = (path: string, data: unknown, now = performance.now()): void => {
    const file = this.state.open[path];
    if (!file) return;
    const next = edited(file, data, now);
    if (next !== file) this.#update(path, next);
  };

  /** Undo (-1) or Redo (1) in the file shown. */
  readonly step = (by: -1 | 1): void => {
    const { selected, open } = this.state;
    const file = selected ? open[selected] : undefined;
    if (selected && file && canStep(file, by)) this.#update(selected, stepped(file, by));
  };

  /**
   * Saves every unsaved change (or `pending`), checked with the whole site; refused in words, never half-written. A
   * Save pressed while another is under way waits for it, then sends what is unsaved then. Every save ends in words:
   * saved, refused, or not answered (the changes are kept, and Save tries again, recognising its own earlier try).
   */
  readonly save = (pending?: Change[]): Promise<void> => {
    const run = this.#saving.then(() => this.#save(pending ?? changesOf(this.state.open)));
    this.#saving = run.catch(() => undefined);
    return run;
  };

  async #save(pending: Change[], again = false): Promise<void> {
    if (pending.length === 0) return;
    this.say('Saving…');
    const question = this.#check.answered.newest;
    const sent: Sent = new Map(pending.map((change) => [change.path, change.data]));
    // Until an answer comes, the drafts know this save was sent: after a reload, a new try knows its commit.
    const { id, earlier } = this.#sentSaves.send(pending);
    // This save answers for the earlier tries it names: their late landings are no longer watched for on their own.
    this.lost.settle(earlier);
    for (const change of pending) {
      const file = this.state.open[change.path];
      if (file) this.#keepDraft(change.path, file);
    }
    const attempt = { id, earlier };
    let outcome: Outcome<SaveResult, LandedSave>;
    try {
      outcome = await this.lost.send({
        attempt,
        send: (signal) => this.backend.saveChanges(pending, attempt, signal),
        find: () => this.backend.findOperation('save', attempt),
        // What it wrote, read back: the files as they now stand, taken as saved where they hold what it sent.
        readBack: async () =>
          landedFiles(pending, await Promise.all(pending.map((change) => this.#readBack(change.path))), sent),
        late: (landed) => this.#landedSave(landed, sent, attempt, 'late'),
      });
    } catch (failure) {
      this.say(`${sayingKept(this.backend.failureWords(failure as Error, 'Not saved'))} Save again to try once more.`);
      return;
    }
    if ('landed' in outcome) return this.#landedSave(outcome.landed, sent, attempt, 'found');
    if ('lost' in outcome) {
      this.say(notSavedLostInWords(this.backend.failureWords(outcome.lost, 'Not saved'), outcome.later));
      return;
    }
    const result = outcome.answered;
    const tried = this.#sentSaves.answered(id, earlier);
    this.lost.settle([id]);
    for (const change of pending) {
      const file = this.state.open[change.path];
      if (file) this.#keepDraft(change.path, file);
    }
    if (result.status === 'invalid') {
      const held = (this.uploads.getState().uploads ?? []).map((upload) => upload.src);
      const status = notSavedInWords(result.problems, this.backend.canTakeOffStrays, held);
      if (this.#check.answered.take(question)) this.set({ problems: result.problems, status });
      else this.say(status);
      return;
    }
    if (result.status === 'conflict') return this.#conflicted(result.files, pending, sent, tried, again);
    this.#saved(result, sent);
  }

  /** A file as it now stands, read back after an action whose answer was lost (undefined: not there). */
  #readBack = (path: string) => this.backend.openFile(path).catch(() => undefined);

  /**
   * A save found to have landed though its answer was lost: saved after all, said so; what was typed since stays
   * unsaved. Where a file reads otherwise now (another tab saved over it), nothing is taken as saved: the next Save
   * compares.
   */
  #landedSave(landed: LandedSave, sent: Sent, attempt: Attempt, when: 'found' | 'late'): void {
    this.#sentSaves.answered(attempt.id, attempt.earlier ?? []);
    if (!landed) {
      this.say(changedSinceLandedInWords());
      return;
    }
    this.#saved({ status: 'saved', ...landed, noLongerUsed: [] }, sent, when);
  }

  /** A save that found files changed since they were opened: shown, or saved on over the author's own versions. */
  async #conflicted(
    files: readonly ChangedSince[],
    pending: Change[],
    sent: Sent,
    tried: readonly ReadonlyMap<string, string>[],
    again: boolean,
  ): Promise<void> {
    const after = afterConflict(files, pending, sent, tried, again);
    if (after.next === 'show') {
      this.set({
        conflicts: after.conflicts,
        status: `Not saved: a file changed ${this.backend.savedWhere} since you opened it. Compare the two versions below.`,
      });
      return;
    }
    if (after.next === 'saved')
      return this.#saved({ status: 'saved', files: after.arrived, removed: [], noLongerUsed: [] }, sent);
    this.set({ open: this.#markSaved(after.arrived, sent) });
    return this.#save(after.rest, true);
  }

  /**
   * A save that went through: each file's saved version is on record, and text typed since it was sent stays. `afterAll`
   * says it went through although its answer was lost: found so at once, or late, after the editor said it had not.
   */
  #saved(result: Extract<SaveResult, { status: 'saved' }>, sent: Sent, afterAll?: 'found' | 'late'): void {
    const next = this.#markSaved(result.files, sent);
    const typedSince = result.files.filter((file) => isChanged(next[file.path]!)).map((file) => file.path);
    this.set({
      open: next,
      conflicts: [],
      status: savedInWords(result, this.state.problems, typedSince, afterAll),
    });
    // New files and new names (a page's address, an influencer's name) show in the list.
    void this.backend.listFiles().then(
      (list) => this.set({ files: this.#withUnsavedNew(list.files) }),
      () => undefined,
    );
    this.#scheduleCheck(next, this.state.selected);
  }

  /** The open files with these saved versions on record (their drafts kept or forgotten to match). */
  #markSaved(files: readonly OpenedFile[], sent: Sent): Record<string, OpenFile> {
    const next = { ...this.state.open };
    // Every step is kept: Undo goes on back past what was saved (and Save writes that).
    for (const saved of files) {
      const file = next[saved.path];
      next[saved.path] = file ? savedAs(file, saved, sent.get(saved.path)) : opened(saved);
      this.#keepDraft(saved.path, next[saved.path]!);
    }
    return next;
  }

  /**
   * A new page, influencer or project, opened as an unsaved change: a new file, or a list file with the entry added.
   * Says where the author starts: the path of the entry's first field in a list file, to focus.
   */
  readonly create = async (request: NewEntryRequest): Promise<(string | number)[] | undefined> => {
    const made = await withinDeadline(
      this.backend.createEntry(request, changesOf(this.state.open)),
      this.timing.deadlineMs,
    );
    if (made.baseVersion === null) {
      const open = {
        ...this.state.open,
        [made.path]: opened({ path: made.path, text: '', version: null }, made.data),
      };
      this.set({ files: [...this.state.files.filter((file) => file.path !== made.path), made.file], open });
      // The list entry is stored with the draft, so the new file survives a reload before it is saved.
      this.#keepDraft(made.path, open[made.path]!);
      this.#scheduleCheck(open, made.path);
    } else {
      const listFile =
        this.state.open[made.path] ??
        opened(await withinDeadline(this.backend.openFile(made.path), this.timing.deadlineMs));
      this.#update(made.path, edited(listFile, made.data, performance.now()), made.path);
    }
    const name = request.what === 'page' ? request.route : request.what === 'influencer' ? request.name : request.title;
    this.set({
      selected: made.path,
      view: 'edit',
      status: `${name} is ready to fill in: write in each empty box (it shows an example of what goes there), then Save.`,
    });
    // An entry added to a list file is at its end.
    const list = (made.data as Record<string, unknown>)[`${request.what}s`];
    if (made.baseVersion === null || !Array.isArray(list)) return undefined;
    return [`${request.what}s`, list.length - 1, request.what === 'influencer' ? 'name' : 'title'];
  };

  /** Keep mine: save again over the version now on disk. */
  readonly keepMine = (path: string): Promise<void> => {
    const disk = this.state.conflicts.find((conflict) => conflict.path === path)!;
    return this.save(
      changesOf(this.state.open).map((change) =>
        change.path === path ? { ...change, baseVersion: disk.version || null } : change,
      ),
    );
  };

  /** Take theirs: drop my changes to that file, for the version on disk. */
  readonly takeTheirs = (path: string): void => {
    const disk = this.state.conflicts.find((conflict) => conflict.path === path)!;
    this.#update(path, opened(disk));
    this.set({ conflicts: this.state.conflicts.filter((conflict) => conflict.path !== path) });
  };

  /**
   * A draft set aside, put back to work: a removed file's text as a new file of the same name, or a closed tab's text
   * in place of this tab's (which is set aside in its turn, so neither is lost).
   */
  readonly restoreAside = async (slot: string): Promise<void> => {
    const aside = this.state.aside.find((candidate) => candidate.slot === slot);
    if (!aside || !this.#drafts) return;
    const { path, draft } = aside;
    const listed = this.state.files.some((file) => file.path === path && this.state.open[path]?.base.version !== null);
    let file: OpenFile;
    let entry: FileEntry | undefined;
    const kept: AsideDraft[] = this.state.aside.filter((candidate) => candidate.slot !== slot);
    if (!listed) {
      file = opened({ path, text: '', version: null }, draft.data);
      entry = draft.entry ?? configFileEntry(path, draft.data);
    } else {
      let disk: OpenedFile;
      try {
        disk = await withinDeadline(this.backend.openFile(path), this.timing.deadlineMs);
      } catch (failure) {
        this.say(sayingKept(this.backend.failureWords(failure as Error, `Could not open ${path}`), 'below'));
        return;
      }
      const mine = this.state.open[path];
      if (mine && isChanged(mine)) kept.push(this.#drafts.setAside(path, draftOf(mine), { kind: 'other-tab' }));
      file = edited(opened({ ...disk, version: draft.baseVersion }), draft.data, 0);
    }
    this.#drafts.forgetAside(slot);
    const files = entry
      ? [...this.state.files.filter((candidate) => candidate.path !== path), entry]
      : this.state.files;
    this.set({ files, aside: kept, selected: path, view: 'edit' });
    this.#update(path, file, path);
    this.say(`Your unsaved text for ${path} is open again: Save keeps it.`);
  };

  /** A draft set aside, dropped: the author chose to. */
  readonly discardAside = (slot: string): void => {
    const aside = this.state.aside.find((candidate) => candidate.slot === slot);
    if (!aside) return;
    this.#drafts?.forgetAside(slot);
    this.set({
      aside: this.state.aside.filter((candidate) => candidate.slot !== slot),
      status: `Discarded the unsaved text for ${aside.path}.`,
    });
  };

  /** The listed files with the unsaved new ones this tab holds that the disk does not have yet. */
  #withUnsavedNew(listed: readonly FileEntry[], open = this.state.open): FileEntry[] {
    const unsavedNew = this.state.files.filter(
      (file) => open[file.path]?.base.version === null && !listed.some((candidate) => candidate.path === file.path),
    );
    return [...listed, ...unsavedNew];
  }

  /**
   * After publishing, getting the latest or an undo: the file list and every open file without unsaved changes are
   * read again from where saves go (the disk, or the drafts branch). A file with unsaved changes keeps them, measured against the version they were made to.
   */
  readonly reloadSaved = async (): Promise<void> => {
    let list: { files: FileEntry[] };
    try {
      list = await withinDeadline(this.backend.listFiles(), this.timing.deadlineMs);
    } catch (failure) {
      this.say(sayingKept(this.backend.failureWords(failure as Error, 'Could not read the site again')));
      return;
    }
    const next: Record<string, OpenFile> = {};
    for (const [path, file] of Object.entries(this.state.open)) {
      if (isChanged(file)) next[path] = file;
      else {
        const disk = await this.backend.openFile(path).catch(() => undefined);
        if (disk) next[path] = opened(disk);
      }
    }
    const { selected } = this.state;
    this.set({
      files: this.#withUnsavedNew(list.files),
      open: next,
      selected: selected && next[selected] ? selected : undefined,
    });
    this.#scheduleCheck(next, selected && next[selected] ? selected : undefined);
  };

  /**
   * Deletes a file as planned (DeleteDialog), its places dealt with, in one checked save. A Delete whose answer was
   * lost is looked up by its id before anything is said: deleted after all (`done`: closed and said here), or not
   * deleted in words, and then watched for a late landing, said when it comes. The dialog shows the other answers.
   */
  readonly deleteFile = async (
    plan: RemovalPlan,
    places: PlacesChoice,
    showInstead?: string,
  ): Promise<
    RemovalAnswer | { readonly status: 'done' } | { readonly status: 'not-deleted'; readonly error: string }
  > => {
    // A Delete chosen again settles the one before it: it is said by this one (which finds the file gone).
    this.lost.settle(this.#deletesOwed.splice(0));
    const attempt = { id: newOperationId() };
    let outcome: Outcome<RemovalAnswer, OpenedFile[]>;
    try {
      outcome = await this.lost.send({
        attempt,
        send: (signal) => this.backend.removeFile(plan, places, showInstead, attempt, signal),
        find: () => this.backend.findOperation('save', attempt),
        // The files whose places it changed, read back.
        readBack: async () =>
          (await Promise.all([...new Set(plan.places.map((place) => place.file))].map(this.#readBack))).filter(
            (file): file is OpenedFile => file !== undefined,
          ),
        late: (files) => this.#deletedAfterAll(files, plan, places, 'late'),
      });
    } catch (failure) {
      return { status: 'not-deleted', error: this.backend.failureWords(failure as Error, 'Not deleted') };
    }
    if ('answered' in outcome) {
      if (outcome.answered.status === 'saved') this.deleted(outcome.answered, plan, places);
      return outcome.answered;
    }
    if ('landed' in outcome) {
      this.#deletedAfterAll(outcome.landed, plan, places, 'found');
      return { status: 'done' };
    }
    if (outcome.later) this.#deletesOwed.push(attempt.id);
    return {
      status: 'not-deleted',
      error: notDeletedLostInWords(this.backend.failureWords(outcome.lost, 'Not deleted'), outcome.later),
    };
  };

  /** Deletes whose answers were lost that may still land, until the author chooses Delete again. */
  readonly #deletesOwed: string[] = [];

  /** A Delete found to have landed though its answer was lost: as any Delete that went through, said so. */
  #deletedAfterAll(files: OpenedFile[], plan: RemovalPlan, places: PlacesChoice, when: 'found' | 'late'): void {
    this.deleted({ status: 'saved', files, removed: [plan.path], noLongerUsed: [] }, plan, places, when);
  }

  /** Deleted with the places that pointed to it: closed, out of the list, and the files it changed read again. */
  readonly deleted = (
    result: SaveResult & { status: 'saved' },
    plan: RemovalPlan,
    places: PlacesChoice,
    afterAll?: 'found' | 'late',
  ): void => {
    const next = { ...this.state.open };
    delete next[plan.path];
    this.#drafts?.forget(plan.path);
    const keptUnsaved: string[] = [];
    for (const saved of result.files) {
      const file = next[saved.path];
      if (file && isChanged(file)) keptUnsaved.push(saved.path);
      else if (file) next[saved.path] = opened(saved);
    }
    this.set({
      open: next,
      selected: undefined,
      view: 'files',
      status: deletedInWords(plan, places, keptUnsaved, afterAll),
    });
    void this.backend.listFiles().then(
      (list) => this.set({ files: this.#withUnsavedNew(list.files, next) }),
      () => undefined,
    );
    this.#scheduleCheck(next, undefined);
  };

  /**
   * The file list follows where saves go (the disk, or the drafts branch): a file added or removed by another program,
   * tab or device shows, or goes. An open file removed there closes, unless it holds unsaved changes (Save then shows
   * that it was deleted).
   */
  readonly followSaved = async (): Promise<void> => {
    const goneFrom = (list: { files: readonly FileEntry[] }) =>
      Object.entries(this.state.open).filter(
        ([path, file]) =>
          file.base.version !== null && !isChanged(file) && !list.files.some((listed) => listed.path === path),
      );
    let list = await this.backend.listFiles().catch(() => undefined);
    // A list asked for before a save of this tab's was written lacks the file that save wrote, if it came back after:
    // what seems gone is asked about again, now that every save this tab has heard back from is on disk.
    if (list && goneFrom(list).length > 0) list = await this.backend.listFiles().catch(() => undefined);
    if (!list) return;
    const files = this.#withUnsavedNew(list.files);
    if (!sameJson(files, this.state.files)) this.set({ files });
    const { open, selected } = this.state;
    const gone = goneFrom(list);
    if (gone.length === 0) return;
    const next = { ...open };
    for (const [path] of gone) delete next[path];
    const stillShown = selected && next[selected] ? selected : undefined;
    this.set({
      open: next,
      selected: stillShown,
      status: `${gone.map(([path]) => path).join(', ')} ${gone.length === 1 ? 'was' : 'were'} removed outside the editor.`,
    });
    this.#scheduleCheck(next, stillShown);
  };
}
