/**
 * The editor page's state in one store, and every change to it: opening, editing, undo and redo, the checker's
 * answers (an older one arriving late is dropped), saving, conflicts with the disk, new entries, deleting, and the
 * file list following the disk. Components read the state (useSyncExternalStore) and call these actions; they hold
 * no state of the editor themselves. What the store asks of the site goes through its backend (protocol/editor-backend.ts), and the
 * author's unsaved text is kept per account and tab until they save or discard it (model/drafts.ts). Every action
 * ends in words within its deadline (deadlines.ts).
 */
import { sameJson } from '../../content/json-values.ts';
import { configFileEntry } from '../model/config-file-entries.ts';
import { DraftKeeper, type AsideDraft, type Draft, type DraftShelf, type SentAttempt } from '../model/drafts.ts';
import { parseJson } from '../model/json-edit.ts';
import { fingerprintOf, newOperationId } from '../model/operations.ts';
import { AnsweredChecks } from './answered-checks.ts';
import { PAGE_TIMING, sayingKept, withinDeadline, type Timing } from './deadlines.ts';
import { PublishingStore } from './publishing-store.ts';
import { StateStore } from './state-store.ts';
import { canStep, current, edited, isChanged, opened, savedAs, stepped, type FileHistory } from './file-history.ts';
import type {
  Change,
  ChangedSince,
  FileEntry,
  NewEntryRequest,
  OpenedFile,
  PlacesChoice,
  PreviewAddress,
  PreviewPayload,
  Problem,
  RemovalPlan,
  SaveResult,
} from '../protocol/files.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';

/** An open file: what is on disk (version null for a file not written yet), and the author's versions, for undo. */
export type OpenFile = FileHistory<Omit<OpenedFile, 'version'> & { readonly version: string | null }>;

/** On a narrow screen the editor shows one of its parts at a time; on a wide one, all three side by side. */
export type View = 'files' | 'edit' | 'preview';

export interface EditorState {
  readonly files: readonly FileEntry[];
  readonly groups: readonly string[];
  readonly schemas: Readonly<Record<string, object>>;
  readonly open: Readonly<Record<string, OpenFile>>;
  readonly selected?: string;
  readonly find: string;
  readonly view: View;
  /** The checker's answer to the newest question it answered. */
  readonly problems: readonly Problem[];
  readonly status: string;
  readonly conflicts: readonly ChangedSince[];
  /** The site as the preview shows it; `behind` while the newest changes have errors and it shows the last valid one. */
  readonly preview: {
    readonly payload?: PreviewPayload;
    readonly addresses: readonly PreviewAddress[];
    readonly behind: boolean;
  };
  /** Unsaved texts set aside for the author to restore, copy or discard (a removed file's, a closed tab's). */
  readonly aside: readonly AsideDraft[];
  /** Whether the site could not be opened: the page offers to try again. */
  readonly openFailed: boolean;
}

const FIXED = 'The problems are fixed: Save writes your changes.';
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The unsaved changes among open files, as a save or a check sends them. */
export const changesOf = (open: Readonly<Record<string, OpenFile>>): Change[] =>
  Object.entries(open)
    .filter(([, file]) => isChanged(file))
    .map(([path, file]) => ({ path, data: current(file), baseVersion: file.base.version }));

/** The page before the site has answered: a new state for each store. */
const initialState = (): EditorState => ({
  files: [],
  groups: [],
  schemas: {},
  open: {},
  find: '',
  view: 'files',
  problems: [],
  status: 'Loading the site…',
  conflicts: [],
  preview: { addresses: [], behind: false },
  aside: [],
  openFailed: false,
});

/** Where the store keeps the author's drafts: a shelf (the browser's IndexedDB, or memory) and this tab's name. */
export interface DraftPlace {
  readonly shelf: DraftShelf;
  readonly tab: () => Promise<string>;
}

/** The files a save sent, by path: their data, to tell which version the save wrote. */
type Sent = ReadonlyMap<string, unknown>;

