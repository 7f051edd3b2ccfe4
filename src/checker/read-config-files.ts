import {
  closeSync,
  fstatSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
  type Dirent,
  type Stats,
} from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { AnySchemaObject } from 'ajv';
import { displayPath } from './describe-value.ts';
import {
  decodeUtf8,
  MAX_FILE_BYTES,
  wholeFileOf as whole,
  type ConfigFileText,
  type ConfigFolderContents,
  type FileProblem,
} from './site-contents.ts';
import { MAX_FOLDER_DEPTH, PICTURE_HEAD_BYTES, pictureSizeOf, type PictureSize } from './site-contents.ts';
import { notPlainBecause, notPlainFolderBecause, NotPlainFile, openPlainFile, readPlainFile } from './plain-files.ts';

/** Why a file or folder could not be read, in words, from Node's error code. */
function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM')
    return 'permission denied. Make it readable (on macOS or Linux: chmod a+r), or ask whoever set up the project';
  if (code === 'ENOENT') return 'it does not exist';
  return `the system says ${code ?? 'it failed'}`;
}

/**
 * Lists and reads everything under config/. Never throws: what is not a plain file or folder (a link, a hard link, a
 * pipe: plain-files.ts), folders that cannot be read and files that are not UTF-8 text are reported with what to do,
 * and hidden files are skipped.
 */
export function readConfigFolder(configDir: string): ConfigFolderContents {
  const files: ConfigFileText[] = [];
  const paths: string[] = [];
  const problems: FileProblem[] = [];

  const walk = (dir: string, relativeDir: string, depth: number): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      problems.push(whole(relativeDir, `this folder cannot be read: ${reason(error)}.`));
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      const relative = `${relativeDir}${entry.name}`;
      const shown = displayPath(`config/${relative}`);
      const problem = (message: string) => problems.push(whole(relative, message));
      if (entry.name.includes('\uFFFD')) {
        paths.push(relative);
        problem(
          'this name is not valid text (it was made on a system with another encoding). Rename it, using letters, digits and dashes.',
        );
        continue;
      }
      let stats: Stats;
      try {
        stats = lstatSync(full);
      } catch (error) {
        paths.push(relative);
        problem(`this cannot be read: ${reason(error)}.`);
        continue;
      }
      if (stats.isSymbolicLink()) {
        paths.push(relative);
        problem(`this ${notPlainBecause(full, stats, isFolder(full) ? 'folder' : 'file')}.`);
        continue;
      }
      if (stats.isDirectory()) {
        if (entry.name.endsWith('.json')) {
          paths.push(relative);
          problem('this is a folder, but it should be a file. Remove the folder and put the file in its place.');
        } else if (depth >= MAX_FOLDER_DEPTH) {
          problem(
            'this folder is nested too deeply. Config files sit in config/ or one folder below it, such as config/pages/.',
          );
        } else walk(full, `${relative}/`, depth + 1);
        continue;
      }
      paths.push(relative);
      const notPlain = notPlainBecause(full, stats);
      if (notPlain) {
        problem(`this ${notPlain}.`);
        continue;
      }
      if (!relative.endsWith('.json')) continue; // reported as "not used by the site" by the caller
      if (stats.size > MAX_FILE_BYTES) {
        problem(
          `this file is ${Math.round(stats.size / 1024 / 1024)} MB; config files are at most ${MAX_FILE_BYTES / 1024 / 1024} MB. Split it, or check that it is the right file.`,
        );
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = readPlainFile(full);
      } catch (error) {
        problem(
          error instanceof NotPlainFile ? `this ${error.message}.` : `this file cannot be read: ${reason(error)}.`,
        );
        continue;
      }
      const decoded = decodeUtf8(bytes);
      if ('problem' in decoded) problems.push({ path: relative, file: shown, ...decoded.problem });
      else files.push({ path: relative, displayPath: shown, text: decoded.text });
    }
  };

  // config/ itself is read only as a plain folder: a link in its place could lead anywhere on the computer.
  const notPlain = notPlainFolderBecause(configDir);
  if (notPlain) return { files, paths, problems: [whole('', `this folder ${notPlain}.`)] };
  walk(configDir, '', 0);
  return { files, paths, problems };
}

/** Whether a path leads to a folder (through a link), for saying what a link stands in for. */
function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The first bytes of a plain file (plain-files.ts), to tell what kind of file it is; undefined when it cannot be read.
 */
export function readFileStart(path: string, length = 64): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openPlainFile(path).descriptor;
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, 0);
    return buffer.subarray(0, read);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * A plain file's bytes, at most `limit` of them (a larger file is read that far, which says it is too large); never
 * through a link. Undefined when it cannot be read.
 */
export function readWholeFile(path: string, limit: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openPlainFile(path).descriptor;
    const buffer = Buffer.alloc(Math.min(limit, fstatSync(fd).size));
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * A picture's size from the start of its file, never through a link: the first 64 KB say it for most pictures, and
 * a photo with a large EXIF block is read further, up to PICTURE_HEAD_BYTES.
 */
export function readPictureSize(path: string): PictureSize | undefined {
  // A file unchanged since it was last read (same inode, size and time) has the same size: the editor checks the
  // site at every pause in typing, and a site may hold thousands of photos.
  let stamp: string;
  try {
    const stats = lstatSync(path);
    stamp = `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
  } catch {
    return undefined;
  }
  const known = pictureSizes.get(path);
  if (known?.stamp === stamp) return known.size;
  const size = readPictureSizeOnce(path);
  pictureSizes.set(path, { stamp, size });
  return size;
}

const pictureSizes = new Map<string, { stamp: string; size: PictureSize | undefined }>();

function readPictureSizeOnce(path: string): PictureSize | undefined {
  let fd: number | undefined;
  try {
    fd = openPlainFile(path).descriptor;
    const bytes = fstatSync(fd).size;
    for (const length of [64 * 1024, PICTURE_HEAD_BYTES]) {
      const buffer = Buffer.alloc(Math.min(length, bytes));
      const read = readSync(fd, buffer, 0, buffer.length, 0);
      const size = pictureSizeOf(buffer.subarray(0, read), bytes);
      if (size || read >= bytes) return size;
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Every schema under schemas/, by its path relative to that folder (forward slashes). */
export function readSchemas(schemasDir: string): Map<string, AnySchemaObject> {
  const schemas = new Map<string, AnySchemaObject>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.schema.json')) {
        schemas.set(
          relative(schemasDir, full).split(sep).join('/'),
          JSON.parse(readFileSync(full, 'utf8')) as AnySchemaObject,
        );
      }
    }
  };
  walk(schemasDir);
  return schemas;
}
