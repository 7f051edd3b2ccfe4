/**
 * The site's config files on the disk, as npm run edit lists, opens, checks and saves them: saving is the editor's one
 * rule (model/save.ts) on the working copy (git/disk-store.ts).
 */
import { siteFolders } from '../../checker/project-folders.ts';
import { readConfigFolder } from '../../checker/read-config-files.ts';
import { configFileEntriesOf } from '../model/config-file-entries.ts';
import { uploadsNamedIn } from '../model/held-uploads.ts';
import { refuseOddPaths, saveChanges, textsAfter, textsData } from '../model/save.ts';
import type { CheckedSite } from '../model/site-store.ts';
import type { Change, FileEntry, OpenedFile, SaveResult } from '../protocol/files.ts';
import { checkTexts, DiskState, DiskStore, versionOf } from '../git/disk-store.ts';
import { readPlainFile, resolveWritable } from '../git/safe-path.ts';

export { versionOf } from '../git/disk-store.ts';

/** Every config file the site reads, grouped by what it is for, in a stable order. */
export function listConfigFiles(siteDir: string): FileEntry[] {
  return configFileEntriesOf(readConfigFolder(siteFolders(siteDir).config).files);
}

export function readConfigFile(siteDir: string, path: string): OpenedFile {
  const text = readPlainFile(resolveWritable(siteDir, path, 'config'), path).toString('utf8');
  return { path, text, version: versionOf(text) };
}

/**
 * Saves the changes to the disk when every file is still at the version the author opened and the whole config is then
 * valid; nothing is written otherwise. The caller holds the lock on the site's files.
 */
export const saveConfigFiles = (siteDir: string, changes: readonly Change[]): Promise<SaveResult> =>
  saveChanges(new DiskStore(siteDir), changes);

/**
 * Checks unsaved changes with the rest of the site, as the one validator does, with the held uploads they name: one
 * nothing names (a name the checker refuses, held before names were checked) is not part of the site, as at /admin/.
 */
export function checkChanges(siteDir: string, changes: readonly Change[]): CheckedSite {
  refuseOddPaths(changes);
  const state = new DiskState(siteDir);
  const texts = textsAfter(state, changes);
  return checkTexts(siteDir, state, texts, uploadsNamedIn(textsData(texts), new DiskStore(siteDir).heldUploads()));
}