export class EditorStore extends StateStore<EditorState> {
  // One check runs at a time; changes made meanwhile are checked together as soon as it answers.
  #checking = false;
  #waiting?: { open: Readonly<Record<string, OpenFile>>; showing?: string; question: number };
  // The entry the author is in decides which page the preview shows first (in a list of influencers, their profile).
  #focus: (string | number)[] = [];
  readonly #answered = new AnsweredChecks();
  /** The author's drafts, once the site says who the author is. */
  #drafts?: DraftKeeper;
  // The file the author chose last, so an older file that opens late says nothing.
  #choosing?: string;
  /** Saves go one after another: a second Save waits for the first's answer, then sends what is unsaved then. */
  #saving: Promise<void> = Promise.resolve();
  /** Saves sent whose answers never came (a lost connection, a deadline): by id, the fingerprint of each file sent. */
  readonly #unanswered = new Map<string, ReadonlyMap<string, string>>();

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
    this.publishing = new PublishingStore(backend, { filesChanged: this.reloadFromDisk, say: this.say }, this.timing);
  }

  /** The publishing part of the page's state: the Publish, Get latest and History dialogs draw it. */
  readonly publishing: PublishingStore;

  /** Resolves once no check is running or waiting: for tests, and for whoever needs the checker's latest word. */
  async checked(): Promise<void> {
    while (this.#checking || this.#waiting) await new Promise((resolve) => setTimeout(resolve, 10));
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
      const drafts = await this.#restoreDrafts(this.#drafts, list.files);
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
        status: [
          restored.length > 0
            ? `Restored your unsaved changes to ${restored.join(', ')}${drafts.adopted > 0 ? ' (some from a tab you closed)' : ''}.`
            : drafts.unread.length + drafts.aside.length === 0
              ? 'Choose a file to edit.'
              : '',
          drafts.unread.length > 0
            ? `Could not open ${drafts.unread.join(', ')} to show your unsaved changes: they are kept in this browser, and open again when you reload.`
            : '',
          drafts.aside.length > 0
            ? `${plural(drafts.aside.length, 'unsaved text waits', 'unsaved texts wait')} for your choice, below.`
            : '',
        ]
          .filter(Boolean)
          .join(' '),
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

  /**
   * The drafts to open: this tab's (and what closed tabs left), each over the file as the site has it now, or as a new
   * file; a file the site no longer has sets its draft aside, saying who removed it. A file that cannot be read now
   * leaves its draft as it is, for the next time.
   */
  async #restoreDrafts(
    keeper: DraftKeeper,
    listed: readonly FileEntry[],
  ): Promise<{
    open: Record<string, OpenFile>;
    newFiles: FileEntry[];
    aside: AsideDraft[];
    adopted: number;
    unread: string[];
  }> {
    const sorted = await keeper.sort(new Set(listed.map((file) => file.path)), (path) => this.backend.whoRemoved(path));
    const open: Record<string, OpenFile> = {};
    const newFiles: FileEntry[] = [];
    const unread: string[] = [];
    for (const { path, draft } of sorted.open) {
      for (const { id, sent } of draft.attempts ?? [])
        this.#unanswered.set(id, new Map([...(this.#unanswered.get(id) ?? []), [path, sent]]));
      if (draft.baseVersion === null) {
        open[path] = opened({ path, text: '', version: null }, draft.data);
        const entry = draft.entry ?? configFileEntry(path, draft.data);
        if (entry) newFiles.push(entry);
        continue;
      }
      const disk = await this.backend.openFile(path).catch(() => undefined);
      if (!disk) {
        unread.push(path);
        continue;
      }
      // Still measured against the version the changes were made to, so a file changed meanwhile is never overwritten.
      open[path] = edited(opened({ ...disk, version: draft.baseVersion }), draft.data, 0);
    }
    return { open, newFiles, aside: [...sorted.aside], adopted: sorted.adopted, unread };
  }

  // The one validator judges the unsaved config as the author types, and its result redraws the preview.
  #scheduleCheck(open: Readonly<Record<string, OpenFile>>, showing: string | undefined): void {
    this.#waiting = { open, showing, question: this.#answered.ask() };
    if (this.#checking) return;
    this.#checking = true;
    void (async () => {
      // A few letters typed together are checked together.
      if (this.timing.checkDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.timing.checkDelayMs));
      while (this.#waiting) {
        const { open: from, showing: file, question } = this.#waiting;
        this.#waiting = undefined;
        const result = await withinDeadline(
          this.backend.checkChanges(changesOf(from), file, this.#focus),
          this.timing.deadlineMs,
        ).catch((failure: Error) => {
          this.say(sayingKept(this.backend.failureWords(failure, 'Could not check your changes')));
          return undefined;
        });
        // A check replaced by a newer one says nothing; the newer one answers.
        if (!result || result.superseded || !this.#answered.take(question)) continue;
        const { preview } = this.state;
        this.#showProblems(result.problems, {
          preview: result.preview
            ? { payload: result.preview, addresses: result.addresses ?? [], behind: false }
            : { ...preview, behind: true },
        });
      }
      this.#checking = false;
    })();
  }

  /**
   * The checker's problems, and the status line that goes with them: a refusal to save says so until the answer about
   * the newest text has no errors; the line never says the problems are fixed while that answer still has some.
   */
  #showProblems(problems: readonly Problem[], also: Partial<EditorState> = {}): void {
    let { status } = this.state;
    if (this.#answered.current) {
      const errors = problems.filter((problem) => problem.severity === 'error').length;
      if (errors === 0 && status.startsWith('Not saved:') && status.includes('fixing first')) status = FIXED;
      else if (errors > 0 && status === FIXED)
        status = `${plural(errors, 'problem needs', 'problems need')} fixing before Save: they are listed above.`;
    }
    this.set({ ...also, problems, status });
  }

  /** The author moved into a field: the preview follows the entry it belongs to. */
  readonly focusField = (at: readonly (string | number)[]): void => {
    const entry = at.slice(0, 2);
    if (sameJson(entry, this.#focus)) return;
    this.#focus = entry;
    this.#scheduleCheck(this.state.open, this.state.selected);
  };

  /** Opens a file in the form (read from the site the first time), and the preview shows it. */
  readonly select = async (path: string): Promise<void> => {
    this.#choosing = path;
    if (path !== this.state.selected) this.#focus = [];
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
    const sentIn = this.#attemptsFor(path);
    this.#drafts?.keep(path, {
      data: current(file),
      baseVersion: file.base.version,
      ...(entry ? { entry } : {}),
      ...(sentIn.length > 0 ? { attempts: sentIn } : {}),
    });
  }

  /** The saves whose answers never came that carried this file. */
  #attemptsFor(path: string): SentAttempt[] {
    return [...this.#unanswered].flatMap(([id, sent]) => (sent.has(path) ? [{ id, sent: sent.get(path)! }] : []));
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
    const question = this.#answered.newest;
    const id = newOperationId();
    const sent: Sent = new Map(pending.map((change) => [change.path, change.data]));
    const earlier = [...this.#unanswered.keys()];
    // Until an answer comes, the drafts know this save was sent: after a reload, a new try knows its commit.
    this.#unanswered.set(id, new Map(pending.map((change) => [change.path, fingerprintOf(change.data)])));
    for (const change of pending) {
      const file = this.state.open[change.path];
      if (file) this.#keepDraft(change.path, file);
    }
    let result: SaveResult;
    try {
      result = await withinDeadline(this.backend.saveChanges(pending, { id, earlier }), this.timing.deadlineMs);
    } catch (failure) {
      this.say(`${sayingKept(this.backend.failureWords(failure as Error, 'Not saved'))} Save again to try once more.`);
      return;
    }
    // Answered: this try and every earlier one it named are settled either way.
    const tried = [...this.#unanswered.values()];
    for (const settled of [id, ...earlier]) this.#unanswered.delete(settled);
    for (const change of pending) {
      const file = this.state.open[change.path];
      if (file) this.#keepDraft(change.path, file);
    }
    if (result.status === 'invalid') {
      const status = `Not saved: ${plural(result.problems.length, 'problem needs', 'problems need')} fixing first. Your changes are kept.`;
      if (this.#answered.take(question)) this.set({ problems: result.problems, status });
      else this.say(status);
      return;
    }
    if (result.status === 'conflict') return this.#conflicted(result.files, pending, sent, tried, again);
    this.#saved(result, sent);
  }

  /**
   * A save that found files changed since they were opened. Where the version there now is the author's own (an
   * earlier try whose answer was lost, or the very text being saved), it is no conflict: the save goes on from there,
   * once. The others are shown, both versions, for the author to choose.
   */
  async #conflicted(
    files: readonly ChangedSince[],
    pending: Change[],
    sent: Sent,
    tried: readonly ReadonlyMap<string, string>[],
    again: boolean,
  ): Promise<void> {
    const there = (conflict: ChangedSince) => (conflict.version === '' ? undefined : parseJson(conflict.text));
    // Already there as sent: saved, in effect.
    const arrived = files.filter((conflict) => {
      const data = there(conflict);
      return data !== undefined && sameJson(data, sent.get(conflict.path));
    });
    // There as an earlier try of the author's left it: the save goes on over it.
    const earlier = files.filter((conflict) => {
      const data = there(conflict);
      return (
        data !== undefined &&
        !arrived.includes(conflict) &&
        tried.some((fingerprints) => fingerprints.get(conflict.path) === fingerprintOf(data))
      );
    });
    if (again || arrived.length + earlier.length < files.length) {
      this.set({
        conflicts: files.filter((conflict) => !arrived.includes(conflict) && !earlier.includes(conflict)),
        status: `Not saved: a file changed ${this.backend.savedWhere} since you opened it. Compare the two versions below.`,
      });
      return;
    }
    const rest = pending
      .filter((change) => !arrived.some((conflict) => conflict.path === change.path))
      .map((change) => {
        const conflict = earlier.find((candidate) => candidate.path === change.path);
        return conflict ? { ...change, baseVersion: conflict.version } : change;
      });
    const arrivedFiles = arrived.map(({ path, text, version }) => ({ path, text, version }));
    if (rest.length === 0)
      return this.#saved({ status: 'saved', files: arrivedFiles, removed: [], noLongerUsed: [] }, sent);
    this.set({ open: this.#markSaved(arrivedFiles, sent) });
    return this.#save(rest, true);
  }

  /** A save that went through: each file's saved version is on record, and text typed since it was sent stays. */
  #saved(result: Extract<SaveResult, { status: 'saved' }>, sent: Sent): void {
    const next = this.#markSaved(result.files, sent);
    const savedWarnings = this.state.problems.filter(
      (problem) => problem.severity === 'warning' && result.files.some((file) => file.path === problem.file),
    );
    const typedSince = result.files.filter((file) => isChanged(next[file.path]!)).map((file) => file.path);
    const unused = result.noLongerUsed;
    this.set({
      open: next,
      conflicts: [],
      status: `Saved ${result.files.map((file) => file.path).join(', ')}.${
        savedWarnings.length > 0
          ? ` With ${plural(savedWarnings.length, 'warning', 'warnings')} to check, listed above.`
          : ''
      }${
        typedSince.length > 0 ? ` What you typed in ${typedSince.join(', ')} while it was saving is not saved yet.` : ''
      }${
        unused.length > 0
          ? ` ${unused.join(', ')} ${unused.length === 1 ? 'is' : 'are'} no longer used by any page: Publish offers to remove ${unused.length === 1 ? 'it' : 'them'}.`
          : ''
      }`,
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
   * read again. A file with unsaved changes keeps them, measured against the version they were made to.
   */
  readonly reloadFromDisk = async (): Promise<void> => {
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

  /** Deleted with the places that pointed to it: closed, out of the list, and the files it changed read again. */
  readonly deleted = (result: SaveResult & { status: 'saved' }, plan: RemovalPlan, places: PlacesChoice): void => {
    const next = { ...this.state.open };
    delete next[plan.path];
    this.#drafts?.forget(plan.path);
    const keptUnsaved: string[] = [];
    for (const saved of result.files) {
      const file = next[saved.path];
      if (file && isChanged(file)) keptUnsaved.push(saved.path);
      else if (file) next[saved.path] = opened(saved);
    }
    const pointed = plan.places.length;
    const names = [...new Set(plan.places.map((place) => place.fileName))].join(', ');
    const them = `The ${pointed === 1 ? 'place' : `${pointed} places`} that pointed to it (${names})`;
    this.set({
      open: next,
      selected: undefined,
      view: 'files',
      status: `Deleted ${plan.name}.${
        pointed === 0
          ? ''
          : places.action === 'repoint'
            ? ` ${them} now ${pointed === 1 ? 'points' : 'point'} to ${places.to}.`
            : ` ${them} ${pointed === 1 ? 'was' : 'were'} removed too.`
      }${keptUnsaved.length > 0 ? ` Your unsaved changes to ${keptUnsaved.join(', ')} are kept; Save shows them beside the new version.` : ''} Publish puts this online.`,
    });
    void this.backend.listFiles().then(
      (list) => this.set({ files: this.#withUnsavedNew(list.files, next) }),
      () => undefined,
    );
    this.#scheduleCheck(next, undefined);
  };

  /**
   * The file list follows the disk: a file added or removed by another program shows, or goes. An open file removed
   * there closes, unless it holds unsaved changes (Save then shows that it was deleted).
   */
  readonly followDisk = async (): Promise<void> => {
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

/** What is kept of an open file's unsaved changes. */
const draftOf = (file: OpenFile): Draft => ({ data: current(file), baseVersion: file.base.version });
