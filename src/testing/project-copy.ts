/**
 * A copy of this project with the spec site's config and media, for the tests that carry out the recipes of docs/recipes.md as a
 * developer would: their own files, the copy's own tools (its node_modules is this project's), nothing else.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { PROJECT_ROOT } from '../checker/project-folders.ts';
import { SPEC_SITE_DIR } from './sites.ts';

/**
 * What the copy holds: everything the type checker reads (tsconfig.json's include, so a new folder of code comes
 * along by itself), and the files the tools read besides.
 */
const PROJECT_FILES = [
  ...(JSON.parse(readFileSync(join(PROJECT_ROOT, 'tsconfig.json'), 'utf8')) as { include: string[] }).include,
  'schemas',
  'package.json',
  'tsconfig.json',
  'index.html',
  'docs',
];

/** A new copy of the project in a folder of its own, holding the spec site. The caller removes it. */
export function copyOfProject(prefix: string): string {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of PROJECT_FILES) cpSync(join(PROJECT_ROOT, entry), join(copy, entry), { recursive: true });
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(copy, 'node_modules'));
  cpSync(join(SPEC_SITE_DIR, 'config'), join(copy, 'config'), { recursive: true });
  cpSync(join(SPEC_SITE_DIR, 'public'), join(copy, 'public'), { recursive: true });
  return copy;
}

/** Where `npm run typecheck` keeps its record of the project, to check again only what changed. */
const TYPECHECK_RECORD = join(PROJECT_ROOT, 'node_modules/.cache/typecheck/tsconfig.tsbuildinfo');
/** Where a copy's type checks keep theirs. */
const COPY_RECORD = '.typecheck/tsconfig.tsbuildinfo';

/**
 * Type-checks the copy as `npm run typecheck` does, but keeping a record of what it checked, so a later check reads
 * again only what changed since. The first check starts from the project's own record when there is one (npm test
 * type-checks before the unit tests): the copy's files are the project's, so only what a recipe changed is checked
 * again. The record names files relative to itself; the project's are renamed to the copy's, and the packages stay
 * where they are (the copy's node_modules is the project's). A record that does not fit is only slower: the checker
 * then checks everything.
 */
export function typecheckIn(copy: string): { status: number | null; output: string } {
  const record = join(copy, COPY_RECORD);
  if (!existsSync(record) && existsSync(TYPECHECK_RECORD)) {
    const info = JSON.parse(readFileSync(TYPECHECK_RECORD, 'utf8')) as { fileNames: string[] };
    info.fileNames = info.fileNames.map((name) => {
      const inProject = relative(PROJECT_ROOT, resolve(dirname(TYPECHECK_RECORD), name));
      const inCopy = inProject.startsWith('node_modules/') ? join(PROJECT_ROOT, inProject) : join(copy, inProject);
      return relative(dirname(record), inCopy);
    });
    mkdirSync(dirname(record), { recursive: true });
    writeFileSync(record, JSON.stringify(info));
  }
  return runIn(copy, 'tsc', '-p', '.', '--incremental', '--tsBuildInfoFile', record);
}

/**
 * The type checker's errors in `files` of the copy (paths in it), with its settings, as `npm run typecheck` prints
 * them: the checker reads those files and what they use, not the whole project, so a step of a recipe is checked in
 * seconds. Whether the rest of the project type-checks is typecheckIn's to say.
 */
export function typeErrorsIn(copy: string, files: readonly string[]): string {
  const host: ts.FormatDiagnosticsHost = {
    getCurrentDirectory: () => copy,
    getCanonicalFileName: (name) => name,
    getNewLine: () => '\n',
  };
  const settings = ts.getParsedCommandLineOfConfigFile(
    join(copy, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.formatDiagnostic(diagnostic, host));
      },
    },
  )!;
  const rootNames = files.map((file) => join(copy, file));
  const program = ts.createProgram({ rootNames, options: { ...settings.options, noEmit: true } });
  const errors = rootNames.flatMap((file) => [...program.getSemanticDiagnostics(program.getSourceFile(file))]);
  return ts.formatDiagnostics(errors, host);
}

/** Runs a tool of the copy (node_modules/.bin), or npm with `npm` as the command, in it; its status and output. */
export function runIn(copy: string, command: string, ...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(command === 'npm' ? 'npm' : join(copy, 'node_modules/.bin', command), args, {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Changes a file of the copy by replacing one text, which must be there exactly once (a recipe's anchor). */
export function replaceOnce(copy: string, file: string, anchor: string, replacement: string): void {
  const text = readFileSync(join(copy, file), 'utf8');
  const at = text.indexOf(anchor);
  if (at < 0 || text.indexOf(anchor, at + 1) >= 0)
    throw new Error(`${file} has ${at < 0 ? 'no' : 'more than one'} ${JSON.stringify(anchor)}: the recipe changed.`);
  writeFileSync(join(copy, file), text.replace(anchor, replacement));
}

/** Changes a JSON file of the copy as data, written back two-space indented. */
export function editJsonIn(copy: string, file: string, change: (data: any) => void): void {
  const data = JSON.parse(readFileSync(join(copy, file), 'utf8'));
  change(data);
  writeFileSync(join(copy, file), `${JSON.stringify(data, null, 2)}\n`);
}
