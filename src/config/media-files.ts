import { extname } from 'node:path';
import type { FileKind } from './schema-registry.ts';

/** What a file really is, from its first bytes (its "magic number"), whatever its name says. */
export type DetectedKind = 'webm' | 'matroska' | 'mp4' | 'quicktime' | 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'svg' | 'ico' | 'empty' | 'unknown';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);

/** The kind of a file from its first 64 bytes or so. */
export function detectFileKind(start: Buffer): DetectedKind {
  if (start.length === 0) return 'empty';
  if (start[0] === 0x1a && start[1] === 0x45 && start[2] === 0xdf && start[3] === 0xa3) {
    // EBML: WebM and Matroska differ by the DocType written in the header.
    return ascii(start, 0, start.length).includes('webm') ? 'webm' : 'matroska';
  }
  if (ascii(start, 4, 8) === 'ftyp') {
    const brand = ascii(start, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    return brand === 'qt  ' ? 'quicktime' : 'mp4';
  }
  if (start[0] === 0xff && start[1] === 0xd8 && start[2] === 0xff) return 'jpeg';
  if (ascii(start, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(start, 0, 6) === 'GIF87a' || ascii(start, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(start, 0, 4) === 'RIFF' && ascii(start, 8, 12) === 'WEBP') return 'webp';
  if (start[0] === 0 && start[1] === 0 && start[2] === 1 && start[3] === 0) return 'ico';
  const text = start
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^<(\?xml|svg|!--|!DOCTYPE svg)/i.test(text)) return 'svg';
  return 'unknown';
}

const DESCRIBED: Record<DetectedKind, string> = {
  webm: 'a WebM video',
  matroska: 'a Matroska (.mkv) video',
  mp4: 'an MP4 video',
  quicktime: 'a QuickTime (.mov) video',
  jpeg: 'a JPEG picture',
  png: 'a PNG picture',
  gif: 'a GIF picture',
  webp: 'a WebP picture',
  avif: 'an AVIF picture',
  svg: 'an SVG drawing',
  ico: 'an icon file',
  empty: 'empty (0 bytes)',
  unknown: 'not a picture or video that browsers can show (it may be a web page saved by mistake, or a damaged download)',
};

/** What a field asks for: the kinds it accepts, in words, and the extensions they have. */
const WANTED: Record<FileKind, { kinds: readonly DetectedKind[]; words: string; extensions: readonly string[]; fix: string }> = {
  webm: { kinds: ['webm'], words: 'the WebM version of the video', extensions: ['.webm'], fix: 'Export the video as WebM and put that file here.' },
  mp4: { kinds: ['mp4'], words: 'the MP4 version of the video', extensions: ['.mp4', '.m4v'], fix: 'Export the video as MP4 (H.264) and put that file here.' },
  image: {
    kinds: ['jpeg', 'png', 'gif', 'webp', 'avif', 'svg'],
    words: 'a picture',
    extensions: ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.avif', '.svg'],
    fix: 'Use a JPEG, PNG, WebP, AVIF or SVG picture.',
  },
  photo: {
    kinds: ['jpeg', 'png', 'gif', 'webp'],
    words: 'a picture that social networks can show',
    extensions: ['.jpg', '.jpeg', '.png', '.gif', '.webp'],
    fix: 'Use a JPEG or PNG picture, ideally 1200 × 630 pixels.',
  },
};

/** The endings of the files a field of a kind can name, such as [".webm"]. */
export const fileKindExtensions = (kind: FileKind): readonly string[] => WANTED[kind].extensions;

/** Whether a value names a kind of file a field can ask for with "x-file-kind". */
export const isFileKind = (value: unknown): value is FileKind => typeof value === 'string' && Object.hasOwn(WANTED, value);

/**
 * Why a file in public/ cannot serve a field that needs one kind of file (an .mp4 in the WebM field, a poster that
 * is really a video, an empty file), or undefined when it can. `start` is the file's first bytes.
 */
export function fileKindProblem(path: string, start: Buffer, kind: FileKind): string | undefined {
  const wanted = WANTED[kind];
  const detected = detectFileKind(start);
  const extension = extname(path).toLowerCase();
  if (wanted.kinds.includes(detected)) {
    const extensionKind = Object.entries(WANTED).find(([, other]) => other.extensions.includes(extension) && !other.kinds.includes(detected));
    return extensionKind && !wanted.extensions.includes(extension)
      ? `is ${DESCRIBED[detected]}, but its name ends in ${extension}. Rename the file so its ending says what it is.`
      : undefined;
  }
  const nameSays = wanted.extensions.includes(extension)
    ? ` Its name ends in ${extension}, but the file is ${DESCRIBED[detected]}.`
    : ` It is ${DESCRIBED[detected]}.`;
  return `is not ${wanted.words}, which this field needs.${nameSays} ${wanted.fix}`;
}
