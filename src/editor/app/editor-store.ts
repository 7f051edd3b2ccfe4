/**
 * The editor page's state in one store, and every change to it: opening, editing, undo and redo, the checker's
 * answers (an older one arriving late is dropped), saving, conflicts with the disk, new entries, deleting, and the
 * file list following the disk. Components read the state (useSyncExternalStore) and call these actions; they hold
 * no state of the editor themselves. What the store asks of the site goes through its backend (backend.ts), and what
 * it keeps through a reload goes into the tab's storage.
 */
import { sameJson } from '../../content/json-values';
import { AnsweredChecks } from './answered-checks';
import type {
  Change,
  FileEntry,
  NewEntryRequest,
  OpenedFile,
  PlacesChoice,
  PreviewAddress,
  PreviewPayload,
  Problem,
  RemovalPlan,
  SaveResult,
} from './api';
import type { EditorBackend } from './backend';
import { PublishingStore } from './publishing-store';
import { StateStore } from './state-store';
import { TabDrafts } from './tab-drafts';
import {
  canStep,
  current,
  edited,
  isChanged,
  opened,
  savedAs,
  stepped,
  type OpenFile as History,
} from './file-history';

/** An open file: what is on disk (version null for a file not written yet), and the author's versions, for undo. */
export type OpenFile = History<Omit<OpenedFile, 'version'> & { readonly version: string | null }>;

/** On a narrow screen the editor shows one of its parts at a time; on a wide one, all three side by side. */
export type View = 'files' | 'edit' | 'preview';

/** A file whose save found it changed on disk: both versions, for the author to choose. */
export type Conflict = OpenedFile & { readonly yours: string };

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
  readonly conflicts: readonly Conflict[];
  /** The site as the preview shows it; `behind` while the newest changes have errors and it shows the last valid one. */
  readonly preview: {
    readonly payload?: PreviewPayload;
    readonly addresses: readonly PreviewAddress[];
    readonly behind: boolean;
  };
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
});

export class EditorStore extends StateStore<EditorState> {
  // One check runs at a time; changes made meanwhile are checked together as soon as it answers.
  #checking = false;
  #waiting?: { open: Readonly<Record<string, OpenFile>>; showing?: string; question: number };
  // The entry the author is in decides which page the preview shows first (in a list of influencers, their profile).
  #focus: (string | number)[] = [];
  readonly #answered = new AnsweredChecks();
  readonly #drafts: TabDrafts;
  // The file the author chose last, so an older file that opens late says nothing.
  #choosing?: string;

  constructor(
    /** What the page asks of the site it edits; its components ask the same one (BackendContext). */
    readonly backend: EditorBackend,
    storage: Storage,
    /** How long the store gathers keystrokes before it asks the checker; 0 in tests. */
    private readonly checkDelayMs = 60,
  ) {
    super(initialState());
    this.#drafts = new TabDrafts(storage);
    this.publishing = new PublishingStore(backend, { filesChanged: this.reloadFromDisk, say: this.say });
  }

  /** The publishing part of the page's state: the Publish, Get latest and History dialogs draw it. */
  readonly publishing: PublishingStore;

