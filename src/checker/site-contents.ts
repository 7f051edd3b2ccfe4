/**
 * What the checker reads of a site, however it was read: from disk by the tools (read-config-files.ts and
 * validate-config.ts), or from files held in memory (siteContentsInMemory: a browser tab, a worker, a test). Plain
 * data and plain functions: nothing here, and nothing check-site.ts
 * imports, uses a Node API.
 */
import type { AnySchemaObject } from 'ajv';
import { imageSize } from 'image-size';
import { isLeftByFileBrowser } from '../content/file-formats.ts';
import { displayPath } from './describe-value.ts';
import { lineStartsOf, positionAt } from './json-source.ts';

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
export const MAX_FOLDER_DEPTH = 8;

/** A problem with a whole file or folder (its path relative to config/), at its start. */
export const wholeFileOf = (path: string, message: string): FileProblem => ({
  path,
  file: displayPath(`config/${path}`),
  line: 1,
  column: 1,
  message,
});

/** The files in public/, by their path there (media/hero.mp4): those a page may use, and those no tool reads, with why. */
export interface PublicFiles {
  readonly plain: readonly string[];
  readonly refused: ReadonlyMap<string, string>;
  /** Why public/ itself is not read (a link in its place), in words that follow "this folder", when it is not. */
  readonly notPlain?: string;
}

/** Everything the checker reads of a site. */
export interface SiteContents {
  /** config/ as read, or undefined when the site has none. */
  readonly config: ConfigFolderContents | undefined;
  /** Where config/ was looked for, for the message when there is none. */
  readonly configFolder: string;
  /** This project's schemas, by their path under schemas/. */
  readonly schemas: ReadonlyMap<string, AnySchemaObject>;
  readonly publicFiles: PublicFiles;
  /** The first bytes of a file in public/ by the path a page names it with (/media/hero.mp4), to tell its kind. */
  readonly publicFileStart: (path: string) => Uint8Array | undefined;
  /** A picture's size in pixels (and the file's in bytes), when its bytes are at hand and say it. */
  readonly publicPictureSize: (path: string) => PictureSize | undefined;
  /**
   * A file of public/ whole, by its path there (media/logo.svg), for the checks of what it holds (active-content.ts):
   * undefined when its bytes are not at hand (a file kept on a git host) or cannot be read.
   */
  readonly publicFileBytes: (path: string) => Uint8Array | undefined;
}

/** A picture's size in pixels, and its file's in bytes when known. */
export interface PictureSize {
  readonly width: number;
  readonly height: number;
  readonly bytes?: number;
}

/**
 * The size a picture's bytes say, upright (a photo a phone took sideways says so in its EXIF), or undefined when they
 * say none: enough of the file's start is given for any format image-size reads.
 */
export function pictureSizeOf(bytes: Uint8Array, fileBytes?: number): PictureSize | undefined {
  try {
    const { width, height, orientation } = imageSize(bytes);
    if (!width || !height) return undefined;
    const sideways = orientation !== undefined && orientation >= 5;
    return { width: sideways ? height : width, height: sideways ? width : height, bytes: fileBytes };
  } catch {
    return undefined;
  }
}

/** How much of a picture's start is read for its size: past any EXIF block a camera writes. */
export const PICTURE_HEAD_BYTES = 512 * 1024;

/** How many bytes of a file tell its kind (media-files.ts). */
export const FILE_START_BYTES = 64;

const isHidden = (path: string) => path.split('/').some((part) => part.startsWith('.'));
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A site held in memory: its files by their path in the site (config/site.json, public/media/hero.mp4), as text or
 * bytes, checked against `schemas`. Read as the disk is read: hidden files of config/ skipped, config files decoded
 * from UTF-8 with the same problems, files too large refused, and only .json files under config/ read. A file of
 * public/ given as null is there, but its bytes were not fetched (a picture kept on a git host): it is judged by its
 * name alone.
 */
export function siteContentsInMemory(
  files: ReadonlyMap<string, string | Uint8Array | null>,
  schemas: ReadonlyMap<string, AnySchemaObject>,
): SiteContents {
  const texts: ConfigFileText[] = [];
  const paths: string[] = [];
  const problems: FileProblem[] = [];
  const plain: string[] = [];
  for (const [sitePath, content] of [...files].sort(([a], [b]) => byName(a, b))) {
    // Hidden files of public/ are served like any other, so they are judged; only what a file browser leaves is not.
    if (sitePath.startsWith('public/')) {
      if (!isLeftByFileBrowser(sitePath)) plain.push(sitePath.slice('public/'.length));
      continue;
    }
    if (isHidden(sitePath)) continue;
    if (!sitePath.startsWith('config/')) continue;
    const path = sitePath.slice('config/'.length);
    paths.push(path);
    if (!path.endsWith('.json')) continue;
    if (content === null) {
      problems.push(wholeFileOf(path, 'could not be read, so it was not checked. Try again.'));
      continue;
    }
    const size = typeof content === 'string' ? content.length : content.byteLength;
    if (size > MAX_FILE_BYTES) {
      problems.push(
        wholeFileOf(
          path,
          `this file is ${Math.round(size / 1024 / 1024)} MB; config files are at most ${MAX_FILE_BYTES / 1024 / 1024} MB. Split it, or check that it is the right file.`,
        ),
      );
      continue;
    }
    const shown = displayPath(sitePath);
    const decoded = typeof content === 'string' ? { text: content.replace(/^\uFEFF/, '') } : decodeUtf8(content);
    if ('problem' in decoded) problems.push({ path, file: shown, ...decoded.problem });
    else texts.push({ path, displayPath: shown, text: decoded.text });
  }
  const anyConfig = [...files.keys()].some((path) => path.startsWith('config/'));
  return {
    config: anyConfig ? { files: texts, paths, problems } : undefined,
    configFolder: 'config/',
    schemas,
    publicFiles: { plain, refused: new Map() },
    publicFileStart: (path) => {
      const content = files.get(`public${path}`);
      if (content === undefined || content === null) return undefined;
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      return bytes.subarray(0, FILE_START_BYTES);
    },
    publicPictureSize: (path) => {
      const content = files.get(`public${path}`);
      return content instanceof Uint8Array ? pictureSizeOf(content, content.byteLength) : undefined;
    },
    publicFileBytes: (path) => {
      const content = files.get(`public/${path}`);
      return typeof content === 'string' ? new TextEncoder().encode(content) : (content ?? undefined);
    },
  };
}

const SAVE_AS_UTF8 =
  'In VS Code, click the encoding in the status bar at the bottom, choose "Save with Encoding", then "UTF-8".';

/** A file's text when it is UTF-8 (a leading byte order mark is dropped), or where and why it is not. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { problem: Omit<FileProblem, 'file' | 'path'> } {
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
  const bad = firstInvalidUtf8(bytes, start);
  if (bad === undefined) return { text: new TextDecoder().decode(bytes.subarray(start)) };
  // Where the bad byte is, counted in the characters before it, which are valid.
  const before = new TextDecoder().decode(bytes.subarray(start, bad));
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
export function utf16Kind(bytes: Uint8Array): string | undefined {
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
function firstInvalidUtf8(bytes: Uint8Array, start: number): number | undefined {
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
