import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { detectFileKind, fileKindExtensions, fileKindProblem, type DetectedKind } from '../../config/media-files.ts';
import type { FileKind } from '../../config/schema-registry.ts';
import { RefusedPath, resolveWritable } from './safe-path.ts';
import { slugOf } from './slug.ts';

/** What can be uploaded: pictures and videos browsers show, each with its extension and largest size. */
const UPLOADABLE: Partial<Record<DetectedKind, { kind: 'image' | 'video'; extension: string; maxBytes: number }>> = {
  jpeg: { kind: 'image', extension: '.jpg', maxBytes: 10 * 1024 * 1024 },
  png: { kind: 'image', extension: '.png', maxBytes: 10 * 1024 * 1024 },
  webp: { kind: 'image', extension: '.webp', maxBytes: 10 * 1024 * 1024 },
  avif: { kind: 'image', extension: '.avif', maxBytes: 10 * 1024 * 1024 },
  gif: { kind: 'image', extension: '.gif', maxBytes: 10 * 1024 * 1024 },
  mp4: { kind: 'video', extension: '.mp4', maxBytes: 100 * 1024 * 1024 },
  webm: { kind: 'video', extension: '.webm', maxBytes: 100 * 1024 * 1024 },
};
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOADABLE).map((type) => type!.maxBytes));

export interface MediaFile {
  /** The address pages use, such as /media/hero.mp4. */
  readonly src: string;
  readonly kind: 'image' | 'video';
  readonly bytes: number;
}

const KIND_BY_EXTENSION: Record<string, 'image' | 'video'> = Object.fromEntries(
  Object.values(UPLOADABLE).flatMap((type) => [[type!.extension, type!.kind]]).concat([['.jpeg', 'image'], ['.svg', 'image'], ['.m4v', 'video']]),
);

/** Every picture and video under public/media/, by address; only those a field of `kind` can name, when given. */
export function listMedia(siteDir: string, kind?: FileKind): MediaFile[] {
  const folder = join(siteDir, 'public/media');
  if (!existsSync(folder)) return [];
  const fits = (name: string) => (kind ? fileKindExtensions(kind).includes(extname(name).toLowerCase()) : KIND_BY_EXTENSION[extname(name).toLowerCase()] !== undefined);
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && fits(entry.name))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const src = `/${path.slice(join(siteDir, 'public').length + 1).split('\\').join('/')}`;
      return { src, kind: KIND_BY_EXTENSION[extname(entry.name).toLowerCase()]!, bytes: statSync(path).size };
    })
    .sort((a, b) => a.src.localeCompare(b.src));
}

/** A file name anyone can type and any host serves: "Beach Day (1).JPG" becomes beach-day-1.jpg. */
export function safeFileName(name: string, extension: string): string {
  return `${slugOf(name.replace(/\.[^.]*$/, '')) || 'upload'}${extension}`;
}

/**
 * Saves an uploaded file into public/media/ under a safe name that does not replace another file, when it really
 * is a picture or video of the kind the field wants (`accept`, judged in the validator's words) and not too large.
 * Returns its address.
 */
export function saveUpload(siteDir: string, originalName: string, bytes: Buffer, accept: FileKind | 'any'): MediaFile {
  const detected = detectFileKind(bytes.subarray(0, 64));
  const type = UPLOADABLE[detected];
  if (!type) throw new RefusedPath(`${originalName} is not a picture or video the site can show (JPEG, PNG, WebP, AVIF, GIF, MP4 or WebM).`);
  // Judged under the name it will be saved with, whose ending always says what the file is.
  const problem = accept === 'any' ? undefined : fileKindProblem(`upload${type.extension}`, bytes.subarray(0, 64), accept);
  if (problem) throw new RefusedPath(`${originalName} ${problem}`);
  if (bytes.length > type.maxBytes) throw new RefusedPath(`${originalName} is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; ${type.kind === 'image' ? 'a picture' : 'a video'} can be at most ${type.maxBytes / 1024 / 1024} MB. Make it smaller first.`);
  const wanted = safeFileName(originalName, type.extension);
  mkdirSync(join(siteDir, 'public/media'), { recursive: true });
  let name = wanted;
  for (let count = 2; existsSync(join(siteDir, 'public/media', name)); count++) name = wanted.replace(/(\.[a-z0-9]+)$/, `-${count}$1`);
  const file = resolveWritable(siteDir, `public/media/${name}`, 'public/media');
  writeFileSync(file, bytes, { flag: 'wx' });
  return { src: `/media/${name}`, kind: type.kind, bytes: bytes.length };
}
