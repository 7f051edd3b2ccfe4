/**
 * What the checker asks of every file of the site, named in config or not: a name every computer and host can hold
 * (content/file-names.ts), and, in public/, nothing that would run as part of the site (active-content.ts).
 */
import { fileNameProblem } from '../content/file-names.ts';
import { activeContentOf, needsReading } from './active-content.ts';
import { wholeFileProblem, type ConfigProblem } from './config-problem.ts';
import { displayPath } from './describe-value.ts';
import type { PublicFiles } from './site-contents.ts';

export function siteFileProblems(
  configPaths: readonly string[],
  publicFiles: PublicFiles,
  publicFileBytes: (path: string) => Uint8Array | undefined,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const path of configPaths) {
    const name = fileNameProblem(path);
    if (name) problems.push(wholeFileProblem(`config/${path}`, `This file ${name}`));
  }
  for (const path of publicFiles.plain) {
    const name = fileNameProblem(path);
    if (name) problems.push(wholeFileProblem(`public/${path}`, `This file ${name}`));
    const active = activeContentOf(path, needsReading(path) ? publicFileBytes(path) : undefined);
    if (active)
      problems.push({
        file: displayPath(`public/${path}`),
        position: active.position,
        path: '(whole file)',
        message: `This file ${active.message}`,
        severity: 'error',
      });
  }
  return problems;
}
