import { displayPath } from './describe-value.ts';
import {
  keyNodeAt,
  namesAlong,
  nodeAt,
  positionAt,
  readablePath,
  type JsonPath,
  type JsonSource,
  type Position,
} from './json-source.ts';

/** An error stops the build; a warning is printed the same way, with the word warning, and the build goes on. */
export type Severity = 'error' | 'warning';

/** One thing wrong with the config, located precisely enough for an author to fix it. */
export interface ConfigProblem {
  /** Path shown to the author, such as config/site.json. */
  readonly file: string;
  readonly position: Position;
  /** Where in the file, as authors read it: influencers 7 (Nii Armah Quaye).platform, or (whole file). */
  readonly path: string;
  /** A plain sentence: what is wrong, and how to fix it. */
  readonly message: string;
  readonly severity: Severity;
  /**
   * The field the problem is about, as data (["sections", 0, "heading"]), where the checker knows it: for a missing
   * field, the field itself, though its position is the group it is missing from. Tools show the problem there.
   */
  readonly field?: JsonPath;
  /** What each step of `field` is called where it has a name (namesAlong), for tools that say the place in words. */
  readonly names?: readonly (string | null)[];
  /**
   * For a warning that is a developer's to act on (how the site is set up, not what it says): what the editor tells
   * an author instead, short and in their words. The editor shows it folded, on the file it is about and in Publish,
   * with `message` inside for whoever sets it up.
   */
  readonly forAuthors?: string;
}

/** Where to point inside a file: at a value (the default), at its key, or at a character offset. */
export interface ProblemTarget {
  readonly onKey?: boolean;
  readonly offset?: number;
  readonly severity?: Severity;
  readonly forAuthors?: string;
}

/** A problem with the value at `path` in a parsed file, positioned at that value (or its nearest existing parent). */
export function problemAt(
  source: JsonSource,
  path: JsonPath,
  message: string,
  { onKey = false, offset, severity = 'error', forAuthors }: ProblemTarget = {},
): ConfigProblem {
  const at = offset ?? (onKey ? keyNodeAt(source, path) : nodeAt(source, path)).offset;
  return {
    file: source.displayPath,
    position: positionAt(source.lineStarts, at),
    path: readablePath(source.data, path),
    message,
    severity,
    field: path,
    names: namesAlong(source.data, path),
    ...(forAuthors ? { forAuthors } : {}),
  };
}

/** A problem with a whole file or folder, such as a missing file, at its first line. */
export function wholeFileProblem(file: string, message: string, severity: Severity = 'error'): ConfigProblem {
  return { file: displayPath(file), position: { line: 1, column: 1 }, path: '(whole file)', message, severity };
}

/**
 * config/collections/influencers.json:42:20  influencers 4 (Kofi Boateng).platform: "instagramm" is not ...
 * A warning reads the same with the word warning after the position.
 */
export function formatConfigProblem(problem: ConfigProblem): string {
  const severity = problem.severity === 'warning' ? 'warning  ' : '';
  return `${problem.file}:${problem.position.line}:${problem.position.column}  ${severity}${problem.path}: ${problem.message}`;
}

/** The same problem as a GitHub Actions annotation, so it shows on the changed line of a pull request. */
export function formatGithubAnnotation(problem: ConfigProblem): string {
  const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return `::${problem.severity} file=${escapeProperty(problem.file)},line=${problem.position.line},col=${problem.position.column}::${escapeData(`${problem.path}: ${problem.message}`)}`;
}

/** Problems in reading order: by file, then line, then column. */
export function sortProblems(problems: readonly ConfigProblem[]): ConfigProblem[] {
  return [...problems].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.position.line - b.position.line ||
      a.position.column - b.position.column,
  );
}

/** Reports a problem at a place of a file: how the checks across files say what they find. */
export type Report = (
  source: JsonSource,
  path: JsonPath,
  message: string,
  options?: Parameters<typeof problemAt>[3],
) => void;