  /** Resolves once no check is running or waiting: for tests, and for whoever needs the checker's latest word. */
  async checked(): Promise<void> {
    while (this.#checking || this.#waiting) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  readonly say = (status: string): void => this.set({ status });
  readonly show = (view: View): void => this.set({ view });
  readonly findFiles = (find: string): void => this.set({ find });

  #started = false;

  /** Loads the site: its files, their schemas, and every draft this tab kept, opened again. Once. */
  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    try {
      const [list, schemas, drafts] = await Promise.all([
        this.backend.listFiles(),
        this.backend.loadSchemas(),
        this.#restoreDrafts(),
        this.backend.openSession(),
      ]);
      const restored = Object.keys(drafts.open);
      this.set({
        files: [
          ...list.files,
          ...drafts.newFiles.filter((entry) => !list.files.some((file) => file.path === entry.path)),
        ],
        groups: list.groups,
        schemas,
        open: drafts.open,
        status:
          restored.length > 0 ? `Restored your unsaved changes to ${restored.join(', ')}.` : 'Choose a file to edit.',
      });
      // What the editor put right when it started, after stopping in the middle of publishing, is said here.
      void this.backend.publishStatus().then(
        (publishing) => publishing.notice && this.say(publishing.notice),
        () => undefined,
      );
      // The site as it is (with any restored changes), for the preview, and any problems it has.
      this.#scheduleCheck(drafts.open, undefined);
    } catch (failure) {
      this.say(this.backend.failureWords(failure as Error, 'Could not open the site'));
    }
  }

  /** Every draft this tab kept, opened again: over the file on disk as it is now, or as a new file. */
  async #restoreDrafts(): Promise<{ open: Record<string, OpenFile>; newFiles: FileEntry[] }> {
    const open: Record<string, OpenFile> = {};
    const newFiles: FileEntry[] = [];
    for (const [path, draft] of this.#drafts.all()) {
      if (draft.entry) {
        open[path] = opened({ path, text: '', version: null }, draft.data);
        newFiles.push(draft.entry);
        continue;
      }
      const disk = await this.backend.openFile(path).catch(() => undefined);
      if (!disk) {
        this.#drafts.forget(path);
        continue;
      }
      // Still measured against the version the changes were made to, so a file changed meanwhile is never overwritten.
      open[path] = edited(opened({ ...disk, version: draft.baseVersion }), draft.data, 0);
    }
    return { open, newFiles };
  }

