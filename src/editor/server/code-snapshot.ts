/**
 * The code the editor runs, copied aside when it starts. Get latest changes brings in whatever teammates published,
 * the site's code included, but the running editor (its server, its checking thread, and the pages it serves the
 * browser) keeps running the code it started with, from this copy: nothing a teammate pushed runs in the author's
 * editor until it is restarted (scripts/edit.ts takes a new copy then).
 *
 * A copy holds src/ (without tests), schemas/, package.json and tsconfig.json, under this computer's cache, in a
 * folder named after what it holds, so an unchanged project reuses its copy. Its node_modules is a link to the
 * project's, which Get latest never changes. The editor's server and its checking thread are compiled there once, to
 * one JavaScript file each, so each start (and each restart after a crash) runs them without compiling or resolving
 * hundreds of TypeScript modules again; the pages it serves are compiled by Vite from the copy's src/.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { build, stop as stopCompiler, type BuildFailure, type Plugin } from 'esbuild';

/** What of the project the editor runs: its code and the schemas its checker and forms are made from. */
const FOLDERS = ['src', 'schemas'] as const;
const FILES = ['package.json', 'tsconfig.json'] as const;
/** Parts of src/ the editor never runs: tests and test sites. */
const LEFT_OUT = /(^src\/testing\/|\.test\.tsx?$)/;
/** How many copies are kept; older ones (of code since changed) are removed when a new one is made. */
const KEPT_COPIES = 3;
/**
 * Marks a copy made whole, in the form this code makes: a copy made by another form of the launcher (one that did not
 * compile its entry points, or compiled them otherwise) is never taken for one of this form's.
 */
const COMPLETE = '.complete-compiled-1';
/** The folder of a copy that holds its compiled entry points. */
const COMPILED = 'compiled';
/** The editor's server process and its checking thread, compiled in each copy (see compileEntryPoints). */
const ENTRY_POINTS = {
  'editor-process': 'src/editor/server/editor-process.ts',
  'workspace-worker': 'src/editor/server/workspace-worker.ts',
} as const;

/** The compiled file of one of the editor's entry points in a copy. */
export const compiledEntryPoint = (copy: string, name: keyof typeof ENTRY_POINTS): string =>
  join(copy, COMPILED, `${name}.mjs`);

/** Where copies of the editor's code are kept: under $XDG_CACHE_HOME (or ~/.cache). */
export function codeCopiesFolder(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'site-editor', 'code');
}

