/**
 * Files both the author and a teammate changed, merged field by field (json-merge.ts), with what is left for the
 * author to choose said in words. Plain functions of the files' bytes: the local editor's Get latest and publishing
 * to a git host from the browser use the same.
 */
import { readablePath } from '../../checker/json-source.ts';
import type { Conflict } from '../protocol/publishing.ts';
import { nameOfFile } from './change-words.ts';
import { editJsonText, parseJson } from './json-edit.ts';
import { mergeJson, type Choice, type JsonPath } from './json-merge.ts';
import { isMedia } from './content-files.ts';

/** The author's choice for each conflict, by its id: whose value stays. */
export type Choices = Readonly<Record<string, Choice>>;

/** A value as the author sees it in a conflict: text as written, anything else briefly. */
export function shownValue(value: unknown): string {
  if (value === undefined) return '(removed)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 240 ? `${text.slice(0, 239)}…` : text;
}

/** A field's place in words, as the checker names it: "sections 1 (video-hero).heading". */
export const fieldInWords = (data: unknown, path: JsonPath) =>
  path.length === 0 ? 'the whole file' : readablePath(data, path);

/** Whether two files hold the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

/** A file's value in a conflict, in words: media are named, not shown. */
function fileInWords(path: string, content: Uint8Array | undefined, whose: 'your' | "your teammate's"): string {
  if (content === undefined) return '(removed)';
  if (isMedia(path)) return `${whose} version of the file`;
  return shownValue(parseJson(content) ?? new TextDecoder().decode(content));
}

/**
 * Each file both sides changed, merged: the author's and the teammate's changes together where they touched
 * different fields, the chosen value where `choices` says, and the conflicts that are left. Undefined is a file that
 * is not there (removed, or not made yet).
 */
export function mergeFiles(
  paths: readonly string[],
  sides: {
    readonly base: ReadonlyMap<string, Uint8Array | undefined>;
    readonly mine: ReadonlyMap<string, Uint8Array | undefined>;
    readonly theirs: ReadonlyMap<string, Uint8Array | undefined>;
  },
  choices: Choices,
): { merged: Map<string, Uint8Array | undefined>; conflicts: Conflict[] } {
  const merged = new Map<string, Uint8Array | undefined>();
  const conflicts: Conflict[] = [];
  for (const path of paths) {
    const [base, theirs, mine] = [sides.base.get(path), sides.theirs.get(path), sides.mine.get(path)];
    const fileName = nameOfFile(path, parseJson(mine ?? theirs ?? base));
    const mergeable =
      path.endsWith('.json') &&
      path.startsWith('config/') &&
      mine !== undefined &&
      theirs !== undefined &&
      parseJson(mine) !== undefined &&
      parseJson(theirs) !== undefined &&
      (base === undefined || parseJson(base) !== undefined);
    if (mine !== undefined && theirs !== undefined && sameBytes(mine, theirs)) merged.set(path, mine);
    else if (mergeable) {
      const mineData = parseJson(mine);
      const result = mergeJson(
        parseJson(base),
        mineData,
        parseJson(theirs),
        (jsonPath) => choices[`${path}#${JSON.stringify(jsonPath)}`],
      );
      for (const conflict of result.conflicts)
        conflicts.push({
          id: `${path}#${JSON.stringify(conflict.path)}`,
          file: path,
          fileName,
          field: fieldInWords(mineData, conflict.path),
          mine: shownValue(conflict.mine),
          theirs: shownValue(conflict.theirs),
          ...(conflict.base === undefined ? {} : { before: shownValue(conflict.base) }),
        });
      merged.set(path, new TextEncoder().encode(editJsonText(new TextDecoder().decode(mine), result.value)));
    } else {
      const id = `${path}#file`;
      if (choices[id] === 'theirs') merged.set(path, theirs);
      else if (choices[id] === 'mine') merged.set(path, mine);
      else
        conflicts.push({
          id,
          file: path,
          fileName,
          field: 'the whole file',
          mine: fileInWords(path, mine, 'your'),
          theirs: fileInWords(path, theirs, "your teammate's"),
        });
    }
  }
  return { merged, conflicts };
}

/**
 * The conflicts, each with who changed the file on the other side (`by`, the last teammate to change each file, as the
 * store tells it), for the question to name them: "Kofi Boateng changed it to …; you changed it to …".
 */
export async function namingTeammates(
  conflicts: readonly Conflict[],
  by: (path: string) => Promise<string | undefined>,
): Promise<Conflict[]> {
  const names = new Map<string, string | undefined>();
  for (const path of new Set(conflicts.map((conflict) => conflict.file)))
    names.set(path, await by(path).catch(() => undefined));
  return conflicts.map((conflict) => {
    const name = names.get(conflict.file);
    return name ? { ...conflict, by: name } : conflict;
  });
}
