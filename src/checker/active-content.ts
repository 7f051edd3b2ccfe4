/**
 * Which files public/ serves. The site's pages share their origin with everything public/ holds, the editor at
 * /admin/ included: a drawing with a script, a web page, an XML document or a script file opened from the site runs
 * with the site's rights, and could read what the editor keeps in the tab (its sign-in). So public/ takes only the
 * kinds of file the table of file formats names (content/file-formats.ts: pictures, videos, fonts, PDFs, and a host's
 * own files), each judged by its bytes where they are at hand: a .png must be a PNG, a drawing is parsed and holds
 * only what drawings need (drawing-markup.ts), a host's text file is plain text. Anything else is refused, for every
 * author, in words, with the file and the line. Plain functions of a file's path and bytes: the checker runs them in
 * Node and in a browser worker alike.
 */
import {
  BUILT_FILES,
  endingOf,
  FILE_FORMATS,
  hostFileOf,
  servedFormatOf,
  whatPublicTakes,
  type HostFile,
} from '../content/file-formats.ts';
import { drawingProblem } from './drawing-markup.ts';
import { lineStartsOf, positionAt, type Position } from './json-source.ts';
import { detectFileKind } from './media-files.ts';
import { utf16Kind } from './site-contents.ts';

/** What is wrong with a file, and where. */
export interface PublicFileProblem {
  /** Words that follow "This file". */
  readonly message: string;
  readonly position: Position;
}

/** The largest drawing or text file the checker reads whole; a larger one is refused as too large to check. */
export const MAX_CHECKED_BYTES = 2 * 1024 * 1024;

const AT_START: Position = { line: 1, column: 1 };

const isBuilt = (path: string) => BUILT_FILES.includes(path);

/** Whether the checker must read a file of public/ whole to judge it: a drawing, or a host's text file. */
export const needsReading = (path: string) =>
  !isBuilt(path) && (servedFormatOf(path) === 'svg' || (servedFormatOf(path) === undefined && !!hostFileOf(path)));

/** The bytes of a file of public/ that are at hand: its first ones (to tell a format), or all of it (to read it). */
export interface PublicFileBytes {
  /** Its first bytes, for a file of a format judged by them; undefined when not at hand (kept on a git host). */
  readonly start?: Uint8Array;
  /** The whole file, for the paths needsReading names; undefined when not at hand or unreadable. */
  readonly whole?: Uint8Array;
}

/**
 * Why public/ does not serve a file, or undefined when it does: by its name (the kinds public/ takes), then by its
 * bytes where they are at hand. Without them, a file is judged by its name alone.
 */
export function publicFileProblem(path: string, bytes: PublicFileBytes): PublicFileProblem | undefined {
  if (isBuilt(path))
    return {
      position: AT_START,
      message: `is a file the build writes itself (${path}), from config/: this copy would be replaced when the site is built. Take it out of public/.`,
    };
  const format = servedFormatOf(path);
  if (format === 'svg') return bytes.whole && drawingFileProblem(bytes.whole);
  if (format) return bytes.start && formatProblem(path, format, bytes.start);
  const host = hostFileOf(path);
  if (host) return bytes.whole && hostFileProblem(host, path, bytes.whole);
  const ending = endingOf(path);
  return {
    position: AT_START,
    message: `is not a kind of file public/ serves (${ending ? `files ending in ${ending} are not among them` : 'it has no ending, and no host looks for a file of that name'}). public/ takes ${whatPublicTakes()}: anything else could run as part of the site with the site's rights, or is of no use there. Take it out of public/ (pages come from config/pages/, the site's code from src/).`,
  };
}

/** Why a file named as a format public/ serves does not hold that format, judged by its first bytes. */
function formatProblem(
  path: string,
  format: keyof typeof FILE_FORMATS,
  start: Uint8Array,
): PublicFileProblem | undefined {
  const detected = detectFileKind(start);
  const named = FILE_FORMATS[format];
  if (detected === format || named.alsoHolds?.includes(detected)) return undefined;
  const ending = endingOf(path);
  // The same advice a field that names it gives (media-files.ts): make it what its name says; or, where it is another
  // kind the site serves and meant to be, name it so.
  const fix = FILE_FORMATS[detected].served
    ? `Export it again as ${named.words}, or, if it is meant to be ${FILE_FORMATS[detected].words}, rename it so its ending says so.`
    : `Save or export it again as ${named.words}, or take it out of public/.`;
  return {
    position: AT_START,
    message: `is not ${named.words}, though its name ends in ${ending}: it is ${FILE_FORMATS[detected].words}. ${fix}`,
  };
}

/** A text read whole, as UTF-8 (a leading byte order mark is dropped), or why it cannot be. */
function textOf(bytes: Uint8Array, fix: string): { text: string } | PublicFileProblem {
  if (bytes.length > MAX_CHECKED_BYTES)
    return {
      position: AT_START,
      message: `is larger than ${MAX_CHECKED_BYTES / 1024 / 1024} MB, too large for the checker to make sure it runs no script. ${fix}`,
    };
  const wide = utf16Kind(bytes);
  try {
    if (wide) throw new Error(wide);
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '') };
  } catch {
    return {
      position: AT_START,
      message: `is not readable text in UTF-8${wide ? ` (it is saved as ${wide})` : ''}, so the checker cannot make sure it runs no script. Save it again as UTF-8. ${fix}`,
    };
  }
}

const DRAWING_FIX =
  'Export it again as a plain drawing (in Inkscape, "Optimized SVG"; in Figma or Illustrator, without interactivity), or use a PNG.';

/** Why an SVG drawing is refused: unreadable, or holding more than a drawing needs (drawing-markup.ts). */
function drawingFileProblem(bytes: Uint8Array): PublicFileProblem | undefined {
  const read = textOf(bytes, DRAWING_FIX);
  if (!('text' in read)) return read;
  const found = drawingProblem(read.text);
  return found
    ? {
        message: `is an SVG drawing that ${found.what}. ${DRAWING_FIX}`,
        position: positionAt(lineStartsOf(read.text), found.offset),
      }
    : undefined;
}

/** Characters no plain text holds: controls other than tabs and line breaks. */
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;
/** Markup a browser acts on: a tag, a comment, a declaration or an instruction. */
const MARKUP = /<[!?/a-z]/i;

/** Why a host's own file does not hold what it should: plain text, the host's rules, or JSON. */
function hostFileProblem(host: HostFile, path: string, bytes: Uint8Array): PublicFileProblem | undefined {
  const fix = `Keep in it only what ${host.example} holds, or take it out of public/.`;
  const read = textOf(bytes, fix);
  if (!('text' in read)) return read;
  const { text } = read;
  const at = (offset: number) => positionAt(lineStartsOf(text), offset);
  const control = CONTROL.exec(text);
  if (control)
    return {
      position: at(control.index),
      message: `holds a control character (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}) here, so it is not plain text. ${fix}`,
    };
  const markup = host.holds === 'plain text' ? MARKUP.exec(text) : null;
  if (markup)
    return {
      position: at(markup.index),
      message:
        endingOf(path) === '.html'
          ? "is a web page, which would run as part of the site with the site's rights. Pages are made from config/pages/; take this file out of public/ (a host's verification file may stay if it holds plain text only)."
          : `holds markup here (${JSON.stringify(text.slice(markup.index, markup.index + 12))}…), where it should be plain text: a browser could show it as a page of the site, with the site's rights. ${fix}`,
    };
  if (host.holds === 'json')
    try {
      JSON.parse(text);
    } catch {
      return { position: AT_START, message: `is not valid JSON, which ${host.example} must be. ${fix}` };
    }
  return undefined;
}
