/** Delete in the local editor: model/removal.ts on the site's files on the disk, checked by the one validator. */
import { existsSync } from 'node:fs';
import {
  planRemoval as planRemovalOf,
  removableFile,
  removalChanges as removalChangesOf,
  removalOf,
  type OpenFile,
  type PlacesChoice,
  type RemovalPlan,
} from '../model/removal.ts';
import { resolveWritable } from './safe-path.ts';
import { checkChanges, readConfigFile, type FileChange } from './workspace.ts';

export type { PlacesChoice, RemovalPlace, RemovalPlan } from '../model/removal.ts';

/** A config file on the disk, never through a link (safe-path.ts); undefined when there is none. */
const openOnDisk =
  (siteDir: string): OpenFile =>
  (path) =>
    existsSync(resolveWritable(siteDir, path, 'config')) ? readConfigFile(siteDir, path) : undefined;

/** What Delete would remove, and the places that would then point to nothing. */
export function planRemoval(siteDir: string, path: string): RemovalPlan {
  const open = openOnDisk(siteDir);
  const removal = removalOf(path, removableFile(open, path));
  return planRemovalOf(open, path, checkChanges(siteDir, []), checkChanges(siteDir, [removal]).problems);
}

/** The changes that delete the planned file and deal with the places that point to it, to save together. */
export const removalChanges = (
  siteDir: string,
  plan: RemovalPlan,
  choice: PlacesChoice,
  showInstead?: string,
): FileChange[] => removalChangesOf(openOnDisk(siteDir), plan, choice, showInstead);
