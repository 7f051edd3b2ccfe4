/** New entries on the disk: the editor's one rule (model/new-entries.ts) on the working copy (disk-store.ts). */
import { newEntryOn } from '../model/new-entries.ts';
import type { Change, NewEntryAnswer, NewEntryRequest } from '../protocol/files.ts';
import { DiskStore } from './disk-store.ts';

export { exampleOf } from '../model/new-entries.ts';

/**
 * A new page, influencer or project of the site on the disk, with the unsaved changes in place, and how the file list
 * shows it; nothing is written.
 */
export const newEntry = (
  siteDir: string,
  request: NewEntryRequest,
  changes: readonly Change[],
  schemas: Parameters<typeof newEntryOn>[3],
): Promise<NewEntryAnswer> => newEntryOn(new DiskStore(siteDir), request, changes, schemas);
