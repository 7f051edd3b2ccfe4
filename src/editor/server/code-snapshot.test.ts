/**
 * The copy of the code the editor runs (code-snapshot.ts), made from a small project of the same shape: its entry
 * points compiled to JavaScript that Node runs without tsx, each module still finding the files of its own folder in
 * the copy; made once per version of the code; and code that does not compile refused in words, with nothing left.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledEntryPoint, isCompleteCopy, snapshotCode } from './code-snapshot.ts';
import { withoutTypeScriptLoader } from './launcher.ts';

let root: string;
let project: string;
let copies: string;

/** Writes the project's files, by path from its folder. */
function writeProject(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  }
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'code-snapshot-'));
  project = join(root, 'project');
  copies = join(root, 'copies');
  writeProject({
    'package.json': '{ "type": "module" }\n',
    'tsconfig.json': '{}\n',
    // Modules at other depths than the entry point, which find their folder's files through import.meta.
    'src/checker/project-folders.ts': [
      "import { readFileSync } from 'node:fs';",
      "import { join, resolve } from 'node:path';",
      "export const PROJECT_ROOT: string = resolve(import.meta.dirname, '../..');",
      "export const schema = (): string => readFileSync(join(PROJECT_ROOT, 'schemas/site.schema.json'), 'utf8');",
      'export const where = { url: import.meta.url, filename: import.meta.filename };',
    ].join('\n'),
    'src/editor/server/editor-process.ts': [
      "import { PROJECT_ROOT, schema, where } from '../../checker/project-folders.ts';",
      'const folder: string = import.meta.dirname;',
      'console.log(JSON.stringify({ folder, root: PROJECT_ROOT, schema: schema(), ...where }));',
    ].join('\n'),
    'src/editor/server/workspace-worker.ts': "export const thread = 'checking';\n",
    'src/editor/server/editor-process.test.ts': 'throw new Error("a test is never copied");\n',
    'schemas/site.schema.json': '{ "title": "the copy\'s schema" }\n',
  });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the copy of the code the editor runs', () => {
  it('runs compiled, without tsx, each module finding its own folder in the copy', async () => {
    const copy = await snapshotCode(project, copies);
    expect(isCompleteCopy(copy)).toBe(true);
    expect(existsSync(join(copy, 'src/editor/server/editor-process.test.ts'))).toBe(false);
    const printed = execFileSync(process.execPath, [compiledEntryPoint(copy, 'editor-process')], {
      encoding: 'utf8',
    });
    expect(JSON.parse(printed)).toEqual({
      folder: join(copy, 'src/editor/server'),
      root: copy,
      schema: '{ "title": "the copy\'s schema" }\n',
      url: pathToFileURL(join(copy, 'src/checker/project-folders.ts')).href,
      filename: join(copy, 'src/checker/project-folders.ts'),
    });
    expect(existsSync(compiledEntryPoint(copy, 'workspace-worker'))).toBe(true);
  });

  it('is made once per version of the code: unchanged code runs the same compiled files again', async () => {
    const copy = await snapshotCode(project, copies);
    const compiled = statSync(compiledEntryPoint(copy, 'editor-process')).mtimeMs;
    expect(await snapshotCode(project, copies)).toBe(copy);
    expect(statSync(compiledEntryPoint(copy, 'editor-process')).mtimeMs).toBe(compiled);
    writeProject({ 'src/editor/server/workspace-worker.ts': "export const thread = 'changed';\n" });
    expect(await snapshotCode(project, copies)).not.toBe(copy);
  });

  it('never takes a copy without its compiled files for a whole one, and clears copies a stopped process left half made', async () => {
    const copy = await snapshotCode(project, copies);
    // As a copy made for this code by a launcher that did not compile (an editor started before, restarted after Get
    // latest brought in this code), or one whose compiled files were removed.
    rmSync(join(copy, 'compiled'), { recursive: true });
    expect(isCompleteCopy(copy)).toBe(false);
    // A copy a killed launcher was making: no process of that id runs now.
    const stopped = spawnSync(process.execPath, ['-e', '']).pid!;
    mkdirSync(join(copies, `0123456789abcdef.new-${stopped}`, 'src'), { recursive: true });
    expect(await snapshotCode(project, copies)).toBe(copy);
    expect(isCompleteCopy(copy)).toBe(true);
    expect(readdirSync(copies)).toEqual([basename(copy)]);
  });

  it('refuses code that does not compile, saying where, and leaves no copy behind', async () => {
    writeProject({
      'src/editor/server/editor-process.ts':
        "import { missing } from '../../checker/project-folders.ts';\nmissing();\n",
    });
    await expect(snapshotCode(project, copies)).rejects.toThrow(
      /^its code does not compile \(src\/editor\/server\/editor-process\.ts:1:\d+: No matching export .*"missing"/,
    );
    expect(readdirSync(copies)).toEqual([]);
  });
});

describe("the editor's process, started from the compiled copy", () => {
  it("takes the launcher's own Node options, but not those that load tsx", () => {
    // As `tsx scripts/edit.ts` starts the launcher, and as the tests do (`node --import tsx`).
    expect(
      withoutTypeScriptLoader([
        '--require',
        '/work/node_modules/tsx/dist/preflight.cjs',
        '--import',
        'file:///work/node_modules/tsx/dist/loader.mjs',
        '--inspect=0',
      ]),
    ).toEqual(['--inspect=0']);
    expect(withoutTypeScriptLoader(['--import', 'tsx', '--max-old-space-size=4096'])).toEqual([
      '--max-old-space-size=4096',
    ]);
    expect(withoutTypeScriptLoader(['--import=tsx', '--import', './telemetry.mjs'])).toEqual([
      '--import',
      './telemetry.mjs',
    ]);
  });
});
