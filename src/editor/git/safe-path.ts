import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  lstatSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { notPlainBecause, NotPlainFile, readPlainFile as readPlain } from '../../checker/plain-files.ts';
import { SITE_FOLDERS } from '../model/incoming-files.ts';
import { Refused, refusalWords, type RefusalName, type REFUSALS } from '../protocol/refusals.ts';

/** The only folders the editor writes to, relative to the site's folder. */
const WRITABLE_FOLDERS = ['config', 'public/media'] as const;
export type WritableFolder = (typeof WRITABLE_FOLDERS)[number];

/**
 * A path the editor will not read or write, refused in the catalogue's words (protocol/refusals.ts), each naming what
 * it found.
 */
export class RefusedPath extends Refused {}

/** A refusal of a path, by the catalogue's name and what it found. */
export const refusePath = <N extends RefusalName>(name: N, ...details: Parameters<(typeof REFUSALS)[N]['words']>) =>
  new RefusedPath(name, refusalWords(name, ...details));

/** Opening flags that never follow a link at the last part of a path (O_NOFOLLOW is 0 where the system has none). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Refuses, in words, while one of the site's folders (config/, public/, public/media/: model/incoming-files.ts) is
 * anything but a plain folder: a link, which could lead anywhere on the computer, even back inside the site, or a
 * file. A folder that is missing is no refusal.
 */
export function assertPlainSiteFolders(siteDir: string, folders: readonly string[] = SITE_FOLDERS): void {
  for (const folder of folders) {
    let stats;
    try {
      stats = lstatSync(join(siteDir, ...folder.split('/')));
    } catch {
      continue;
    }
    if (stats.isSymbolicLink()) throw refusePath('siteFolderNotPlain', folder, 'a link');
    if (!stats.isDirectory()) throw refusePath('siteFolderNotPlain', folder, 'a file');
  }
}

/**
 * The real folder the writable folder is: it and every site folder above it must be plain folders (never a link,
 * even one that leads back inside the site), and it must be inside the site's folder itself.
 */
function realFolder(siteDir: string, folder: WritableFolder): string {
  assertPlainSiteFolders(
    siteDir,
    SITE_FOLDERS.filter((above) => folder === above || folder.startsWith(`${above}/`)),
  );
  const real = realpathSync(join(siteDir, folder));
  const site = realpathSync(siteDir);
  if (!real.startsWith(site + sep)) throw refusePath('siteFolderNotPlain', folder, 'a link');
  return real;
}

/** Throws unless `dir` (which exists) really is inside the writable folder once links are followed. */
function assertInside(dir: string, realBase: string, shown: string, folder: WritableFolder): void {
  const real = realpathSync(dir);
  if (real !== realBase && !real.startsWith(realBase + sep)) throw refusePath('leadsOutThroughLink', shown, folder);
}

/**
 * Throws unless an existing path is one plain file (plain-files.ts): not a link, not a folder, not a second name of a
 * file elsewhere.
 */
function assertPlainFile(path: string, shown: string): void {
  const why = notPlainBecause(path, lstatSync(path));
  if (why) throw refusePath('notPlainPath', shown, why);
}

/**
 * The absolute path of `requested` (such as "config/pages/home.json"), when it is a plain relative path inside one
 * of the writable folders: no absolute path, no "..", no hidden file or folder, no backslash, no link that leads out
 * of the folder, and, when the file exists, a plain file with no other name. Throws RefusedPath otherwise.
 */
export function resolveWritable(siteDir: string, requested: unknown, folder: WritableFolder): string {
  if (typeof requested !== 'string' || requested === '') throw refusePath('noFileNamed');
  const shown = JSON.stringify(requested);
  if (requested.includes('\0') || requested.includes('\\')) throw refusePath('notAFilePath', shown);
  if (requested.startsWith('/') || /^[a-zA-Z]:/.test(requested)) throw refusePath('absolutePath', shown, folder);
  const segments = requested.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
    throw refusePath('stepsOutOfFolder', shown);
  if (segments.some((segment) => segment.startsWith('.'))) throw refusePath('hiddenPath', shown);
  if (!requested.startsWith(`${folder}/`)) throw refusePath('outsideWritable', shown, folder);

  const base = join(siteDir, folder);
  const target = join(siteDir, ...segments);
  if (relative(base, target).startsWith('..')) throw refusePath('outsideWritable', shown, folder);
  // The nearest folder that exists must really be inside the writable folder, after following links.
  let existing = dirname(target);
  while (!existsSync(existing)) existing = dirname(existing);
  assertInside(existing, realFolder(siteDir, folder), shown, folder);
  if (somethingAt(target)) assertPlainFile(target, shown);
  return target;
}

