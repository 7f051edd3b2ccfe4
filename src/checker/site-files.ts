/**
 * What the checker asks of every file of the site, named in config or not: a name every computer and host can hold
 * (content/file-names.ts), and, in public/, only the kinds of file it serves, holding what their kind says
 * (active-content.ts).
 */
import { fileNameProblem } from '../content/file-names.ts';
import { needsReading, publicFileProblem } from './active-content.ts';
import { wholeFileProblem, type ConfigProblem } from './config-problem.ts';
import { displayPath } from './describe-value.ts';
import type { PublicFiles } from './site-contents.ts';

/**
 * The problems of every file's name, and of every file of public/ by its kind: `publicFileStart` gives a file's first
 * bytes by the path a page names it with (/media/logo.png), `publicFileBytes` a whole file by its path in public/.
 */
export function siteFileProblems(
  configPaths: readonly string[],
  publicFiles: PublicFiles,
  publicFileStart: (path: string) => Uint8Array | undefined,
  publicFileBytes: (path: string) => Uint8Array | undefined,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const path of configPaths) {
    const name = fileNameProblem(path);
    if (name) problems.push(wholeFileProblem(`config/${path}`, `This file ${name}`));
  }
  if (publicFiles.notPlain) problems.push(wholeFileProblem('public/', `this folder ${publicFiles.notPlain}.`));
  for (const path of publicFiles.plain) {
    const name = fileNameProblem(path);
    if (name) problems.push(wholeFileProblem(`public/${path}`, `This file ${name}`));
    const kind = publicFileProblem(
      path,
      needsReading(path) ? { whole: publicFileBytes(path) } : { start: publicFileStart(`/${path}`) },
    );
    if (kind)
      problems.push({
        file: displayPath(`public/${path}`),
        position: kind.position,
        path: '(whole file)',
        message: `This file ${kind.message}`,
        severity: 'error',
      });
  }
  return problems;
}
