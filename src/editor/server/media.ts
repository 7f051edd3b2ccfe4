import { closeSync, constants, existsSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join, relative, sep } from 'node:path';
import { parseFile } from 'music-metadata';
import { FILE_FORMATS, type FileKind } from '../../content/file-formats.ts';
import { eachChunk } from './request-body.ts';
import {
  damagedInWords,
  identifyUpload,
  KIND_BYTES,
  megabytes,
  safeFileName,
  tooLargeInWords,
  VIDEO_READING,
  wholeFileProblem,
  type Uploadable,
} from '../model/upload-check.ts';
import { ensureHeldMediaFolder, heldMedia, holdUnderFreeName } from '../git/held-media.ts';
import { assertPlainSiteFolders, createExclusiveFile, writeWhole } from '../git/safe-path.ts';
import type { MediaFile } from '../protocol/files.ts';
import { mediaListing, mediaNamedInFiles } from '../model/content-files.ts';
import { siteFolders } from '../../checker/project-folders.ts';
import { readConfigFolder } from '../../checker/read-config-files.ts';

/** The largest upload the editor takes, of any format (src/content/file-formats.ts says each format's). */
const MAX_UPLOAD_BYTES = Math.max(...Object.values(FILE_FORMATS).map((format) => format.maxUploadBytes ?? 0));

/** The media the config files on disk name. */
const mediaNamedByConfig = (siteDir: string): Set<string> =>
  mediaNamedInFiles(readConfigFolder(siteFolders(siteDir).config).files.map((file) => file.text));

/**
 * Every picture and video under public/media/ and every upload held for Save (model/content-files.ts lists them),
 * each marked with whether a saved config file names it; only those a field of `kind` can name, when given.
 */
export function listMedia(siteDir: string, kind?: FileKind): MediaFile[] {
  // Never listed through a public/ or public/media/ that is a link: refused in words.
  assertPlainSiteFolders(siteDir, ['public', 'public/media']);
  const folder = join(siteDir, 'public/media');
  const onDisk = existsSync(folder)
    ? readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const file = join(entry.parentPath, entry.name);
          const path = relative(siteDir, file).split(sep).join('/');
          return { path, bytes: statSync(file).size, held: false };
        })
    : [];
  const held = [...heldMedia(siteDir)].map(([path, file]) => ({
    path: `public/${path}`,
    bytes: statSync(file).size,
    held: true,
  }));
  return mediaListing([...onDisk, ...held], mediaNamedByConfig(siteDir), kind);
}

/** An upload the editor does not keep, with the reason in words and the status to answer with. */
class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/**
 * Takes an upload from the request's body, held for Save, under a safe name that no other file has,
 * when it really is a picture or video of the kind the field wants (`accept`, judged in the validator's words) and
 * not larger than that type allows. The type is known from the first bytes, so a body past its limit is never held:
 * it streams into an exclusive hidden file, is checked whole, then gets its name. Returns its address.
 */
export async function receiveUpload(
  siteDir: string,
  originalName: string,
  accept: FileKind | 'any',
  request: IncomingMessage,
): Promise<MediaFile> {
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (declared > MAX_UPLOAD_BYTES) {
    request.resume();
    throw new UploadRefused(
      `${originalName} is ${megabytes(declared)}; the editor takes files of at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
      413,
    );
  }

  // Held aside until Save writes a file that uses it (git/held-media.ts): nothing reaches public/ before then.
  const folder = ensureHeldMediaFolder(siteDir);
  let head = Buffer.alloc(0);
  let type: Uploadable | undefined;
  let temporary: string | undefined;
  let descriptor: number | undefined;
  let size = 0;
  let refusal: UploadRefused | undefined;

  // The first bytes say what the file is, and so how large it may be, before anything is kept.
  const identify = (): boolean => {
    const identified = identifyUpload(originalName, head, accept, declared);
    if ('refused' in identified) {
      refusal = new UploadRefused(identified.refused);
      return false;
    }
    type = identified.type;
    temporary = createExclusiveFile(join(folder, 'upload'), 'uploading');
    descriptor = openSync(temporary, constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0));
    return true;
  };
  const write = (chunk: Buffer) => writeWhole(descriptor!, chunk);

  try {
    const whole = await eachChunk(request, (chunk) => {
      size += chunk.length;
      if (!type) {
        head = Buffer.concat([head, chunk]);
        if (head.length < KIND_BYTES) return true;
        if (!identify()) return false;
        chunk = head;
      }
      if (size > type!.maxBytes) {
        refusal = new UploadRefused(tooLargeInWords(originalName, type!, size));
        return false;
      }
      write(chunk);
      return true;
    });
    if (whole && !type) {
      // A file shorter than KIND_BYTES: judged on what there is.
      if (!identify()) throw refusal;
      write(head);
    }
    if (!whole || refusal) throw refusal ?? new UploadRefused(`${originalName} did not arrive whole.`);
    closeSync(descriptor!);
    descriptor = undefined;
    // Read whole by maintained parsers: a picture's size, a video's tracks (streamed from the disk).
    const problem = await wholeFileProblem(type!, {
      picture: () => readFileSync(temporary!),
      video: async () => (await parseFile(temporary!, VIDEO_READING)).format,
    });
    if (problem) throw new UploadRefused(damagedInWords(originalName, type!, problem));
    const name = holdUnderFreeName(siteDir, temporary!, safeFileName(originalName, type!.extension));
    return { src: `/media/${name}`, kind: type!.kind, bytes: size, held: true, used: false };
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
    if (temporary !== undefined) rmSync(temporary, { force: true });
  }
}
