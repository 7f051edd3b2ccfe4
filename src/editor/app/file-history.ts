/**
 * An open file's versions, for Undo and Redo as in any editor: typing in one box is one step per word or pause, not
 * one per key; Save marks which version is on disk without forgetting the ones before it, so a saved change can
 * still be undone (and then saved again).
 */
import { sameJson } from '../../content/json-values.ts';

/** The file as the editor read it: its path, text and version on disk (null for a file not written yet). */
export interface FileBase {
  readonly path: string;
  readonly text: string;
  readonly version: string | null;
}

/** An open file: what is on disk, and the author's versions of it. */
export interface FileHistory<Base extends FileBase = FileBase> {
  readonly base: Base;
  /** Every version the author made, oldest first; Undo and Redo move along it. */
  readonly history: readonly unknown[];
  /** The version shown. */
  readonly index: number;
  /** The version that is on disk (the one read, or the one last saved). */
  readonly saved: number;
  /**
   * Which reading of the file this is: a new one each time it is read from disk (opened, taken from disk, brought up
   * to date), the same across edits, undo and Save, so what draws it keeps its place (an open field, the scroll).
   */
  readonly reading: number;
  /** The box the last step typed in, and when: typing on in it within a pause goes on with that step. */
  readonly typing?: { readonly at: readonly (string | number)[]; readonly time: number };
}

/** How long a pause in typing ends one step of Undo. */
export const TYPING_PAUSE_MS = 1000;

let readings = 0;

/** A file just read: one version, the one on disk (or, for a file not written yet, the one given). */
export function opened<Base extends FileBase>(base: Base, data: unknown = JSON.parse(base.text)): FileHistory<Base> {
  return { base, history: [data], index: 0, saved: 0, reading: ++readings };
}

/** The version shown. */
export const current = (file: FileHistory) => file.history[file.index];

/** Whether the version shown is not what is on disk (a file not written yet always is). */
export const isChanged = (file: FileHistory) =>
  file.base.version === null || !sameJson(current(file), file.history[file.saved]);

/** Where two versions differ when they differ in one text alone: the path to it; otherwise undefined. */
export function changedText(
  before: unknown,
  after: unknown,
  at: (string | number)[] = [],
): (string | number)[] | undefined {
  if (typeof before === 'string' && typeof after === 'string') return before === after ? undefined : at;
  if (typeof before !== 'object' || typeof after !== 'object' || before === null || after === null) return undefined;
  if (Array.isArray(before) !== Array.isArray(after)) return undefined;
  const [a, b] = [before as Record<string, unknown>, after as Record<string, unknown>];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  let found: (string | number)[] | undefined;
  for (const key of keys) {
    if (sameJson(a[key], b[key])) continue;
    if (found || !(key in a) || !(key in b)) return undefined;
    found = changedText(a[key], b[key], [...at, Array.isArray(before) ? Number(key) : key]);
    if (!found) return undefined;
  }
  return found;
}

/** Whether a text's change starts a new word: a space or a new line typed after a word. */
function startsWord(before: unknown, after: unknown, at: readonly (string | number)[]): boolean {
  const textAt = (data: unknown) =>
    at.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], data);
  const [old, now] = [textAt(before), textAt(after)];
  if (typeof old !== 'string' || typeof now !== 'string' || now.length <= old.length) return false;
  return /\S$/.test(old) && /\s$/.test(now);
}

/**
 * The file with a new version. Typing on in the box of the last step, within a pause and inside a word, changes
 * that step rather than adding one; any other change is a step of its own, and drops the steps Undo had gone back
 * over.
 */
export function edited<Base extends FileBase>(file: FileHistory<Base>, data: unknown, now: number): FileHistory<Base> {
  if (sameJson(data, current(file))) return file;
  const at = changedText(current(file), data);
  const typingOn =
    at !== undefined &&
    file.typing !== undefined &&
    file.index === file.history.length - 1 &&
    file.index > file.saved &&
    sameJson(at, file.typing.at) &&
    now - file.typing.time < TYPING_PAUSE_MS &&
    !startsWord(current(file), data, at);
  const typing = at === undefined ? undefined : { at, time: now };
  if (typingOn) return { ...file, history: [...file.history.slice(0, -1), data], typing };
  return { ...file, history: [...file.history.slice(0, file.index + 1), data], index: file.index + 1, typing };
}

/** The file one step back (-1) or forward (1), where there is one. */
export function stepped<Base extends FileBase>(file: FileHistory<Base>, by: -1 | 1): FileHistory<Base> {
  const index = file.index + by;
  if (index < 0 || index >= file.history.length) return file;
  return { ...file, index, typing: undefined };
}

/** Whether there is a step to go back to, or forward to. */
export const canStep = (file: FileHistory | undefined, by: -1 | 1) =>
  file !== undefined && file.index + by >= 0 && file.index + by < file.history.length;

/**
 * The file once a version of it is saved as `base`: that version is on disk now, and every step is kept. `sent` is the
 * data the save sent (the version shown, by default); where the author typed on while it was saving, the version
 * shown stays, unsaved, on top of the one saved.
 */
export function savedAs<Base extends FileBase>(
  file: FileHistory<Base>,
  base: Base,
  sent: unknown = current(file),
): FileHistory<Base> {
  const onDisk = JSON.parse(base.text) as unknown;
  if (sameJson(sent, current(file)))
    return {
      ...file,
      base,
      history: file.history.map((version, index) => (index === file.index ? onDisk : version)),
      saved: file.index,
      typing: undefined,
    };
  // The newest version up to the one shown that is what was sent; typing that went on in the same step replaced it,
  // so then it goes back in just before the version shown.
  let at = -1;
  for (let index = file.index - 1; index >= 0; index--)
    if (sameJson(file.history[index], sent)) {
      at = index;
      break;
    }
  if (at !== -1)
    return {
      ...file,
      base,
      history: file.history.map((version, index) => (index === at ? onDisk : version)),
      saved: at,
    };
  return {
    ...file,
    base,
    history: [...file.history.slice(0, file.index), onDisk, ...file.history.slice(file.index)],
    index: file.index + 1,
    saved: file.index,
  };
}
