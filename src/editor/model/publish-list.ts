/**
 * What Publish sends, the same in both editors: the saved changes the dialog listed, less those the author left out
 * and new media nothing uses, and never a file outside the site's content (config/ and public/media/), whatever the
 * author's copy or drafts hold. The list is known by an id made of each change and the version of the author's bytes:
 * Publish goes only while the drafts still give the same list, so what goes live is exactly what the author was
 * shown. No Node API.
 */
import type { SavedChange } from '../protocol/publishing.ts';
import { refuse, refusalWords } from '../protocol/refusals.ts';
import { describeFileChange, messageFor } from './change-words.ts';
import { inContent, isMedia } from './content-files.ts';
import { fingerprintOf } from './operations.ts';

/** A saved change as the list shows it, with the id of the author's saved bytes (null: the file is removed). */
export interface ListedChange {
  readonly path: string;
  readonly change: 'added' | 'changed' | 'removed';
  readonly unused?: boolean;
  readonly version: string | null;
}

/** The id of a list of saved changes: equal for the same changes of the same saved bytes, in any order. */
const listIdOf = (changes: readonly ListedChange[]): string =>
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

/**
 * A publish's commit message: what the author wrote, or, when they wrote nothing, what it takes in words (each change
 * published, each unused picture or video removed), at most 10,000 characters.
 */
export const publishMessage = (
  written: string | undefined,
  published: readonly Pick<SavedChange, 'words'>[],
  removals: readonly string[],
): string =>
  (
    written?.trim() ||
    messageFor([
      ...published.map((change) => change.words),
      ...removals.map((path) => describeFileChange(path, new Uint8Array(), undefined)),
    ])
  ).slice(0, 10_000);

/** Refuses a Publish whose list (by its id, PublishStatus.listId) is no longer what the saved changes give. */
export function assertListShown(listId: string, shown: string | undefined): void {
  if (shown !== undefined && shown !== listId) throw refuse('listMoved').with({ listMoved: true });
}

/**
 * What a Publish takes from the list as it now stands: the changes the author kept (toPublish), the unused media they
 * chose to remove, and the commit's message (publishMessage); refused when that is nothing at all.
 */
export function publishPlan(
  list: { readonly changes: readonly SavedChange[]; readonly unusedMedia: readonly string[] },
  request: {
    readonly leaveOut?: Iterable<string>;
    readonly removeMedia?: readonly string[];
    readonly message?: string;
  },
): { published: SavedChange[]; removals: string[]; message: string } {
  const published = toPublish(list.changes, request.leaveOut ?? []);
  const removals = (request.removeMedia ?? []).filter((path) => list.unusedMedia.includes(path));
  if (published.length === 0 && removals.length === 0) throw refuse('nothingToPublish');
  return { published, removals, message: publishMessage(request.message, published, removals) };
}

/** The words of a Publish refused because the saved changes moved after the list was shown. */
export const LIST_MOVED = refusalWords('listMoved');

/** A saved file of the site's content not yet live: its bytes live and saved (undefined: none there), and the id of
 * the saved bytes (null: removed). */
export interface UnpublishedFile {
  readonly path: string;
  readonly live: string | Uint8Array | undefined;
  readonly saved: string | Uint8Array | undefined;
  readonly version: string | null;
}

/**
 * The Publish list, the same from either editor: each saved file not yet live in words, new media that no saved
 * config file names (`named`: /media/… as the config names them) marked as not published, and the list's id.
 */
export function publishList(
  files: readonly UnpublishedFile[],
  named: ReadonlySet<string>,
): { changes: SavedChange[]; listed: ListedChange[]; listId: string } {
  const listed: ListedChange[] = [];
  const changes = files.map(({ path, live, saved, version }): SavedChange => {
    const change = live === undefined ? 'added' : saved === undefined ? 'removed' : 'changed';
    const unused = isMedia(path) && change === 'added' && !named.has(path.slice('public'.length));
    listed.push({ path, change, version, ...(unused ? { unused } : {}) });
    return {
      path,
      change,
      words: describeFileChange(path, live, saved) + (unused ? ' (nothing uses it yet, so it is not published)' : ''),
      ...(unused ? { unused } : {}),
    };
  });
  return { changes, listed, listId: listIdOf(listed) };
}

/**
 * Published pictures and videos (`published`: their paths, public/media/…) that no saved config file names any more,
 * which Publish offers to remove; a hidden file is never offered.
 */
export const unusedMediaOf = (published: Iterable<string>, named: ReadonlySet<string>): string[] =>
  [...published].filter(
    (path) => isMedia(path) && !named.has(path.slice('public'.length)) && !path.split('/').at(-1)!.startsWith('.'),
  );
