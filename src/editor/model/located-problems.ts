import { getLocation } from 'jsonc-parser';
import type { ConfigProblem } from '../../checker/config-problem.ts';
import type { Problem } from '../protocol/files.ts';
import { lineStartsOf } from '../../checker/json-source.ts';

/**
 * The checker's problems, each with the path of its field, so the editor can show it there: from the field the
 * problem names, or from its line and column in the file's text (`textOf` gives a file's text as checked, by its path
 * from the site's folder, wherever it is held). Each text is read and measured once, however many problems it has.
 */
function locatedIn(problems: readonly ConfigProblem[], textOf: (file: string) => string | undefined): Problem[] {
  const sources = new Map<string, { text: string; lineStarts: number[] } | undefined>();
  const sourceOf = (file: string) => {
    if (!sources.has(file)) {
      const text = textOf(file);
      sources.set(file, text === undefined ? undefined : { text, lineStarts: lineStartsOf(text) });
    }
    return sources.get(file);
  };
  return problems.map((problem): Problem => {
    const source = problem.path === '(whole file)' ? undefined : sourceOf(problem.file);
    if (!source) return { ...problem, at: [] };
    if (problem.field) return { ...problem, at: [...problem.field] };
    const offset = (source.lineStarts[problem.position.line - 1] ?? 0) + problem.position.column - 1;
    return { ...problem, at: getLocation(source.text, offset).path };
  });
}

/**
 * The checker's problems on the site with `texts` in place of the files they change (null: removed, so no text), each
 * at its field (locatedIn), every other file's text as `saved` reads it: the same in both stores.
 */
export const locateProblems = (
  problems: readonly ConfigProblem[],
  texts: ReadonlyMap<string, string | null>,
  saved: (file: string) => string | undefined,
): Problem[] =>
  locatedIn(problems, (file) => {
    const text = texts.get(file);
    return text === undefined ? saved(file) : (text ?? undefined);
  });
