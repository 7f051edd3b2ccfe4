/**
 * Whether a push or pull request changes code, or only content: CI runs the content gate (npm run check:site) on
 * every commit, and the whole suite (npm test) only when code changed. Content is what authors and the editor change,
 * `config/` and `public/media/`; the gate checks all of it. Everything else (src/, schemas/, scripts/, the workflows,
 * package files, and the rest of public/, such as _headers) is code, which the suite checks.
 *
 * `tsx scripts/what-changed.ts <from> <to>` prints `suite=true` or `suite=false` (and writes it to $GITHUB_OUTPUT when
 * set). A range it cannot read (a new branch, a first push, history not fetched) runs the suite: when in doubt, test.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const CONTENT = /^(config|public\/media)\//;

/** Whether a change to these paths needs the whole suite: any path outside the content folders does. */
export const needsTheSuite = (paths: readonly string[]): boolean =>
  paths.length === 0 || paths.some((path) => !CONTENT.test(path));

/** The paths changed between two commits of the repository at `cwd`, or undefined when the range cannot be read. */
export function changedPaths(from: string, to: string, cwd = process.cwd()): string[] | undefined {
  if (!/^[0-9a-f]{7,64}$/i.test(from) || /^0+$/.test(from)) return undefined;
  try {
    return execFileSync('git', ['diff', '--name-only', '--no-renames', '-z', `${from}...${to}`, '--'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\0')
      .filter(Boolean);
  } catch {
    return undefined;
  }
}

if (process.argv[1] === import.meta.filename) {
  const [from = '', to = 'HEAD'] = process.argv.slice(2);
  const paths = changedPaths(from, to);
  const suite = paths === undefined || needsTheSuite(paths);
  console.log(
    paths === undefined
      ? `The changes since ${from || '(none given)'} cannot be read: the whole suite runs.`
      : suite
        ? `Code changed (${paths
            .filter((path) => !CONTENT.test(path))
            .slice(0, 5)
            .join(', ')}): the whole suite runs after the gate.`
        : `Only content changed (${paths.length} ${paths.length === 1 ? 'file' : 'files'} in config/ or public/media/): the content gate is enough.`,
  );
  console.log(`suite=${suite}`);
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `suite=${suite}\n`);
}
