/**
 * The pictures and videos the site can show, declared once: each format's name in words, file endings, MIME type and
 * upload limit, and what each kind of file field ("x-file-kind" in the schemas) accepts. The checker
 * (src/checker/media-files.ts), the editor's upload and media server (src/editor/server/), its request guard, its
 * picker (src/editor/app/MediaWidget.tsx) and its words for a change all read these tables; none writes its own list.
 */

import { PICTURE_KINDS, type PictureKindName } from './pictures.ts';

/** What a file really is, from its first bytes (its "magic number"), whatever its name says. */
export type DetectedKind =
  | 'webm'
  | 'matroska'
  | 'mp4'
  | 'quicktime'
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'webp'
  | 'avif'
  | 'svg'
  | 'ico'
  | 'empty'
  | 'unknown';

/** A format a browser shows, or one the checker recognises to say what a file is. */
export interface FileFormat {
  /** The format in words, as a message names it: "a WebM video". */
  readonly words: string;
  /** Its file endings, the usual one first. */
  readonly extensions: readonly string[];
  /** How a server sends it. */
  readonly mime?: string;
  /** Whether it is a picture or a video, for the formats the site shows. */
  readonly media?: 'image' | 'video';
  /** The largest upload of it the editor takes, in bytes; formats without one cannot be uploaded. */
  readonly maxUploadBytes?: number;
}

const MB = 1024 * 1024;

export const FILE_FORMATS: Readonly<Record<DetectedKind, FileFormat>> = {
  webm: { words: 'a WebM video', extensions: ['.webm'], mime: 'video/webm', media: 'video', maxUploadBytes: 100 * MB },
  matroska: { words: 'a Matroska (.mkv) video', extensions: ['.mkv'] },
  mp4: {
    words: 'an MP4 video',
    extensions: ['.mp4', '.m4v'],
    mime: 'video/mp4',
    media: 'video',
    maxUploadBytes: 100 * MB,
  },
  quicktime: { words: 'a QuickTime (.mov) video', extensions: ['.mov'] },
  jpeg: {
    words: 'a JPEG picture',
    extensions: ['.jpg', '.jpeg'],
    mime: 'image/jpeg',
    media: 'image',
    maxUploadBytes: 10 * MB,
  },
  png: { words: 'a PNG picture', extensions: ['.png'], mime: 'image/png', media: 'image', maxUploadBytes: 10 * MB },
  gif: { words: 'a GIF picture', extensions: ['.gif'], mime: 'image/gif', media: 'image', maxUploadBytes: 10 * MB },
  webp: { words: 'a WebP picture', extensions: ['.webp'], mime: 'image/webp', media: 'image', maxUploadBytes: 10 * MB },
  avif: {
    words: 'an AVIF picture',
    extensions: ['.avif'],
    mime: 'image/avif',
    media: 'image',
    maxUploadBytes: 10 * MB,
  },
  svg: { words: 'an SVG drawing', extensions: ['.svg'], mime: 'image/svg+xml', media: 'image' },
  ico: { words: 'an icon file', extensions: ['.ico'], mime: 'image/x-icon', media: 'image' },
  empty: { words: 'empty (0 bytes)', extensions: [] },
  unknown: {
    words:
      'not a picture or video that browsers can show (it may be a web page saved by mistake, or a damaged download)',
    extensions: [],
  },
};