/** Whether anything is at a path, a link to nowhere included. */
export function somethingAt(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a file that resolveWritable accepted, opened without following a link or waiting on a pipe, and checked again
 * on the opened file itself (plain-files.ts), so a file swapped for a link after the check is not read either.
 */
export function readPlainFile(path: string, shown: string): Buffer {
  try {
    return readPlain(path);
  } catch (error) {
    if (error instanceof NotPlainFile) throw refusePath('notPlainPath', shown, error.message);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw refusePath('placeGone', shown);
    throw error;
  }
}

/**
 * The name of a temporary file createExclusiveFile makes: hidden, a random part, and what it is for. Nothing counts
 * it as a change of the author's or anyone's (site-repository.ts leaves it out of git's status, the checker skips
 * hidden files), and a start after a stop removes any left.
 */
export const TEMPORARY_FILE = /^\..+\.[0-9a-f]{16}\.(saving|uploading)$/;

/** The one call through which the editor's server writes bytes into a file: a test makes it fail as a full disk does. */
export const fileWrites = { writeSync };

/** Writes all of `bytes` into an open file, at its current place. */
export function writeWhole(descriptor: number, bytes: Buffer | string): void {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  for (let done = 0; done < buffer.length;)
    done += fileWrites.writeSync(descriptor, buffer, done, buffer.length - done);
}

/**
 * Creates a new hidden file beside `target` that no one else can have prepared: a random name, created exclusively
 * (it fails on anything already there, a planted link included) and never through a link, holding `bytes` when given.
 * Returns its path; when the bytes cannot be written (a full disk), the file is removed before the failure is thrown.
 */
export function createExclusiveFile(target: string, suffix: 'saving' | 'uploading', bytes?: Buffer | string): string {
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(8).toString('hex')}.${suffix}`);
  const descriptor = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o644);
  try {
    if (bytes !== undefined) writeWhole(descriptor, bytes);
  } catch (error) {
    closeSync(descriptor);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(descriptor);
  return temporary;
}

/**
 * Writes `text` to a file resolveWritable accepted, whole or not at all: into an exclusive temporary file in the same
 * folder, then renamed over the target after the target and its folder are checked once more. A rename replaces a
 * link at the target's place rather than writing through it, and the check refuses that case anyway.
 *
 * What remains: Node has no openat()/renameat() on a held folder, so between the last check and the rename another
 * program that can already write inside the writable folder could swap a parent folder for a link. Only a program
 * that could change these files directly can do that; no request to the editor can.
 */
export function replaceFileContents(
  siteDir: string,
  target: string,
  text: string | Buffer,
  folder: WritableFolder,
): void {
  preparedReplacement(siteDir, target, text, folder).place();
}

/** A file's new contents written beside it, not yet in its place: `place` puts it there, `drop` forgets it. */
export interface PreparedReplacement {
  place(): void;
  drop(): void;
}

/**
 * The first half of replaceFileContents: the new contents written into an exclusive temporary file beside the
 * target, where the editor's own checks never count it. A save of several files writes every one first, so a full
 * disk stops it before any file has changed; only then are they put in place, renames that take no space.
 */
export function preparedReplacement(
  siteDir: string,
  target: string,
  text: string | Buffer,
  folder: WritableFolder,
): PreparedReplacement {
  const shown = JSON.stringify(relative(siteDir, target).split(sep).join('/'));
  const realBase = realFolder(siteDir, folder);
  assertInside(dirname(target), realBase, shown, folder);
  const temporary = createExclusiveFile(target, 'saving', text);
  const drop = () => rmSync(temporary, { force: true });
  return {
    drop,
    place: () => {
      try {
        assertInside(dirname(target), realBase, shown, folder);
        if (somethingAt(target)) assertPlainFile(target, shown);
        renameSync(temporary, target);
      } catch (error) {
        drop();
        throw error;
      }
    },
  };
}

/**
 * Removes a link (or another thing that is not a plain file) found where an author's file belongs, inside a writable
 * folder: the link itself goes, whatever it points to, which is never followed. For putting an author's file back
 * where a teammate's commit left a link. Nothing happens where there is no such thing.
 */
export function removeLinkAt(siteDir: string, requested: string, folder: WritableFolder): void {
  const shown = JSON.stringify(requested);
  const segments = requested.split('/');
  if (!requested.startsWith(`${folder}/`) || segments.some((part) => part === '' || part === '.' || part === '..'))
    throw refusePath('outsideWritable', shown, folder);
  const target = join(siteDir, ...segments);
  if (!somethingAt(target) || lstatSync(target).isFile()) return;
  if (!lstatSync(target).isSymbolicLink()) throw refusePath('notPlainPath', shown, 'is not a file');
  // Its folder must really be inside the writable folder, as for any file the editor writes.
  assertInside(dirname(target), realFolder(siteDir, folder), shown, folder);
  unlinkSync(target);
}

/**
 * Removes a file resolveWritable accepted, after checking once more that its folder is inside the writable folder
 * and that it is one plain file: a link planted in its place is refused, never followed.
 */
export function removePlainFile(siteDir: string, target: string, folder: WritableFolder): void {
  const shown = JSON.stringify(relative(siteDir, target).split(sep).join('/'));
  assertInside(dirname(target), realFolder(siteDir, folder), shown, folder);
  assertPlainFile(target, shown);
  unlinkSync(target);
}
