/**
 * The author's unsaved text brought back when the editor's page opens: this tab's drafts (and what closed tabs left),
 * each over the file as the site has it now, or as a new file; a file the site no longer has sets its draft aside,
 * saying who removed it. A file that cannot be read now leaves its draft as it is, for the next time.
 */
import { configFileEntry } from '../model/config-file-entries.ts';
import type { AsideDraft, DraftKeeper } from '../model/drafts.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';
import type { FileEntry } from '../protocol/files.ts';
import { unlessRefused } from '../protocol/publishing.ts';
import { edited, opened } from './file-history.ts';
import type { OpenFile } from './open-files.ts';
import type { SentSaves } from './saving.ts';

export interface RestoredDrafts {
  readonly open: Record<string, OpenFile>;
  /** New files the site does not have yet, for the file list. */
  readonly newFiles: FileEntry[];
  readonly aside: AsideDraft[];
  /** How many came from a tab that was closed. */
  readonly adopted: number;
  /** Files that could not be read now: their drafts wait. */
  readonly unread: string[];
}

export async function restoreDrafts(
  keeper: DraftKeeper,
  listed: readonly FileEntry[],
  backend: EditorBackend,
  sentSaves: SentSaves,
): Promise<RestoredDrafts> {
  const sorted = await keeper.sort(new Set(listed.map((file) => file.path)), (path) => backend.whoRemoved(path));
  const open: Record<string, OpenFile> = {};
  const newFiles: FileEntry[] = [];
  const unread: string[] = [];
  for (const { path, draft } of sorted.open) {
    sentSaves.restore(path, draft.attempts ?? []);
    if (draft.baseVersion === null) {
      open[path] = opened({ path, text: '', version: null }, draft.data);
      const entry = draft.entry ?? configFileEntry(path, draft.data);
      if (entry) newFiles.push(entry);
      continue;
    }
    const disk = await backend.openFile(path).then(unlessRefused, () => undefined);
    if (!disk) {
      unread.push(path);
      continue;
    }
    // Still measured against the version the changes were made to, so a file changed meanwhile is never overwritten.
    open[path] = edited(opened({ ...disk, version: draft.baseVersion }), draft.data, 0);
  }
  return { open, newFiles, aside: [...sorted.aside], adopted: sorted.adopted, unread };
}