/** Formats by name, as a sentence lists them: "JPEG, PNG, WebP or AVIF" (the name is the word after "a"/"an"). */
export function formatNames(formats: readonly DetectedKind[]): string {
  const names = formats.map((format) => FILE_FORMATS[format].words.split(' ')[1]!);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/** The formats the editor takes as uploads: pictures, then videos, each in the table's order. */
export const UPLOADABLE_FORMATS = (['image', 'video'] as const).flatMap((media) =>
  (Object.keys(FILE_FORMATS) as DetectedKind[]).filter(
    (format) => FILE_FORMATS[format].media === media && FILE_FORMATS[format].maxUploadBytes !== undefined,
  ),
);

const IMAGE_FORMATS: readonly DetectedKind[] = ['jpeg', 'png', 'gif', 'webp', 'avif', 'svg'];
/** What the image pipeline reads (pictures.ts). */
const PIPELINE_FORMATS: readonly DetectedKind[] = ['jpeg', 'png', 'webp', 'avif'];

/** The kinds of file a field can ask for with "x-file-kind". */
export type FileKind = 'webm' | 'mp4' | 'image' | 'photo' | PictureKindName;

/** What a field of each kind accepts: the formats, the field's need in words, and how to fix a wrong file. */
export const FIELD_FILE_KINDS: Readonly<
  Record<
    FileKind,
    { readonly formats: readonly DetectedKind[]; readonly words: string; readonly short: string; readonly fix: string }
  >
> = {
  webm: {
    formats: ['webm'],
    words: 'the WebM version of the video',
    short: 'a WebM video',
    fix: 'Export the video as WebM and put that file here.',
  },
  mp4: {
    formats: ['mp4'],
    words: 'the MP4 version of the video',
    short: 'an MP4 video',
    fix: 'Export the video as MP4 (H.264) and put that file here.',
  },
  image: {
    formats: IMAGE_FORMATS,
    words: 'a picture',
    short: 'a picture',
    fix: `Use a ${formatNames(IMAGE_FORMATS)} picture.`,
  },
  photo: {
    formats: ['jpeg', 'png', 'gif', 'webp'],
    words: 'a picture that social networks can show',
    short: 'a picture',
    fix: 'Use a JPEG or PNG picture, ideally 1200 × 630 pixels.',
  },
  // Pictures the image pipeline makes every size and format of (pictures.ts): it reads these four.
  'creator-photo': {
    formats: PIPELINE_FORMATS,
    words: `a photo the site can make every size of (${formatNames(PIPELINE_FORMATS)})`,
    short: 'a photo',
    fix: `Use a ${formatNames(PIPELINE_FORMATS)} photo.`,
  },
  'project-image': {
    formats: PIPELINE_FORMATS,
    words: `a picture the site can make every size of (${formatNames(PIPELINE_FORMATS)})`,
    short: 'a picture',
    fix: `Use a ${formatNames(PIPELINE_FORMATS)} picture.`,
  },
};

/** Whether a kind of file field holds a picture the image pipeline makes sizes of, with a least size. */
export const isPictureKind = (kind: FileKind): kind is PictureKindName => Object.hasOwn(PICTURE_KINDS, kind);

/** Whether a value names a kind of file a field can ask for with "x-file-kind". */
export const isFileKind = (value: unknown): value is FileKind =>
  typeof value === 'string' && Object.hasOwn(FIELD_FILE_KINDS, value);

/** The endings of the files a field of a kind can name, such as [".webm"]. */
export const fileKindExtensions = (kind: FileKind): readonly string[] =>
  FIELD_FILE_KINDS[kind].formats.flatMap((format) => FILE_FORMATS[format].extensions);

/**
 * The MIME types of what can be uploaded into a field of a kind, for a file chooser's "accept", such as "video/webm".
 */
export const uploadMimeTypes = (kind: FileKind): string[] =>
  FIELD_FILE_KINDS[kind].formats.flatMap((format) =>
    FILE_FORMATS[format].maxUploadBytes && FILE_FORMATS[format].mime ? [FILE_FORMATS[format].mime!] : [],
  );

/** The format a file ending stands for among those the site shows, such as png for ".PNG". */
export function formatOfExtension(extension: string): FileFormat | undefined {
  const lower = extension.toLowerCase();
  return Object.values(FILE_FORMATS).find((format) => format.media && format.extensions.includes(lower));
}

/** Whether a path (or address) names a picture or a video the site shows, by its file ending; undefined for others. */
export function mediaOfPath(path: string): FileFormat['media'] {
  const ending = /\.[^./]+$/.exec(path)?.[0];
  return ending ? formatOfExtension(ending)?.media : undefined;
}
