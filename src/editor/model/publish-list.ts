/**
 * What Publish sends, the same in both editors: the saved changes the dialog listed, less those the author left out
 * and new media nothing uses, and never a file outside the site's content (config/ and public/media/), whatever the
 * author's copy or drafts hold. The list is known by an id made of each change and the version of the author's bytes:
 * Publish goes only while the drafts still give the same list, so what goes live is exactly what the author was
 * shown. No Node API.
 */
import { inContent } from './content-files.ts';
import { fingerprintOf } from './operations.ts';

/** A saved change as the list shows it, with the id of the author's saved bytes (null: the file is removed). */
export interface ListedChange {
  readonly path: string;
  readonly change: 'added' | 'changed' | 'removed';
  readonly unused?: boolean;
  readonly version: string | null;
}

/** The id of a list of saved changes: equal for the same changes of the same saved bytes, in any order. */
export const listIdOf = (changes: readonly ListedChange[]): string =>
  fingerprintOf(
    changes
      .map((change) => [change.path, change.change, change.version, change.unused === true])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );

/** The changes a publish takes: those listed, but the ones left out, new media nothing uses, and anything outside. */
export const toPublish = <Change extends Omit<ListedChange, 'version'>>(
  changes: readonly Change[],
  leaveOut: Iterable<string>,
): Change[] => {
  const left = new Set(leaveOut);
  return changes.filter((change) => inContent(change.path) && !change.unused && !left.has(change.path));
};

/** The words of a Publish refused because the saved changes moved after the list was shown. */
export const LIST_MOVED =
  'Your saved changes changed after this list was made (a save from another tab or device?), so nothing was published. Look at the list again, then publish.';
