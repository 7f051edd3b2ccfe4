/**
 * Uploads the editor holds for a save, the same rules in both editors: the name an upload may be kept under (a name a
 * file of public/media/ may have, which the checker takes), the free name it gets beside the site's files and the
 * other uploads, a rename the author asks for, and which of the author's unsaved fields name one. npm run edit holds
 * uploads in a folder of this computer's cache (git/held-media.ts), the editor at /admin/ in the browser
 * (model/browser-uploads.ts); both decide here. Plain functions, no Node API.
 */
import { fileNameProblem } from '../../content/file-names.ts';
import { formatOfExtension, mediaOfPath } from '../../content/file-formats.ts';
import type { HeldUpload } from '../protocol/files.ts';
import { refuse } from '../protocol/refusals.ts';
import { mediaNamedIn, MEDIA_PREFIX } from './content-files.ts';

/** A name of public/media/ that every computer and host keeps as it is: letters, digits, dots, dashes, underscores. */
const PLAIN_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

/**
 * Why a picture or video cannot be kept in public/media/ as `name` (a name alone, no folder), in words that follow the
 * name, as the checker's follow a file; undefined when it can. The checker's rule for every file (content/file-names.ts)
 * and a plain name, so it shows the same on every computer and host.
 */
export function heldNameProblem(name: string): string | undefined {
  if (name.includes('/') || name.includes('\\')) return 'has a folder in it. Give a name alone, such as beach-day.jpg.';
  const problem = fileNameProblem(`${MEDIA_PREFIX}${name}`);
  if (problem) return problem;
  if (name.startsWith('.')) return 'starts with a dot, which hides a file. Start it with a letter or digit.';
  if (name.includes('..')) return 'has two dots in a row. Use one dot, before its ending.';
  if (!PLAIN_NAME.test(name))
    return 'has a character other than letters, digits, dashes, dots and underscores, or starts with one. Rename it with letters, digits and dashes.';
  return undefined;
}

/** A name's stem and its ending ("beach-day", ".jpg"); a name with no dot past its first letter has no ending. */
function stemAndEnding(name: string): [stem: string, ending: string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

/**
 * The first of `wanted`, then its stem with -2, -3… before its ending ("beach-day-2.jpg"), that `taken` does not
 * refuse: the one way both editors give an upload a name no other file has.
 */
export function freeMediaName(wanted: string, taken: (name: string) => boolean): string {
  const [stem, ending] = stemAndEnding(wanted);
  for (let count = 1; ; count++) {
    const name = count === 1 ? wanted : `${stem}-${count}${ending}`;
    if (!taken(name)) return name;
  }
}

/**
 * The name a rename asks for: what the author typed (its ending may be left off: the file's own is kept), in small
 * letters, or why it cannot be, in words. A picture's ending says what it is, so it never changes to another format's.
 */
export function renamedName(typed: string, current: string): { name: string } | { refused: string } {
  const [, ending] = stemAndEnding(current);
  const format = formatOfExtension(ending);
  const asked = typed.trim();
  if (asked === '') return { refused: 'Write the new name first.' };
  const [, typedEnding] = stemAndEnding(asked);
  const typedFormat = typedEnding ? formatOfExtension(typedEnding) : undefined;
  if (typedFormat && typedFormat !== format)
    return {
      refused: `${asked} ends with ${typedEnding}, but the file is ${format?.words ?? `a ${ending} file`}: keep its ending, ${ending}.`,
    };
  // In small letters, as every upload is named: "Hero.jpg" beside "hero.jpg" is one file on a Mac or on Windows.
  const name = (typedFormat ? asked : `${asked}${ending}`).toLowerCase();
  const problem = heldNameProblem(name);
  return problem ? { refused: `${name} ${problem}` } : { name };
}

/**
 * The name a held upload now called `current` takes when the author renames it to `typed` (renamedName), or undefined
 * when that is the name it has; refused in words when the name cannot be, or when `taken` says another file of the
 * site or another upload has it.
 */
export function heldRenameTo(typed: string, current: string, taken: (name: string) => boolean): string | undefined {
  const asked = renamedName(typed, current);
  if ('refused' in asked) throw refuse('heldNameRefused', asked.refused, current);
  if (asked.name === current) return undefined;
  if (taken(asked.name)) throw refuse('heldNameTaken', asked.name);
  return asked.name;
}

/** The uploads of `held` (public/media/… paths) that any of these config texts or data names. */
export function uploadsNamedIn(data: Iterable<unknown>, held: Iterable<string>): string[] {
  const named = new Set<string>();
  for (const item of data) mediaNamedIn(item, named);
  return [...held].filter((path) => named.has(path.slice('public'.length)));
}

/** Whether a text names the file at `src`, as a field does ("/media/hero.mp4", or with a query or anchor after it). */
const names = (text: string, src: string) => text.split(/[?#]/)[0] === src;

/** The places in a config file's data that name the file at `src` ("/media/beach.jpg"), as paths into the data. */
export function placesNaming(data: unknown, src: string, at: (string | number)[] = []): (string | number)[][] {
  if (typeof data === 'string') return names(data, src) ? [at] : [];
  if (Array.isArray(data)) return data.flatMap((item, index) => placesNaming(item, src, [...at, index]));
  if (typeof data === 'object' && data !== null)
    return Object.entries(data).flatMap(([key, value]) => placesNaming(value, src, [...at, key]));
  return [];
}

/** A config file's data with every text that names `from` naming `to` instead (a query or anchor after it kept). */
export function withMediaRenamed(data: unknown, from: string, to: string): unknown {
  if (typeof data === 'string') return names(data, from) ? `${to}${data.slice(from.length)}` : data;
  if (Array.isArray(data)) return data.map((item) => withMediaRenamed(item, from, to));
  if (typeof data === 'object' && data !== null)
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, withMediaRenamed(value, from, to)]));
  return data;
}

/** An upload as it is held: its path in the site (public/media/…), its size, and when it was uploaded (ms). */
export interface HeldFile {
  readonly path: string;
  readonly bytes: number;
  readonly uploadedAt: number;
}

/** The held uploads as the editor lists them, oldest first, each with what is wrong with its name, if anything. */
export function heldUploadList(held: Iterable<HeldFile>): HeldUpload[] {
  return [...held]
    .sort((a, b) => a.uploadedAt - b.uploadedAt || a.path.localeCompare(b.path))
    .map(({ path, bytes, uploadedAt }) => {
      const problem = heldNameProblem(path.slice(MEDIA_PREFIX.length));
      const kind = mediaOfPath(path);
      return {
        src: path.slice('public'.length),
        ...(kind ? { kind } : {}),
        bytes,
        uploadedAt: new Date(uploadedAt).toISOString(),
        ...(problem ? { nameProblem: problem } : {}),
      };
    });
}
