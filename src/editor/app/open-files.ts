/** The files the editor's page has open, and what of them a save, a check or a kept draft takes. */
import type { Draft } from '../model/drafts.ts';
import type { Change, OpenedFile } from '../protocol/files.ts';
import { current, isChanged, type FileHistory } from './file-history.ts';

/** An open file: what is on disk (version null for a file not written yet), and the author's versions, for undo. */
export type OpenFile = FileHistory<Omit<OpenedFile, 'version'> & { readonly version: string | null }>;

/** The unsaved changes among open files, as a save or a check sends them. */
export const changesOf = (open: Readonly<Record<string, OpenFile>>): Change[] =>
  Object.entries(open)
    .filter(([, file]) => isChanged(file))
    .map(([path, file]) => ({ path, data: current(file), baseVersion: file.base.version }));

/** What is kept of an open file's unsaved changes. */
export const draftOf = (file: OpenFile): Draft => ({ data: current(file), baseVersion: file.base.version });
