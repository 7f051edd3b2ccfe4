import type { JsonPath, Position } from './json-source.ts';
import { formatJsonPath } from './json-source.ts';

/** One thing wrong with the config, located precisely enough for an author to fix it. */
export interface ConfigProblem {
  /** Path shown to the author, such as config/site.json. */
  readonly file: string;
  readonly position: Position;
  readonly path: JsonPath | string;
  /** A plain sentence: what is wrong, and how to fix it. */
  readonly message: string;
}

/** config/collections/influencers.json:42:20  influencers[3].platform: "instagramm" is not ... */
export function formatConfigProblem(problem: ConfigProblem): string {
  const path = typeof problem.path === 'string' ? problem.path : formatJsonPath(problem.path);
  return `${problem.file}:${problem.position.line}:${problem.position.column}  ${path}: ${problem.message}`;
}

/** The same problem as a GitHub Actions annotation, so it shows on the changed line of a pull request. */
export function formatGithubAnnotation(problem: ConfigProblem): string {
  const path = typeof problem.path === 'string' ? problem.path : formatJsonPath(problem.path);
  const escape = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return `::error file=${problem.file},line=${problem.position.line},col=${problem.position.column}::${escape(`${path}: ${problem.message}`)}`;
}

/** Problems in reading order: by file, then line, then column. */
export function sortProblems(problems: readonly ConfigProblem[]): ConfigProblem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || a.position.line - b.position.line || a.position.column - b.position.column,
  );
}
