/**
 * Opening and following files, a part of the editor's store (editor-store.ts): the site loaded with the drafts this
 * tab kept, a file opened in the form, the files read again after publishing, and the file list following where saves
 * go (the disk, or the drafts branch).
 */
import { sameJson } from '../../content/json-values.ts';
import { DraftKeeper, type DraftShelf } from '../model/drafts.ts';
import type { FileEntry, OpenedFile } from '../protocol/files.ts';
import { isRefusal, unlessRefused, type Answer } from '../protocol/publishing.ts';
import { sayingKept, withinDeadline } from './deadlines.ts';
import { isChanged, opened } from './file-history.ts';
import type { OpenFile } from './open-files.ts';
import { restoreDrafts } from './restored-drafts.ts';
import type { StoreCore } from './store-core.ts';
import { refusedInWords, restoredInWords } from './store-words.ts';

/** Where the store keeps the author's drafts: a shelf (the browser's IndexedDB, or memory) and this tab's name. */
export interface DraftPlace {
  readonly shelf: DraftShelf;
  readonly tab: () => Promise<string>;
}

export class FileOpening {
  // The file the author chose last, so an older file that opens late says nothing.
  #choosing?: string;
  #started = false;
  /** What the first check of the site waits for (the forms' code, on a slow connection), so the two do not compete. */
  #firstCheckAfter: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly core: StoreCore,
    /** Where drafts are kept: per account and per tab. */
    private readonly draftPlace: DraftPlace,
  ) {}

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
    this.core.set({ openFailed: false, status: 'Loading the site…' });
    try {
      const [list, schemas, account, tab] = await withinDeadline(
        Promise.all([
          this.core.backend.listFiles(),
          this.core.backend.loadSchemas(),
          this.core.backend.account(),
          this.draftPlace.tab(),
          this.core.backend.openSession(),
        ]),
        this.core.timing.deadlineMs,
      );
      if (isRefusal(list)) return this.#openFailed(refusedInWords('Could not open the site', list));
      this.core.drafts ??= new DraftKeeper(this.draftPlace.shelf, account.login, tab, this.core.say);
      const drafts = await restoreDrafts(this.core.drafts, list.files, this.core.backend, this.core.sentSaves);
      const restored = Object.keys(drafts.open);
      this.core.set({
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
      void this.core.backend.noticeAtStart().then(
        (notice) => notice && this.core.say(notice),
        () => undefined,
      );
      // The site as it is (with any restored changes), for the preview, and any problems it has: at once where drafts
      // came back, else once the forms' code is in.
      if (restored.length > 0) this.core.scheduleCheck(drafts.open, undefined);
      else
        void this.#firstCheckAfter.then(() => this.core.scheduleCheck(this.core.state.open, this.core.state.selected));
    } catch (failure) {
      this.#openFailed(this.core.backend.failureWords(failure as Error, 'Could not open the site'));
    }
  }

  /** The site could not be opened, in words: the page offers to try again, and the drafts wait. */
  #openFailed(words: string): void {
    this.#started = false;
    this.core.set({
      openFailed: true,
      status: `${words} Any unsaved changes are kept in this browser: they open again once the site does.`,
    });
  }

  /** Opens a file in the form (read from the site the first time), and the preview shows it. */
  readonly select = async (path: string): Promise<void> => {
    this.#choosing = path;
    if (path !== this.core.state.selected) this.core.check.forgetFocus();
    this.core.set({ selected: path, view: 'edit' });
    const { open } = this.core.state;
    if (open[path]) {
      this.core.scheduleCheck(open, path);
      return;
    }
    let base: Answer<OpenedFile>;
    try {
      base = await withinDeadline(this.core.backend.openFile(path), this.core.timing.deadlineMs);
    } catch (failure) {
      return this.#notOpened(path, this.core.backend.failureWords(failure as Error, `Could not open ${path}`));
    }
    if (isRefusal(base)) return this.#notOpened(path, refusedInWords(`Could not open ${path}`, base));
    const next = { ...this.core.state.open, [path]: opened(base) };
    this.core.set({ open: next });
    this.core.scheduleCheck(next, path);
    // A file chosen meanwhile speaks for itself: the line never names the one before it.
    if (this.#choosing === path)
      this.core.say(`Opened ${path}. Changes show in the preview as you type; Save writes them.`);
  };

  /** A file chosen that could not be opened, in words, unless another was chosen meanwhile. */
  #notOpened(path: string, words: string): void {
    if (this.#choosing !== path) return;
    this.core.set({ selected: undefined, view: 'files', status: `${words} Choose it again to try once more.` });
  }

  /**
   * After publishing, getting the latest or an undo: the file list and every open file without unsaved changes are
   * read again from where saves go (the disk, or the drafts branch). A file with unsaved changes keeps them, measured
   * against the version they were made to.
   */
  readonly reloadSaved = async (): Promise<void> => {
    let list: Answer<{ files: FileEntry[] }>;
    try {
      list = await withinDeadline(this.core.backend.listFiles(), this.core.timing.deadlineMs);
    } catch (failure) {
      this.core.say(sayingKept(this.core.backend.failureWords(failure as Error, 'Could not read the site again')));
      return;
    }
    if (isRefusal(list)) {
      this.core.say(sayingKept(refusedInWords('Could not read the site again', list)));
      return;
    }
    const next: Record<string, OpenFile> = {};
    for (const [path, file] of Object.entries(this.core.state.open)) {
      if (isChanged(file)) next[path] = file;
      else {
        const disk = await this.core.readBack(path);
        if (disk) next[path] = opened(disk);
      }
    }
    const { selected } = this.core.state;
    this.core.set({
      files: this.core.withUnsavedNew(list.files),
      open: next,
      selected: selected && next[selected] ? selected : undefined,
    });
    this.core.scheduleCheck(next, selected && next[selected] ? selected : undefined);
  };

  /**
   * The file list follows where saves go (the disk, or the drafts branch): a file added or removed by another program,
   * tab or device shows, or goes. An open file removed there closes, unless it holds unsaved changes (Save then shows
   * that it was deleted).
   */
  readonly followSaved = async (): Promise<void> => {
    const goneFrom = (list: { files: readonly FileEntry[] }) =>
      Object.entries(this.core.state.open).filter(
        ([path, file]) =>
          file.base.version !== null && !isChanged(file) && !list.files.some((listed) => listed.path === path),
      );
    const listed = () => this.core.backend.listFiles().then(unlessRefused, () => undefined);
    let list = await listed();
    // A list asked for before a save of this tab's was written lacks the file that save wrote, if it came back after:
    // what seems gone is asked about again, now that every save this tab has heard back from is on disk.
    if (list && goneFrom(list).length > 0) list = await listed();
    if (!list) return;
    const files = this.core.withUnsavedNew(list.files);
    if (!sameJson(files, this.core.state.files)) this.core.set({ files });
    const { open, selected } = this.core.state;
    const gone = goneFrom(list);
    if (gone.length === 0) return;
    const next = { ...open };
    for (const [path] of gone) delete next[path];
    const stillShown = selected && next[selected] ? selected : undefined;
    this.core.set({
      open: next,
      selected: stillShown,
      status: `${gone.map(([path]) => path).join(', ')} ${gone.length === 1 ? 'was' : 'were'} removed outside the editor.`,
    });
    this.core.scheduleCheck(next, stillShown);
  };
}
