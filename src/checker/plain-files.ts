/**
 * The one rule for every reader of a site's files, the checker (and so the build and the editor's preview) and the
 * editor's API and media alike: a file in config/ or public/ is read only when it is a plain file of its folder.
 * Not a link, which could lead anywhere on the computer; not a second name of a file elsewhere (a hard link); not a
 * device, pipe or socket, which a read would wait on forever. What one reader refuses, every reader refuses.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readlinkSync, type Stats } from 'node:fs';

/**
 * Opening flags: never through a link at the last part of the path, and never waiting on a pipe (flags are 0 where the
 * system has none).
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Why a file or folder (by what lstat says of it) is not read, as words that follow its name ("is a link to …"), or
 * undefined for a plain one.
 */
export function notPlainBecause(path: string, stats: Stats, kind: 'file' | 'folder' = 'file'): string | undefined {
  if (stats.isSymbolicLink()) {
    let target = '';
    try {
      target = ` to ${readlinkSync(path)}`;
    } catch {
      // Gone between the two looks: said without where it leads.
    }
    return `is a link${target}, and the site's tools read only real files and folders. Put the ${kind} itself in its place`;
  }
  if (kind === 'folder') return stats.isDirectory() ? undefined : 'is not a folder';
  if (!stats.isFile())
    return 'is not a regular file (it is a device, a pipe or a socket). Put a real file in its place, or remove it';
  if (stats.nlink > 1)
    return 'is a second name (a hard link) of a file that may be elsewhere. Replace it with a copy of the file';
  return undefined;
}

/**
 * Why a folder the site is read from (config/, public/) is not read, as words that follow "this folder": a link in
 * its place, which could lead anywhere on the computer, or a file; undefined when it is a plain folder, or not there.
 */
export function notPlainFolderBecause(path: string): string | undefined {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch {
    return undefined;
  }
  if (!stats.isSymbolicLink() && !stats.isDirectory())
    return 'is a file, not a folder. Put the folder itself in its place';
  return notPlainBecause(path, stats, 'folder');
}

/** A file that is not read, and why. */
export class NotPlainFile extends Error {}

/**
 * Opens a file for reading when it is a plain file: checked on the opened file itself, so a file swapped for a link or
 * a pipe after a look is refused too. The caller closes the descriptor. Throws NotPlainFile, or the system's error.
 */
export function openPlainFile(path: string): { descriptor: number; stats: Stats } {
  let descriptor: number;
  try {
    descriptor = openSync(path, OPEN_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP')
      throw new NotPlainFile(notPlainBecause(path, lstatSync(path)) ?? 'is a link');
    throw error;
  }
  const stats = fstatSync(descriptor);
  const why = notPlainBecause(path, stats);
  if (why) {
    closeSync(descriptor);
    throw new NotPlainFile(why);
  }
  return { descriptor, stats };
}

/** A plain file's bytes (see openPlainFile). */
export function readPlainFile(path: string): Buffer {
  const { descriptor } = openPlainFile(path);
  try {
    return readFileSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
