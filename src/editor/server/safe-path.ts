import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  lstatSync,
  openSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { notPlainBecause, NotPlainFile, readPlainFile as readPlain } from '../../checker/plain-files.ts';

/** The only folders the editor writes to, relative to the site's folder. */
export const WRITABLE_FOLDERS = ['config', 'public/media'] as const;
export type WritableFolder = (typeof WRITABLE_FOLDERS)[number];

/**
 * A path the editor will not read or write, with the reason in words naming the path (a guard's word, so not one of
 * the catalogue's cases: each names what it found), answered as a request that cannot be done as asked.
 */
export class RefusedPath extends Error {
  readonly status = 400;
}

/** Opening flags that never follow a link at the last part of a path (O_NOFOLLOW is 0 where the system has none). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * The real folder the writable folder is, after following links; everything the editor touches must be inside it,
 * and it must be inside the site's folder itself (a config/ that is a link to elsewhere is refused).
 */
function realFolder(siteDir: string, folder: WritableFolder): string {
  const real = realpathSync(join(siteDir, folder));
  const site = realpathSync(siteDir);
  if (!real.startsWith(site + sep))
    throw new RefusedPath(`${folder}/ is a link to a folder outside the site; the editor writes only inside the site.`);
  return real;
}

/** The writable folder's path, once checked to be a real folder inside the site. */
export function checkedWritableFolder(siteDir: string, folder: WritableFolder): string {
  realFolder(siteDir, folder);
  return join(siteDir, folder);
}

/** Throws unless `dir` (which exists) really is inside the writable folder once links are followed. */
function assertInside(dir: string, realBase: string, shown: string, folder: WritableFolder): void {
  const real = realpathSync(dir);
  if (real !== realBase && !real.startsWith(realBase + sep))
    throw new RefusedPath(`${shown} leads out of ${folder}/ through a link.`);
}

/**
 * Throws unless an existing path is one plain file (plain-files.ts): not a link, not a folder, not a second name of a
 * file elsewhere.
 */
function assertPlainFile(path: string, shown: string): void {
  const why = notPlainBecause(path, lstatSync(path));
  if (why) throw new RefusedPath(`${shown} ${why}.`);
}

/**
 * The absolute path of `requested` (such as "config/pages/home.json"), when it is a plain relative path inside one
 * of the writable folders: no absolute path, no "..", no hidden file or folder, no backslash, no link that leads out
 * of the folder, and, when the file exists, a plain file with no other name. Throws RefusedPath otherwise.
 */
export function resolveWritable(siteDir: string, requested: unknown, folder: WritableFolder): string {
  if (typeof requested !== 'string' || requested === '') throw new RefusedPath('No file was named.');
  const shown = JSON.stringify(requested);
  if (requested.includes('\0') || requested.includes('\\'))
    throw new RefusedPath(`${shown} is not a file path the editor accepts.`);
  if (requested.startsWith('/') || /^[a-zA-Z]:/.test(requested))
    throw new RefusedPath(
      `${shown} is an absolute path; the editor takes paths inside the site, such as ${folder}/...`,
    );
  const segments = requested.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
    throw new RefusedPath(`${shown} steps out of its folder ("..") or has an empty part.`);
  if (segments.some((segment) => segment.startsWith('.')))
    throw new RefusedPath(`${shown} is a hidden file or folder, which the editor never touches.`);
  if (!requested.startsWith(`${folder}/`))
    throw new RefusedPath(`${shown} is outside ${folder}/, where the editor may write.`);

  const base = join(siteDir, folder);
  const target = join(siteDir, ...segments);
  if (relative(base, target).startsWith('..')) throw new RefusedPath(`${shown} is outside ${folder}/.`);
  // The nearest folder that exists must really be inside the writable folder, after following links.
  let existing = dirname(target);
  while (!existsSync(existing)) existing = dirname(existing);
  assertInside(existing, realFolder(siteDir, folder), shown, folder);
  if (somethingAt(target)) assertPlainFile(target, shown);
  return target;
}

/** Whether anything is at a path, a link to nowhere included. */
function somethingAt(path: string): boolean {
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
    if (error instanceof NotPlainFile) throw new RefusedPath(`${shown} ${error.message}.`);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new RefusedPath(`${shown} does not exist.`);
    throw error;
  }
}

/** The name of a temporary file createExclusiveFile makes: hidden, a random part, and what it is for. */
export const TEMPORARY_FILE = /^\..+\.[0-9a-f]{16}\.(saving|uploading)$/;

/**
 * Creates a new hidden file beside `target` that no one else can have prepared: a random name, created exclusively
 * (it fails on anything already there, a planted link included) and never through a link. Returns its path.
 */
export function createExclusiveFile(target: string, suffix: 'saving' | 'uploading', bytes?: Buffer | string): string {
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(8).toString('hex')}.${suffix}`);
  const descriptor = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o644);
  try {
    if (bytes !== undefined) writeSync(descriptor, typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
  } finally {
    closeSync(descriptor);
  }
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
  const shown = JSON.stringify(relative(siteDir, target).split(sep).join('/'));
  const realBase = realFolder(siteDir, folder);
  assertInside(dirname(target), realBase, shown, folder);
  const temporary = createExclusiveFile(target, 'saving', text);
  try {
    assertInside(dirname(target), realBase, shown, folder);
    if (somethingAt(target)) assertPlainFile(target, shown);
    renameSync(temporary, target);
  } catch (error) {
    unlinkSync(temporary);
    throw error;
  }
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
    throw new RefusedPath(`${shown} is not a path inside ${folder}/.`);
  const target = join(siteDir, ...segments);
  if (!somethingAt(target) || lstatSync(target).isFile()) return;
  if (!lstatSync(target).isSymbolicLink()) throw new RefusedPath(`${shown} is not a file.`);
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