  // The one validator judges the unsaved config as the author types, and its result redraws the preview.
  #scheduleCheck(open: Readonly<Record<string, OpenFile>>, showing: string | undefined): void {
    this.#waiting = { open, showing, question: this.#answered.ask() };
    if (this.#checking) return;
    this.#checking = true;
    void (async () => {
      // A few letters typed together are checked together.
      if (this.checkDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.checkDelayMs));
      while (this.#waiting) {
        const { open: from, showing: file, question } = this.#waiting;
        this.#waiting = undefined;
        const result = await this.backend.checkChanges(changesOf(from), file, this.#focus).catch((failure: Error) => {
          this.say(
            `${this.backend.failureWords(failure, 'Could not check your changes')} Your changes are kept in this tab.`,
          );
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
      if (errors === 0 && status.startsWith('Not saved:') && !status.includes(`changed ${this.backend.savedWhere}`))
        status = FIXED;
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

  /** Opens a file in the form (read from disk the first time), and the preview shows it. */
  readonly select = async (path: string): Promise<void> => {
    this.#choosing = path;
    if (path !== this.state.selected) this.#focus = [];
    this.set({ selected: path, view: 'edit' });
    const { open } = this.state;
    if (open[path]) {
      this.#scheduleCheck(open, path);
      return;
    }
    const base = await this.backend.openFile(path);
    const next = { ...this.state.open, [path]: opened(base) };
    this.set({ open: next });
    this.#scheduleCheck(next, path);
    // A file chosen meanwhile speaks for itself: the line never names the one before it.
    if (this.#choosing === path) this.say(`Opened ${path}. Changes show in the preview as you type; Save writes them.`);
  };

  /** A new version of an open file: kept in the tab's storage while unsaved, and checked. */
  #update(path: string, file: OpenFile, showing = this.state.selected): Record<string, OpenFile> {
    const next = { ...this.state.open, [path]: file };
    this.set({ open: next });
    const entry =
      file.base.version === null ? this.state.files.find((candidate) => candidate.path === path) : undefined;
    if (isChanged(file)) this.#drafts.keep(path, { data: current(file), baseVersion: file.base.version, entry });
    else this.#drafts.forget(path);
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

  /** Saves every unsaved change (or `pending`), checked with the whole site; refused in words, never half-written. */
  readonly save = async (pending: Change[] = changesOf(this.state.open)): Promise<void> => {
    this.say('Saving…');
    const question = this.#answered.newest;
    const result = await this.backend.saveChanges(pending);
    if (result.status === 'invalid') {
      const status = `Not saved: ${plural(result.problems.length, 'problem needs', 'problems need')} fixing first. Your changes are kept.`;
      if (this.#answered.take(question)) this.set({ problems: result.problems, status });
      else this.say(status);
      return;
    }
    if (result.status === 'conflict') {
      this.set({
        conflicts: result.files,
        status: `Not saved: a file changed ${this.backend.savedWhere} since you opened it. Compare the two versions below.`,
      });
      return;
    }
    const next = { ...this.state.open };
    // Every step is kept: Undo goes on back past what was saved (and Save writes that).
    for (const saved of result.files) {
      const file = next[saved.path];
      next[saved.path] = file ? savedAs(file, saved) : opened(saved);
      this.#drafts.forget(saved.path);
    }
    const savedWarnings = this.state.problems.filter(
      (problem) => problem.severity === 'warning' && result.files.some((file) => file.path === problem.file),
    );
    const unused = result.noLongerUsed;
    this.set({
      open: next,
      conflicts: [],
      status: `Saved ${result.files.map((file) => file.path).join(', ')}.${
        savedWarnings.length > 0
          ? ` With ${plural(savedWarnings.length, 'warning', 'warnings')} to check, listed above.`
          : ''
      }${
        unused.length > 0
          ? ` ${unused.join(', ')} ${unused.length === 1 ? 'is' : 'are'} no longer used by any page: Publish offers to remove ${unused.length === 1 ? 'it' : 'them'}.`
          : ''
      }`,
    });
    // New files and new names (a page's address, an influencer's name) show in the list.
    void this.backend.listFiles().then((list) => this.set({ files: list.files }));
    this.#scheduleCheck(next, this.state.selected);
  };

  /**
   * A new page, influencer or project, opened as an unsaved change: a new file, or a list file with the entry added.
   * Says where the author starts: the path of the entry's first field in a list file, to focus.
   */
  readonly create = async (request: NewEntryRequest): Promise<(string | number)[] | undefined> => {
    const made = await this.backend.createEntry(request, changesOf(this.state.open));
    if (made.baseVersion === null) {
      // The list entry is stored with the draft, so the new file survives a reload before it is saved.
      this.#drafts.keep(made.path, { data: made.data, baseVersion: null, entry: made.file });
      const open = {
        ...this.state.open,
        [made.path]: opened({ path: made.path, text: '', version: null }, made.data),
      };
      this.set({ files: [...this.state.files.filter((file) => file.path !== made.path), made.file], open });
      this.#scheduleCheck(open, made.path);
    } else {
      const listFile = this.state.open[made.path] ?? opened(await this.backend.openFile(made.path));
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
    this.#drafts.forget(path);
    this.#update(path, opened(disk));
    this.set({ conflicts: this.state.conflicts.filter((conflict) => conflict.path !== path) });
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
    const list = await this.backend.listFiles();
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
    this.#drafts.forget(plan.path);
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
    void this.backend.listFiles().then((list) => this.set({ files: list.files }));
    this.#scheduleCheck(next, undefined);
  };

  /**
   * The file list follows the disk: a file added or removed by another program shows, or goes. An open file removed
   * there closes, unless it holds unsaved changes (Save then shows that it was deleted).
   */
  readonly followDisk = async (): Promise<void> => {
    const list = await this.backend.listFiles().catch(() => undefined);
    if (!list) return;
    const files = this.#withUnsavedNew(list.files);
    if (!sameJson(files, this.state.files)) this.set({ files });
    const { open, selected } = this.state;
    const gone = Object.entries(open).filter(
      ([path, file]) =>
        file.base.version !== null && !isChanged(file) && !list.files.some((listed) => listed.path === path),
    );
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
