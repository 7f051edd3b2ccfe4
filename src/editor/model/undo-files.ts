/**
 * What undoing a published change writes: each file it changed, as it was before, or, for a JSON file changed since,
 * the later change kept and only the undone fields put back (json-merge.ts); and the files where a later change
 * touched the same field, which block it. Plain functions of the files' bytes, for either editor.
 */
import { nameOfFile } from './change-words.ts';
import { fieldInWords, sameBytes } from './file-merge.ts';
import { editJsonText, parseJson } from './json-edit.ts';
import { mergeJson } from './json-merge.ts';

/** A file a later change blocks the undo of: its name for the author, and each field in the way, in words. */
export interface BlockedFile {
  readonly path: string;
  readonly name: string;
  readonly fields: readonly string[];
}

export function undoneFiles(
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
export function blockedUndoInWords(blocked: readonly BlockedFile[], since: (path: string) => string): string {
  const later = blocked.flatMap((file) => file.fields.map((field) => `${file.name}: ${field}${since(file.path)}`));
  return `This change cannot be undone by itself: later changes were made to the same ${later.length === 1 ? 'field' : 'fields'} (${later.join('; ')}). Change ${later.length === 1 ? 'it' : 'them'} back in the editor instead.`;
}
