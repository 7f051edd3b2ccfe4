import {
  FIELD_FILE_KINDS,
  FILE_FORMATS,
  fileKindExtensions,
  type DetectedKind,
  type FileKind,
} from '../content/file-formats.ts';

export { fileKindExtensions, isFileKind, type DetectedKind } from '../content/file-formats.ts';

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

/** A file name's ending, such as ".mp4", or "" when it has none. */
function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot);
}

/** The kind of a file from its first 64 bytes or so. */
export function detectFileKind(start: Uint8Array): DetectedKind {
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
  const signature = ascii(start, 0, 4);
  if (signature === 'wOF2') return 'woff2';
  if (signature === 'wOFF') return 'woff';
  if (signature === 'OTTO') return 'otf';
  if (signature === '\x00\x01\x00\x00' || signature === 'true') return 'ttf';
  if (ascii(start, 0, 5) === '%PDF-') return 'pdf';
  const text = new TextDecoder()
    .decode(start)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^<(\?xml|svg|!--|!DOCTYPE svg)/i.test(text)) return 'svg';
  return 'unknown';
}

/**
 * Why a file in public/ cannot serve a field that needs one kind of file (an .mp4 in the WebM field, a poster that
 * is really a video, an empty file), or undefined when it can. `start` is the file's first bytes.
 */
export function fileKindProblem(path: string, start: Uint8Array, kind: FileKind): string | undefined {
  const wanted = FIELD_FILE_KINDS[kind];
  const extensions = fileKindExtensions(kind);
  const detected = detectFileKind(start);
  const extension = extensionOf(path).toLowerCase();
  const described = FILE_FORMATS[detected].words;
  if (wanted.formats.includes(detected)) {
    const extensionKind = (Object.keys(FIELD_FILE_KINDS) as FileKind[]).find(
      (other) => fileKindExtensions(other).includes(extension) && !FIELD_FILE_KINDS[other].formats.includes(detected),
    );
    return extensionKind && !extensions.includes(extension)
      ? `is ${described}, but its name ends in ${extension}. Rename the file so its ending says what it is.`
      : undefined;
  }
  const nameSays = extensions.includes(extension)
    ? ` Its name ends in ${extension}, but the file is ${described}.`
    : ` It is ${described}.`;
  return `is not ${wanted.words}, which this field needs.${nameSays} ${wanted.fix}`;
}
