/**
 * The site's content as both editors publish it: the folders they touch, which files are pictures and videos, and
 * which of those a config file's data names. Plain functions of paths and data.
 */
import { fileKindExtensions, isFileKind, mediaOfPath } from '../../content/file-formats.ts';
import type { MediaFile } from '../protocol/files.ts';
import { parseJson } from './json-edit.ts';

/** Where the site's pictures and videos are kept. */
export const MEDIA_PREFIX = 'public/media/';
export const isMedia = (path: string) => path.startsWith(MEDIA_PREFIX);

/** The folders publishing touches, as git names them. */
export const CONTENT = ['config', 'public/media'] as const;

/** Whether the editor publishes a path: inside config/ or public/media/, with no hidden file or folder on the way. */
export const inContent = (path: string) =>
  CONTENT.some((folder) => path.startsWith(`${folder}/`)) && !path.split('/').some((part) => part.startsWith('.'));

/** Every text in a config file's data that names a file of public/media/, such as "/media/hero.mp4". */
export function mediaNamedIn(data: unknown, into = new Set<string>()): Set<string> {
  if (typeof data === 'string') {
    if (data.startsWith('/media/')) into.add(data.split(/[?#]/)[0]!);
  } else if (Array.isArray(data)) for (const item of data) mediaNamedIn(item, into);
  else if (typeof data === 'object' && data !== null)
    for (const value of Object.values(data)) mediaNamedIn(value, into);
  return into;
}

/** Every file of public/media/ that these config files (their texts or bytes) name: what their fields show. */
export function mediaNamedInFiles(files: Iterable<string | Uint8Array | undefined>): Set<string> {
  const named = new Set<string>();
  for (const file of files) mediaNamedIn(parseJson(file), named);
  return named;
}

/** A picture or video found where the site keeps them, or held for a save: its path and size. */
export interface FoundMedia {
  /** Its path in the site, public/media/…. */
  readonly path: string;
  readonly bytes: number;
  /** Uploaded, and waiting for a save that names it. */
  readonly held: boolean;
}

/**
 * The media picker's list, the same in both editors: every picture and video found or held, by the address pages use,
 * marked with whether a saved config file names it; only those a field of `kind` can name, when given; never a hidden
 * file; in order of address.
 */
export function mediaListing(found: Iterable<FoundMedia>, named: ReadonlySet<string>, kind?: string): MediaFile[] {
  const fits = (path: string) => {
    const ending = /\.[^./]+$/.exec(path)?.[0]?.toLowerCase() ?? '';
    return isFileKind(kind) ? fileKindExtensions(kind).includes(ending) : mediaOfPath(path) !== undefined;
  };
  return [...found]
    .filter(({ path }) => isMedia(path) && !path.split('/').at(-1)!.startsWith('.') && fits(path))
    .map(({ path, bytes, held }): MediaFile => {
      const src = path.slice('public'.length);
      return { src, kind: mediaOfPath(path)!, bytes, ...(held ? { held } : {}), used: named.has(src) };
    })
    .sort((a, b) => a.src.localeCompare(b.src));
}