/** The project's files the editor runs, as paths from its folder, with forward slashes, in a stable order. */
function codeFiles(projectDir: string): string[] {
  const files: string[] = [...FILES.filter((file) => existsSync(join(projectDir, file)))];
  for (const folder of FOLDERS) {
    for (const entry of readdirSync(join(projectDir, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = relative(projectDir, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (!LEFT_OUT.test(path)) files.push(path);
    }
  }
  return files.sort();
}

/**
 * A copy of the project's code as it is now, made once per version of the code: its folder, with node_modules
 * linking to the project's and the entry points compiled. Returns the folder to run the editor from.
 */
export async function snapshotCode(projectDir: string, copiesFolder = codeCopiesFolder()): Promise<string> {
  const files = codeFiles(projectDir);
  // One project's copies are its own: a copy's node_modules links to the project that made it.
  const hash = createHash('sha256').update(`${projectDir}\0`);
  const contents = files.map((path) => {
    const bytes = readFileSync(join(projectDir, path));
    hash.update(`${path}\0${bytes.length}\0`).update(bytes);
    return bytes;
  });
  const folder = join(copiesFolder, hash.digest('hex').slice(0, 16));
  if (isCompleteCopy(folder)) {
    // Marked as used now, so it is among the copies kept.
    const now = new Date();
    utimesSync(folder, now, now);
    return folder;
  }
  mkdirSync(copiesFolder, { recursive: true });
  forgetUnfinishedCopies(copiesFolder);
  // Made aside and renamed into place whole, so a copy is either complete or not there.
  const building = `${folder}${BUILDING}${process.pid}`;
  removeCopy(building);
  try {
    files.forEach((path, index) => {
      mkdirSync(join(building, path, '..'), { recursive: true });
      writeFileSync(join(building, path), contents[index]!);
    });
    // A junction on Windows, which needs no rights of its own; a link elsewhere.
    symlinkSync(join(projectDir, 'node_modules'), join(building, 'node_modules'), 'junction');
    await compileEntryPoints(building);
    writeFileSync(join(building, COMPLETE), '');
  } catch (error) {
    removeCopy(building);
    throw error;
  }
  removeCopy(folder);
  renameSync(building, folder);
  forgetOldCopies(copiesFolder, folder);
  return folder;
}

/**
 * Whether a copy is still there whole (the cache may have been cleared since), its compiled entry points with it.
 */
export const isCompleteCopy = (folder: string): boolean =>
  existsSync(join(folder, COMPLETE)) &&
  Object.keys(ENTRY_POINTS).every((name) => existsSync(compiledEntryPoint(folder, name as keyof typeof ENTRY_POINTS)));

/** How a copy being made is named: its folder's name, this, and the id of the process making it. */
const BUILDING = '.new-';

/** Removes copies a process stopped while making (killed, or its disk full): that process no longer runs. */
function forgetUnfinishedCopies(copiesFolder: string): void {
  for (const name of readdirSync(copiesFolder)) {
    const pid = Number(name.slice(name.lastIndexOf(BUILDING) + BUILDING.length));
    if (name.includes(BUILDING) && Number.isInteger(pid) && pid > 0 && !isRunning(pid))
      removeCopy(join(copiesFolder, name));
  }
}

/** Whether a process of this id runs on this computer (one of another user's counts as running). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes all but the newest copies; the one just made stays whatever its age. */
function forgetOldCopies(copiesFolder: string, keep: string): void {
  const copies = readdirSync(copiesFolder)
    .map((name) => join(copiesFolder, name))
    .filter((path) => path !== keep && existsSync(join(path, COMPLETE)))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const old of copies.slice(KEPT_COPIES - 1)) removeCopy(old);
}

/** Removes a copy: its link to node_modules first, on its own, so nothing of the project's is ever followed. */
function removeCopy(folder: string): void {
  rmSync(join(folder, 'node_modules'), { force: true });
  rmSync(folder, { recursive: true, force: true });
}

/**
 * Compiles each entry point of the copy at `copy` with the modules it imports from src/ into one ES module (packages
 * stay imports of node_modules). A module that asks where it is (import.meta) is told where it is in the copy, not
 * where the compiled file is, so it finds its folder's files as it does run from source.
 */
async function compileEntryPoints(copy: string): Promise<void> {
  const whereModulesAre: Plugin = {
    name: 'where-modules-are',
    setup(compiler) {
      compiler.onLoad({ filter: /\.tsx?$/ }, ({ path }) => {
        const file = relative(copy, path).split(sep).join('/');
        const contents = readFileSync(path, 'utf8').replace(/\bimport\.meta\.(dirname|filename|url)\b/g, (_, what) => {
          const place = JSON.stringify(what === 'dirname' ? dirname(file) : file);
          return what === 'url' ? `__urlInCopy(${place})` : `__pathInCopy(${place})`;
        });
        return { contents, loader: path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
  try {
    await build({
      absWorkingDir: copy,
      entryPoints: ENTRY_POINTS,
      outdir: join(copy, COMPILED),
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node}`,
      packages: 'external',
      logLevel: 'silent',
      // A crash's stack names the source's files and lines (the process runs with source maps on), not the bundle's.
      sourcemap: 'linked',
      plugins: [whereModulesAre],
      banner: {
        js: [
          "import { join as __join } from 'node:path';",
          "import { fileURLToPath as __fileURLToPath, pathToFileURL as __pathToFileURL } from 'node:url';",
          `const __copy = __join(__fileURLToPath(import.meta.url), '../..');`,
          'const __pathInCopy = (path) => __join(__copy, path);',
          'const __urlInCopy = (path) => __pathToFileURL(__pathInCopy(path)).href;',
        ].join('\n'),
      },
    });
  } catch (error) {
    const [first] = (error as Partial<BuildFailure>).errors ?? [];
    if (!first) throw error;
    const place = first.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : '';
    throw new Error(`its code does not compile (${place}${first.text})`);
  } finally {
    // esbuild's compiler runs as a process of its own, which would otherwise stay beside the editor's.
    await stopCompiler();
  }
}
