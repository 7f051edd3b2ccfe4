/**
 * Whether an upload is a picture or video the site can show, of the kind its field wants, and not too large for its
 * type: judged from its first bytes (what it is) and then whole (a picture's size can be read, a video holds a
 * track), with the refusal in the author's words. The local editor's server judges a stream with the same words
 * (server/media.ts); the editor in the browser judges the file the author picked before anything is sent.
 */
import { imageSize } from 'image-size';
import { parseBuffer } from 'music-metadata';
import { detectFileKind, fileKindProblem, type DetectedKind } from '../../checker/media-files.ts';
import { FILE_FORMATS, formatNames, UPLOADABLE_FORMATS, type FileKind } from '../../content/file-formats.ts';
import { slugOf } from '../../content/slug.ts';
import { heldNameProblem } from './held-uploads.ts';

/** How many first bytes say what a file is. */
export const KIND_BYTES = 64;

/** A format that can be uploaded: picture or video, its usual ending, its largest size. */
export interface Uploadable {
  readonly kind: 'image' | 'video';
  readonly extension: string;
  readonly maxBytes: number;
}

const uploadable = (detected: DetectedKind): Uploadable | undefined => {
  const { media, extensions, maxUploadBytes } = FILE_FORMATS[detected];
  return media && maxUploadBytes ? { kind: media, extension: extensions[0]!, maxBytes: maxUploadBytes } : undefined;
};

/** A size in words, as a refusal says it: "12.3 MB". */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The name an upload is kept under: its own name made safe, with the ending its content says. */
export function safeFileName(name: string, extension: string): string {
  return `${slugOf(name.replace(/\.[^.]*$/, '')) || 'upload'}${extension}`;
}

export const tooLargeInWords = (originalName: string, type: Uploadable, bytes: number) =>
  `${originalName} is ${megabytes(bytes)}; ${type.kind === 'image' ? 'a picture' : 'a video'} can be at most ${type.maxBytes / 1024 / 1024} MB. Make it smaller first.`;

/**
 * What an upload is, from its first bytes and its size (declared, or NaN while unknown): its type, or why it is
 * refused (what it is, its size, or the name it would be kept under).
 */
export function identifyUpload(
  originalName: string,
  start: Uint8Array,
  accept: FileKind | 'any',
  size: number,
): { type: Uploadable; detected: DetectedKind } | { refused: string } {
  const detected = detectFileKind(start.subarray(0, KIND_BYTES));
  const type = uploadable(detected);
  if (!type)
    return {
      refused: `${originalName} is not a picture or video the site can show (${formatNames(UPLOADABLE_FORMATS)}).`,
    };
  // Judged under the name it will be saved with, whose ending always says what the file is.
  const problem =
    accept !== 'any' ? fileKindProblem(`upload${type.extension}`, start.subarray(0, KIND_BYTES), accept) : undefined;
  if (problem) return { refused: `${originalName} ${problem}` };
  if (size > type.maxBytes) return { refused: tooLargeInWords(originalName, type, size) };
  // Never held under a name the checker refuses (CON.png is kept as con.png, a name Windows keeps for a device).
  const nameProblem = heldNameProblem(safeFileName(originalName, type.extension));
  if (nameProblem) return { refused: `${originalName} ${nameProblem} Then upload it again.` };
  return { type, detected };
}

/** What music-metadata is asked to read of a video: only whether it holds tracks. */
export const VIDEO_READING = { duration: false, skipCovers: true, skipPostHeaders: true } as const;

/**
 * Why a whole file is not what its first bytes say it is, in words that follow its name; undefined when it is. `read`
 * gives a picture's bytes, or a video's format as music-metadata reads it (from memory here, from the disk on the
 * local editor's server).
 */
export async function wholeFileProblem(
  type: Uploadable,
  read: { picture: () => Uint8Array; video: () => Promise<{ trackInfo?: readonly unknown[] }> },
): Promise<string | undefined> {
  try {
    if (type.kind === 'image') {
      const { width, height } = imageSize(read.picture());
      return width && height ? undefined : 'has no size that can be read';
    }
    return ((await read.video()).trackInfo ?? []).length > 0 ? undefined : 'holds no video track';
  } catch {
    return 'cannot be read past its first bytes';
  }
}

/** The refusal of a file that starts like a picture or video but is not one whole. */
export const damagedInWords = (originalName: string, type: Uploadable, problem: string) =>
  `${originalName} starts like ${type.kind === 'image' ? 'a picture' : 'a video'} but ${problem}: it may be damaged, or another kind of file. Save or export it again, then upload that file.`;

/** An upload judged whole, as the browser has it: where it would be kept, or why it is refused. */
export async function judgeUpload(
  originalName: string,
  bytes: Uint8Array,
  accept: FileKind | 'any',
): Promise<{ path: string; kind: 'image' | 'video' } | { refused: string }> {
  const identified = identifyUpload(originalName, bytes, accept, bytes.length);
  if ('refused' in identified) return identified;
  const problem = await wholeFileProblem(identified.type, {
    picture: () => bytes,
    video: async () => (await parseBuffer(bytes, undefined, VIDEO_READING)).format,
  });
  if (problem) return { refused: damagedInWords(originalName, identified.type, problem) };
  return {
    path: `public/media/${safeFileName(originalName, identified.type.extension)}`,
    kind: identified.type.kind,
  };
}
