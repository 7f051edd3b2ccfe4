/**
 * What undoing a published change writes: each file it changed, as it was before, or, for a JSON file changed since,
 * the later change kept and only the undone fields put back (json-merge.ts); and the files where a later change
 * touched the same field, which block it. Plain functions of the files' bytes, for either editor.
 */
import { refuse, Refused, refusalWords } from '../protocol/refusals.ts';
import { describeFileChange, nameOfFile } from './change-words.ts';
import { inContent } from './content-files.ts';
import { fieldInWords, sameBytes } from './file-merge.ts';
import { editJsonText, parseJson } from './json-edit.ts';
import { mergeJson } from './json-merge.ts';
import { isObjectId } from './repository.ts';

/** A file a later change blocks the undo of: its name for the author, and each field in the way, in words. */
export interface BlockedFile {
  readonly path: string;
  readonly name: string;
  readonly fields: readonly string[];
}

function undoneFiles(
  paths: readonly string[],
  sides: {
    /** Each file as the change made it. */
    readonly made: ReadonlyMap<string, Uint8Array | undefined>;
    /** As it was before the change. */
    readonly old: ReadonlyMap<string, Uint8Array | undefined>;
    /** As it is now. */
    readonly now: ReadonlyMap<string, Uint8Array | undefined>;
  },
): { files: Map<string, Uint8Array | undefined>; blocked: BlockedFile[] } {
  const files = new Map<string, Uint8Array | undefined>();
  const blocked: BlockedFile[] = [];
  for (const path of paths) {
    const [mine, was, current] = [sides.made.get(path), sides.old.get(path), sides.now.get(path)];
    const name = nameOfFile(path, parseJson(current ?? mine ?? was));
    // Nothing changed it since (a file the change removed is still gone): it goes back as it was.
    const untouched = current === undefined ? mine === undefined : mine !== undefined && sameBytes(current, mine);
    if (untouched) files.set(path, was);
    else if (
      path.endsWith('.json') &&
      current !== undefined &&
      [mine, was, current].every((content) => content === undefined || parseJson(content) !== undefined)
    ) {
      const result = mergeJson(parseJson(mine), parseJson(current), parseJson(was));
      if (result.conflicts.length === 0)
        files.set(path, new TextEncoder().encode(editJsonText(new TextDecoder().decode(current), result.value)));
      else
        blocked.push({
          path,
          name,
          fields: result.conflicts.map((conflict) => fieldInWords(parseJson(current), conflict.path)),
        });
    } else blocked.push({ path, name, fields: [current === undefined ? 'removed since' : 'the whole file'] });
  }
  return { files, blocked };
}

/** The refusal of an undo that later changes block, in words; `since` says which later change touched a file. */
function blockedUndoInWords(blocked: readonly BlockedFile[], since: (path: string) => string): string {
  const later = blocked.flatMap((file) => file.fields.map((field) => `${file.name}: ${field}${since(file.path)}`));
  return refusalWords('undoBlocked', later.join('; '), later.length === 1 ? 'one' : 'many');
}

/** Which later change touched a file, in words that follow the field: ", in “Home page: heading changed”, by Kofi". */
export const laterChangeInWords = (subject: string, author: string): string =>
  `, in “${subject.slice(0, 120)}”, by ${author}`;

/** Refuses, in words, what cannot name a commit of the history (before anything asks git or the network). */
export function assertCommitId(commit: unknown): asserts commit is string {
  if (typeof commit !== 'string' || !isObjectId(commit)) throw refuse('notInHistory');
}

/** What Undo reads of the published history, from git on the disk or from GitHub's API. */
export interface HistoryReader {
  /** Whether `commit` is one of the changes the published branch, at `published`, holds. */
  holds(published: string, commit: string): Promise<boolean>;
  /** A commit's first parent; undefined for the site's first version. */
  parentOf(commit: string): Promise<string | undefined>;
  /** The paths a commit changed against its parent. */
  filesChanged(commit: string, parent: string): Promise<string[]>;
  /** Each path's bytes at a commit (undefined where it has no such file). */
  bytesAt(commit: string, paths: readonly string[]): Promise<Map<string, Uint8Array | undefined>>;
  /** The first line of a commit's message. */
  subjectOf(commit: string): Promise<string>;
  /** The newest change to `path` after `commit` up to `published`, in words: ", in “Home page: heading changed”, by Kofi". */
  laterChangeOf(commit: string, published: string, path: string): Promise<string>;
}

/** What undoing a published change would commit on top of the live site, with its message. */
export interface UndoPlan {
  readonly files: ReadonlyMap<string, Uint8Array | undefined>;
  /** The files undone. */
  readonly paths: readonly string[];
  /** The first line of its message: "Undo: Home page: heading changed". */
  readonly subject: string;
  readonly message: string;
  /** What the undo leaves as it is (the site's code the change also touched), in words; empty when nothing. */
  readonly kept: string;
}

/**
 * The files that undo `commit` on top of `published`, the same in both editors: each file it changed in config/ and
 * public/media/ (or only those in `only`) as it was before, or, for a JSON file changed since, the later change kept
 * and only the undone fields put back. Refused in words when a later change touched the same field, or `commit` is
 * not one of the site's changes.
 */
export async function planUndo(
  reader: HistoryReader,
  commit: unknown,
  only: unknown,
  published: string,
): Promise<UndoPlan> {
  assertCommitId(commit);
  if (!(await reader.holds(published, commit))) throw refuse('notPublished');
  const before = await reader.parentOf(commit);
  if (!before) throw refuse('firstVersion');
  const all = await reader.filesChanged(commit, before);
  const changed = all.filter(inContent);
  const part =
    only === undefined
      ? undefined
      : Array.isArray(only)
        ? only.filter((path): path is string => typeof path === 'string')
        : [];
  if (part && (part.length === 0 || part.some((path) => !changed.includes(path)))) throw refuse('notInChange');
  const paths = part ?? changed;
  const others = part ? [] : all.filter((path) => !inContent(path));

  const [made, old, now] = await Promise.all([
    reader.bytesAt(commit, paths),
    reader.bytesAt(before, paths),
    reader.bytesAt(published, paths),
  ]);
  const reverted = undoneFiles(paths, { made, old, now });
  if (reverted.blocked.length > 0) {
    const since = new Map<string, string>();
    for (const file of reverted.blocked) since.set(file.path, await reader.laterChangeOf(commit, published, file.path));
    throw new Refused(
      'undoBlocked',
      blockedUndoInWords(reverted.blocked, (path) => since.get(path) ?? ''),
    );
  }
  const whole = (await reader.subjectOf(commit)).slice(0, 200);
  // One part undone is named by its own words; the whole change by its message.
  const undone = part
    ? part
        .map((path) => describeFileChange(path, old.get(path), made.get(path)))
        .join('; ')
        .slice(0, 200)
    : whole;
  const kept =
    others.length > 0
      ? `Its changes to ${others.length === 1 ? 'one other file' : `${others.length} other files`} (${others.slice(0, 5).join(', ')}${others.length > 5 ? ', …' : ''}) stay as they are.`
      : '';
  const what = part ? `in ${part.join(', ')} (one part of “${whole}”)` : 'in config/ and public/media/';
  const subject = `Undo: ${undone}`;
  return {
    files: reverted.files,
    paths,
    subject,
    message: `${subject}\n\nThis undoes what ${commit} changed ${what}.${kept ? ` ${kept}` : ''}\n`,
    kept,
  };
}
