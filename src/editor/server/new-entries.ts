import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { siteFolders } from '../../checker/project-folders.ts';
import { readConfigFolder } from '../../checker/read-config-files.ts';
import { filesWithChanges, newEntryIn } from '../model/new-entries.ts';
import type { Change, NewEntryRequest } from '../protocol/files.ts';
import { versionOf } from './workspace.ts';

export { exampleOf } from '../model/new-entries.ts';

/** A new page, influencer or project of the site on the disk (model/new-entries.ts), with the unsaved changes. */
export function newEntry(
  siteDir: string,
  request: NewEntryRequest,
  changes: readonly Change[],
  schemas: Parameters<typeof newEntryIn>[3],
): Change {
  const config = siteFolders(siteDir).config;
  return newEntryIn(filesWithChanges(readConfigFolder(config).files, changes), request, changes, schemas, (path) => {
    const onDisk = join(config, path);
    return existsSync(onDisk) ? versionOf(readFileSync(onDisk, 'utf8')) : null;
  });
}
