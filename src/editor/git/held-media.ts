/**
 * Uploads held aside until Save: a picture or video the author uploads waits outside the site, in this computer's
 * cache, and moves into public/media/ when Save writes a config file that uses it. An upload tried and dropped never
 * reaches the site or its history. The folder is kept per site, so unsaved changes restored after a restart of the
 * editor still find their uploads.
 */
import { createHash } from 'node:crypto';
import { existsSync, linkSync, lstatSync, mkdirSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { freeMediaName, heldRenameTo, heldUploadList } from '../model/held-uploads.ts';
import type { HeldUpload } from '../protocol/files.ts';
import { refuse, refusalWords } from '../protocol/refusals.ts';
import { RefusedPath, refusePath, resolveWritable, somethingAt } from './safe-path.ts';

/** Where this site's held uploads wait: under $XDG_CACHE_HOME (or ~/.cache), in a folder named after the site. */
export function heldMediaFolder(siteDir: string): string {
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const site = createHash('sha256').update(realpathSync(siteDir)).digest('hex').slice(0, 16);
  return join(cache, 'site-editor', site, 'uploads');
}

/** The folder of held uploads, made for this user alone when missing; never a link someone planted. */
export function ensureHeldMediaFolder(siteDir: string): string {
  const folder = heldMediaFolder(siteDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stats = lstatSync(folder);
  if (!stats.isDirectory() || stats.isSymbolicLink()) throw refusePath('notPlainFolder', folder);
  return folder;
}

/** A held file's name is one a file of public/media/ could have: no folder, not hidden. */
const isPlainName = (name: string) => /^[a-z0-9][a-z0-9._-]*$/i.test(name) && !name.includes('..');

/** The held uploads, by the path pages use without its "/" (media/launch.mp4), and where each is on disk. */
export function heldMedia(siteDir: string): Map<string, string> {
  const folder = heldMediaFolder(siteDir);
  if (!existsSync(folder)) return new Map();
  return new Map(
    readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile() && isPlainName(entry.name))
      .map((entry) => [`media/${entry.name}`, join(folder, entry.name)]),
  );
}

/** The held uploads as the editor lists them (model/held-uploads.ts): uploaded when last written, oldest first. */
export function heldUploadsOf(siteDir: string): HeldUpload[] {
  return heldUploadList(
    [...heldMedia(siteDir)].flatMap(([path, file]) => {
      // One a save placed in the site meanwhile (saves do not wait for this list) is no longer held.
      const stats = statSync(file, { throwIfNoEntry: false });
      return stats ? [{ path: `public/${path}`, bytes: stats.size, uploadedAt: stats.mtimeMs }] : [];
    }),
  );
}

/**
 * Keeps a checked upload (a file in the held folder) under the name wanted, or wanted-2, -3... (model/held-uploads.ts)
 * so that no file of public/media/ nor another held upload has it. Returns the name.
 */
export function holdUnderFreeName(siteDir: string, temporary: string, wanted: string): string {
  const folder = ensureHeldMediaFolder(siteDir);
  return freeMediaName(wanted, (name) => {
    // Taken by anything already in public/media/, a link included (even one that points nowhere).
    if (somethingAt(join(siteDir, 'public/media', name))) return true;
    try {
      // A second name for the same file: fails on anything already there, a link included.
      linkSync(temporary, join(folder, name));
      return false;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return true;
    }
  });
}

/** A held upload's file by its address ("/media/launch.mp4"), refused in words when no upload is held there. */
function heldFileOf(siteDir: string, src: string): string {
  const file = heldMedia(siteDir).get(src.replace(/^\//, ''));
  if (!file) throw refuse('heldUploadGone', src);
  return file;
}

/**
 * Gives a held upload the name the author typed (model/held-uploads.ts says which names may be), never another file's
 * of public/media/ nor another upload's: its new address. The file keeps its bytes and its upload time.
 */
export function renameHeldMedia(siteDir: string, src: string, typed: string): string {
  const file = heldFileOf(siteDir, src);
  const name = heldRenameTo(typed, basename(file), (name) => somethingAt(join(siteDir, 'public/media', name)));
  if (name === undefined) return src;
  try {
    // A second name for the same file, then the first one goes: fails on anything already there (another upload's
    // name, a link), which is how another upload's name is found taken.
    linkSync(file, join(dirname(file), name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw refuse('heldNameTaken', name);
    throw error;
  }
  rmSync(file, { force: true });
  return `/media/${name}`;
}

/** Lets a held upload go: it never joins the site. */
export function removeHeldMedia(siteDir: string, src: string): void {
  rmSync(heldFileOf(siteDir, src), { force: true });
}

/** A held upload that could not join public/media/, with the reason in words. */
class HeldMediaRefused extends RefusedPath {}

/**
 * Moves into public/media/ every held upload `named` names ("/media/launch.mp4"), before the files that name them are
 * written, so a saved file never names a file that is not there. Never replaces a file or writes through a link.
 * Returns the paths moved.
 */
export function placeHeldMedia(siteDir: string, named: ReadonlySet<string>): string[] {
  const placed: string[] = [];
  for (const [path, held] of heldMedia(siteDir)) {
    const src = `/${path}`;
    if (!named.has(src)) continue;
    mkdirSync(join(siteDir, 'public/media'), { recursive: true });
    const target = resolveWritable(siteDir, `public/${path}`, 'public/media');
    try {
      linkSync(held, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      throw new HeldMediaRefused('uploadNameTaken', refusalWords('uploadNameTaken', src));
    }
    rmSync(held, { force: true });
    placed.push(src);
  }
  return placed;
}

/** How long an upload that no save has used is kept: long enough for unsaved changes left for a holiday. */
export const HELD_MEDIA_DAYS = 30;

/**
 * Forgets the held uploads no save has used in HELD_MEDIA_DAYS days, so tried and dropped files do not pile up in the
 * cache. Called when the editor starts. Returns the paths forgotten.
 */
export function forgetOldHeldMedia(siteDir: string): string[] {
  const now = Date.now();
  const forgotten: string[] = [];
  for (const [path, file] of heldMedia(siteDir)) {
    if (now - statSync(file).mtimeMs < HELD_MEDIA_DAYS * 24 * 60 * 60 * 1000) continue;
    rmSync(file, { force: true });
    forgotten.push(`/${path}`);
  }
  return forgotten;
}
