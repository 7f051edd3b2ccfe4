/**
 * Editing, a part of the editor's store (editor-store.ts): the author's changes to an open file, Undo and Redo, the
 * checker following the field the author is in, and drafts set aside put back to work or dropped.
 */
import { configFileEntry } from '../model/config-file-entries.ts';
import type { AsideDraft } from '../model/drafts.ts';
import type { FileEntry, OpenedFile } from '../protocol/files.ts';
import { isRefusal, type Answer } from '../protocol/publishing.ts';
import { sayingKept, withinDeadline } from './deadlines.ts';
import { canStep, edited, isChanged, opened, stepped } from './file-history.ts';
import { draftOf, type OpenFile } from './open-files.ts';
import type { StoreCore } from './store-core.ts';
import { refusedInWords } from './store-words.ts';

export class FileEditing {
  constructor(private readonly core: StoreCore) {}

  /** The checker looks at the unsaved changes again: the site around them changed (an upload went). */
  readonly recheck = (): void => this.core.scheduleCheck(this.core.state.open, this.core.state.selected);

  /** The author moved into a field: the preview follows the entry it belongs to. */
  readonly focusField = (at: readonly (string | number)[]): void => {
    if (this.core.check.focusMoved(at)) this.core.scheduleCheck(this.core.state.open, this.core.state.selected);
  };

  /** The author changed an open file's data; typing in one box is one step of Undo per word or pause. */
  readonly edit = (path: string, data: unknown, now = performance.now()): void => {
    const file = this.core.state.open[path];
    if (!file) return;
    const next = edited(file, data, now);
    if (next !== file) this.core.update(path, next);
  };

  /** Undo (-1) or Redo (1) in the file shown. */
  readonly step = (by: -1 | 1): void => {
    const { selected, open } = this.core.state;
    const file = selected ? open[selected] : undefined;
    if (selected && file && canStep(file, by)) this.core.update(selected, stepped(file, by));
  };

  /**
   * A draft set aside, put back to work: a removed file's text as a new file of the same name, or a closed tab's text
   * in place of this tab's (which is set aside in its turn, so neither is lost).
   */
  readonly restoreAside = async (slot: string): Promise<void> => {
    const aside = this.core.state.aside.find((candidate) => candidate.slot === slot);
    if (!aside || !this.core.drafts) return;
    const { path, draft } = aside;
    const listed = this.core.state.files.some(
      (file) => file.path === path && this.core.state.open[path]?.base.version !== null,
    );
    let file: OpenFile;
    let entry: FileEntry | undefined;
    const kept: AsideDraft[] = this.core.state.aside.filter((candidate) => candidate.slot !== slot);
    if (!listed) {
      file = opened({ path, text: '', version: null }, draft.data);
      entry = draft.entry ?? configFileEntry(path, draft.data);
    } else {
      let disk: Answer<OpenedFile>;
      try {
        disk = await withinDeadline(this.core.backend.openFile(path), this.core.timing.deadlineMs);
      } catch (failure) {
        this.core.say(sayingKept(this.core.backend.failureWords(failure as Error, `Could not open ${path}`), 'below'));
        return;
      }
      if (isRefusal(disk)) {
        this.core.say(sayingKept(refusedInWords(`Could not open ${path}`, disk), 'below'));
        return;
      }
      const mine = this.core.state.open[path];
      if (mine && isChanged(mine)) kept.push(this.core.drafts.setAside(path, draftOf(mine), { kind: 'other-tab' }));
      file = edited(opened({ ...disk, version: draft.baseVersion }), draft.data, 0);
    }
    this.core.drafts.forgetAside(slot);
    const files = entry
      ? [...this.core.state.files.filter((candidate) => candidate.path !== path), entry]
      : this.core.state.files;
    this.core.set({ files, aside: kept, selected: path, view: 'edit' });
    this.core.update(path, file, path);
    this.core.say(`Your unsaved text for ${path} is open again: Save keeps it.`);
  };

  /** A draft set aside, dropped: the author chose to. */
  readonly discardAside = (slot: string): void => {
    const aside = this.core.state.aside.find((candidate) => candidate.slot === slot);
    if (!aside) return;
    this.core.drafts?.forgetAside(slot);
    this.core.set({
      aside: this.core.state.aside.filter((candidate) => candidate.slot !== slot),
      status: `Discarded the unsaved text for ${aside.path}.`,
    });
  };
}
