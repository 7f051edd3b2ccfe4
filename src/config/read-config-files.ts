import { closeSync, lstatSync, readdirSync, readSync, statSync, type Dirent, type Stats } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { join } from 'node:path';
import { displayPath } from './describe-value.ts';
import { lineStartsOf, positionAt } from './json-source.ts';
import { notPlainBecause, NotPlainFile, openPlainFile, readPlainFile } from './plain-files.ts';

/** A problem with a whole file or folder, or with its bytes, before any JSON is read. */
export interface FileProblem {
  /** Path relative to config/, with forward slashes. */
  readonly path: string;
  /** Path shown in messages, such as config/site.json. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** A config file's text, decoded from UTF-8. */
export interface ConfigFileText {
  /** Path relative to config/, with forward slashes. */
  readonly path: string;
  /** Path shown in messages: config/ and the relative path, with invisible characters made visible. */
  readonly displayPath: string;
  readonly text: string;
}

/** What is in config/: every file that could be read and decoded, what else was found, and what went wrong. */
export interface ConfigFolderContents {
  readonly files: readonly ConfigFileText[];
  /**
   * Paths of everything in config/ that is a file or should be one (a folder named like a file counts), read or not.
   */
  readonly paths: readonly string[];
  readonly problems: readonly FileProblem[];
}

/** Config files are small; a file larger than this is not one (50,000 influencers take about 20 MB). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** Folders inside config/ are one level deep; deeper ones are a mistake. */
const MAX_FOLDER_DEPTH = 8;

const whole = (path: string, message: string): FileProblem => ({
  path,
  file: displayPath(`config/${path}`),
  line: 1,
  column: 1,
  message,
});

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

const SAVE_AS_UTF8 =
  'In VS Code, click the encoding in the status bar at the bottom, choose "Save with Encoding", then "UTF-8".';

/** A file's text when it is UTF-8 (a leading byte order mark is dropped), or where and why it is not. */
export function decodeUtf8(bytes: Buffer): { text: string } | { problem: Omit<FileProblem, 'file' | 'path'> } {
  const utf16 = utf16Kind(bytes);
  if (utf16)
    return {
      problem: {
        line: 1,
        column: 1,
        message: `this file is saved as ${utf16}, and config files must be UTF-8. ${SAVE_AS_UTF8}`,
      },
    };
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (isUtf8(bytes.subarray(start))) return { text: bytes.toString('utf8', start) };
  const bad = firstInvalidUtf8(bytes, start) ?? start;
  // Where the bad byte is, counted in the characters before it, which are valid.
  const before = bytes.toString('utf8', start, bad);
  const position = positionAt(lineStartsOf(before), before.length);
  const hex = bytes[bad]!.toString(16).toUpperCase().padStart(2, '0');
  const guess = bytes[bad]! >= 0x80 ? ' It was probably saved as Windows-1252 or Latin-1 (Western European).' : '';
  return {
    problem: {
      ...position,
      message: `this file is not valid UTF-8: the byte 0x${hex} here is not a character in UTF-8.${guess} ${SAVE_AS_UTF8} If an accented letter here looks wrong after that, type it again.`,
    },
  };
}

/**
 * "UTF-16 LE" or "UTF-16 BE" (or UTF-32) when the bytes are text in that encoding, by byte order mark or by zero bytes.
 */
function utf16Kind(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes[2] === 0 && bytes[3] === 0 ? 'UTF-32 LE' : 'UTF-16 LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16 BE';
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) return 'UTF-32 BE';
  // Without a byte order mark: ASCII text in UTF-16 has a zero byte beside every character.
  if (bytes.length >= 4) {
    if (bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) return 'UTF-16 LE';
    if (bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0) return 'UTF-16 BE';
  }
  return undefined;
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence, if any. */
function firstInvalidUtf8(bytes: Buffer, start: number): number | undefined {
  let i = start;
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let min: number;
    if (byte >= 0xc2 && byte <= 0xdf) [length, min] = [2, 0x80];
    else if (byte >= 0xe0 && byte <= 0xef) [length, min] = [3, 0x800];
    else if (byte >= 0xf0 && byte <= 0xf4) [length, min] = [4, 0x10000];
    else return i;
    let code = byte & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
      code = (code << 6) | (next & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += length;
  }
  return undefined;
}
