/** Delete in the local editor: model/removal.ts on the site's files on the disk, checked by the one validator. */
import { existsSync } from 'node:fs';
import {
  removableFile,
  removalChanges as removalChangesOf,
  removalOf,
  removalPlanOf,
  type FileLookup,
} from '../model/removal.ts';
import type { Change, PlacesChoice, RemovalPlan } from '../protocol/files.ts';
import { resolveWritable } from './safe-path.ts';
import { checkChanges, readConfigFile } from './workspace.ts';

/** A config file on the disk, never through a link (safe-path.ts); undefined when there is none. */
const openOnDisk =
  (siteDir: string): FileLookup =>
  (path) =>
    existsSync(resolveWritable(siteDir, path, 'config')) ? readConfigFile(siteDir, path) : undefined;

/** What Delete would remove from the site on the disk, and the places that would then point to nothing. */
export function planRemovalOnDisk(siteDir: string, path: string): RemovalPlan {
  const open = openOnDisk(siteDir);
  const removal = removalOf(path, removableFile(open, path));
  return removalPlanOf(open, path, checkChanges(siteDir, []), checkChanges(siteDir, [removal]).problems);
}

/** The changes that delete the planned file and deal with the places that point to it, to save together. */
export const removalChanges = (
  siteDir: string,
  plan: RemovalPlan,
  choice: PlacesChoice,
  showInstead?: string,
): Change[] => removalChangesOf(openOnDisk(siteDir), plan, choice, showInstead);
