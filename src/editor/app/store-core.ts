/**
 * What every part of the editor's store (editor-store.ts) works on: the page's one state, the site's backend, the
 * checker as the author types and the author's drafts, with the steps each action takes on them: check the open files
 * again, keep a file's draft, put a new version of an open file in place, and list the files with the unsaved new ones.
 */
import type { DraftKeeper } from '../model/drafts.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';
import type { CheckResult, FileEntry, Problem } from '../protocol/files.ts';
import { isRefusal, unlessRefused } from '../protocol/publishing.ts';
import type { Timing } from './deadlines.ts';
import type { EditorState } from './editor-state.ts';
import { isChanged } from './file-history.ts';
import { PreviewCheck } from './preview-check.ts';
import type { LostAnswers } from './lost-answers.ts';
import { changesOf, draftOf, type OpenFile } from './open-files.ts';
import { SentSaves } from './saving.ts';
import { statusAfterCheck } from './store-words.ts';

/** The store's state as its parts reach it: read, and changed field by field (each change redraws the page). */
export interface StateAccess {
  readonly state: () => EditorState;
  readonly set: (change: Partial<EditorState>) => void;
}

export class StoreCore {
  /** The checker's word on the unsaved text, as the author types. */
  readonly check: PreviewCheck;
  /** The author's drafts, once the site says who the author is. */
  drafts?: DraftKeeper;
  /** Saves sent whose answers never came, which each file's draft remembers. */
  readonly sentSaves = new SentSaves();

  constructor(
    private readonly access: StateAccess,
    /** What the page asks of the site it edits. */
    readonly backend: EditorBackend,
    /** How the store paces itself: the page's defaults, shorter in tests. */
    readonly timing: Timing,
    /** Every action of the page that writes is sent through it: one lost answer, one outcome (lost-answers.ts). */
    readonly lost: LostAnswers,
  ) {
    this.check = new PreviewCheck(backend, timing, { trouble: this.say, answer: this.#checkAnswered });
  }

  /** The state now. */
  get state(): EditorState {
    return this.access.state();
  }

  /** Changes the fields given, and redraws the page. */
  readonly set = (change: Partial<EditorState>): void => this.access.set(change);

  /** Puts `status` on the status line. */
  readonly say = (status: string): void => this.set({ status });

  /** The one validator judges the unsaved config as the author types, and its result redraws the preview. */
  scheduleCheck(open: Readonly<Record<string, OpenFile>>, showing: string | undefined): void {
    this.check.ask(changesOf(open), showing);
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
    const status = this.check.answered.current ? statusAfterCheck(this.state.status, errors) : this.state.status;
    this.set({ ...also, problems, status });
  }

  /** Keeps a file's draft as it is now: unsaved changes are kept, a file back as saved has none. */
  keepDraft(path: string, file: OpenFile): void {
    if (!isChanged(file)) return this.drafts?.forget(path);
    const entry =
      file.base.version === null ? this.state.files.find((candidate) => candidate.path === path) : undefined;
    const sentIn = this.sentSaves.attemptsFor(path);
    this.drafts?.keep(path, {
      ...draftOf(file),
      ...(entry ? { entry } : {}),
      ...(sentIn.length > 0 ? { attempts: sentIn } : {}),
    });
  }

  /** A new version of an open file: kept in the tab's storage while unsaved, and checked. */
  update(path: string, file: OpenFile, showing = this.state.selected): Record<string, OpenFile> {
    const next = { ...this.state.open, [path]: file };
    this.set({ open: next });
    this.keepDraft(path, file);
    this.scheduleCheck(next, showing);
    return next;
  }

  /** The listed files with the unsaved new ones this tab holds that the disk does not have yet. */
  withUnsavedNew(listed: readonly FileEntry[], open = this.state.open): FileEntry[] {
    const unsavedNew = this.state.files.filter(
      (file) => open[file.path]?.base.version === null && !listed.some((candidate) => candidate.path === file.path),
    );
    return [...listed, ...unsavedNew];
  }

  /** A file as it now stands, read back after an action whose answer was lost (undefined: not there). */
  readonly readBack = (path: string) => this.backend.openFile(path).then(unlessRefused, () => undefined);

  /** The file list read again after a save or a Delete (new files, new names); one that cannot be read now waits. */
  relist(open?: Readonly<Record<string, OpenFile>>): void {
    void this.backend.listFiles().then(
      (list) => !isRefusal(list) && this.set({ files: this.withUnsavedNew(list.files, open) }),
      () => undefined,
    );
  }
}
