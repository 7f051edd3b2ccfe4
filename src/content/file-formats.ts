/**
 * The files the site can serve, declared once: each format's name in words, file endings, MIME type and upload limit,
 * what each kind of file field ("x-file-kind" in the schemas) accepts, and which files public/ takes (the formats it
 * serves, and the host's own files). The checker (src/checker/media-files.ts, active-content.ts), the editor's
 * upload and media server (src/editor/server/), its request guard, its picker (src/editor/app/MediaWidget.tsx) and its
 * words for a change all read these tables; none writes its own list.
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
  | 'woff2'
  | 'woff'
  | 'ttf'
  | 'otf'
  | 'pdf'
  | 'empty'
  | 'unknown';

/** What public/ serves a format as, in the words of the list of what it takes. */
const SERVED_AS = ['pictures', 'videos', 'fonts', 'PDF documents'] as const;
export type ServedAs = (typeof SERVED_AS)[number];

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
  /**
   * What public/ serves files of this format as, under any name with one of its endings: judged by their bytes (an
   * SVG drawing by every element and attribute it holds). Formats without it are not served.
   */
  readonly served?: ServedAs;
  /** Other formats a file with its endings may hold that browsers take just as well (a PNG named favicon.ico). */
  readonly alsoHolds?: readonly DetectedKind[];
}

const MB = 1024 * 1024;

/** A picture format the editor takes as an upload of up to 10 MB, and public/ serves. */
const picture = (mime: string) => ({ mime, media: 'image', maxUploadBytes: 10 * MB, served: 'pictures' }) as const;

export const FILE_FORMATS: Readonly<Record<DetectedKind, FileFormat>> = {
  webm: {
    words: 'a WebM video',
    extensions: ['.webm'],
    mime: 'video/webm',
    media: 'video',
    maxUploadBytes: 100 * MB,
    served: 'videos',
  },
  matroska: { words: 'a Matroska (.mkv) video', extensions: ['.mkv'] },
  mp4: {
    words: 'an MP4 video',
    extensions: ['.mp4', '.m4v'],
    mime: 'video/mp4',
    media: 'video',
    maxUploadBytes: 100 * MB,
    served: 'videos',
  },
  quicktime: { words: 'a QuickTime (.mov) video', extensions: ['.mov'] },
  jpeg: {
    words: 'a JPEG picture',
    extensions: ['.jpg', '.jpeg'],
    mime: 'image/jpeg',
    media: 'image',
    maxUploadBytes: 10 * MB,
    served: 'pictures',
  },
  png: { words: 'a PNG picture', extensions: ['.png'], ...picture('image/png') },
  gif: { words: 'a GIF picture', extensions: ['.gif'], ...picture('image/gif') },
  webp: { words: 'a WebP picture', extensions: ['.webp'], ...picture('image/webp') },
  avif: { words: 'an AVIF picture', extensions: ['.avif'], ...picture('image/avif') },
  svg: { words: 'an SVG drawing', extensions: ['.svg'], mime: 'image/svg+xml', media: 'image', served: 'pictures' },
  ico: {
    words: 'an icon file',
    extensions: ['.ico'],
    mime: 'image/x-icon',
    media: 'image',
    served: 'pictures',
    alsoHolds: ['png'],
  },
  woff2: { words: 'a WOFF2 font', extensions: ['.woff2'], mime: 'font/woff2', served: 'fonts' },
  woff: { words: 'a WOFF font', extensions: ['.woff'], mime: 'font/woff', served: 'fonts' },
  ttf: { words: 'a TrueType font', extensions: ['.ttf'], mime: 'font/ttf', served: 'fonts' },
  otf: { words: 'an OpenType font', extensions: ['.otf'], mime: 'font/otf', served: 'fonts' },
  pdf: { words: 'a PDF document', extensions: ['.pdf'], mime: 'application/pdf', served: 'PDF documents' },
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

/**
 * What a host's own file in public/ must hold: plain text with no markup (shown as text, or even as a page, by some
 * hosts), host rules (text the host reads and never shows as a page, where a header may hold "<"), or JSON.
 */
export type HostFileContent = 'plain text' | 'host rules' | 'json';

/** A file of public/ that a host or a browser looks for by its name, rather than a page of the site naming it. */
export interface HostFile {
  /** The paths in public/ it may have. */
  readonly path: RegExp;
  /** As a list of what public/ takes names it: "CNAME". */
  readonly example: string;
  readonly holds: HostFileContent;
}

/**
 * The host's own files public/ takes besides the formats it serves: the headers and redirects Netlify and Cloudflare
 * Pages read, GitHub Pages' domain and "publish as it is" files, files advertisers and browsers look for, files of
 * .well-known/ (security.txt, app links), and a search engine's verification page, which holds one line of text.
 * favicon.ico and favicon.svg are pictures, served as any other.
 */
export const HOST_FILES: readonly HostFile[] = [
  { path: /^_headers$/, example: '_headers', holds: 'host rules' },
  { path: /^_redirects$/, example: '_redirects', holds: 'host rules' },
  { path: /^CNAME$/, example: 'CNAME', holds: 'plain text' },
  { path: /^\.nojekyll$/, example: '.nojekyll', holds: 'plain text' },
  { path: /^(app-)?ads\.txt$/, example: 'ads.txt', holds: 'plain text' },
  { path: /^humans\.txt$/, example: 'humans.txt', holds: 'plain text' },
  { path: /^(site|manifest)\.webmanifest$/, example: 'site.webmanifest', holds: 'json' },
  { path: /^\.well-known\/[^/.]+\.json$/, example: '.well-known/assetlinks.json', holds: 'json' },
  { path: /^\.well-known\/[^/.]+(\.txt)?$/, example: '.well-known/security.txt', holds: 'plain text' },
  { path: /^[^/]+\.html$/, example: "a search engine's verification .html file", holds: 'plain text' },
  // Files git keeps a folder or its settings with.
  { path: /(^|\/)\.(gitkeep|keep|gitignore|gitattributes)$/, example: '.gitkeep', holds: 'plain text' },
];

/**
 * Files a computer's file browser leaves in a folder by itself (macOS Finder's, Windows Explorer's), which no browser
 * runs: never judged, so opening public/ in a file browser never makes the site invalid.
 */
export const LEFT_BY_FILE_BROWSERS: readonly string[] = ['.DS_Store', 'Thumbs.db', 'desktop.ini'];

/** Whether a path of public/ is a file its folder's file browser left there by itself. */
export const isLeftByFileBrowser = (path: string) =>
  LEFT_BY_FILE_BROWSERS.includes(path.slice(path.lastIndexOf('/') + 1));

/**
 * Files the build writes into the built site itself, from config/: a copy in public/ would be replaced (or replace
 * what the build wrote), so it is refused with that reason.
 */
export const BUILT_FILES: readonly string[] = [
  'robots.txt',
  'sitemap.xml',
  'site-version.json',
  'index.html',
  '404.html',
];

/** A file name's ending in lower case, such as ".png", or "" when it has none (".nojekyll" has none). */
export function endingOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot);
}

/** The format public/ serves a file as, by its ending (any case), or undefined when it serves no format by that name. */
export function servedFormatOf(path: string): DetectedKind | undefined {
  const ending = endingOf(path);
  if (!ending) return undefined;
  return (Object.keys(FILE_FORMATS) as DetectedKind[]).find(
    (format) => FILE_FORMATS[format].served && FILE_FORMATS[format].extensions.includes(ending),
  );
}

/** The host's own file a path of public/ is (media/x is none), or undefined. */
export const hostFileOf = (path: string): HostFile | undefined => HOST_FILES.find((file) => file.path.test(path));

/** What public/ takes, as a sentence tells an author: the endings of the formats it serves and the host's files. */
export function whatPublicTakes(): string {
  const served = SERVED_AS.map(
    (kind) =>
      `${kind} (${Object.values(FILE_FORMATS)
        .filter((format) => format.served === kind)
        .flatMap((format) => format.extensions)
        .join(', ')})`,
  );
  return `${served.join(', ')} and a host's own files (${HOST_FILES.map((file) => file.example).join(', ')})`;
}
