/**
 * A failure npm run edit's server did not foresee, in the catalogue's words (protocol/refusals.ts): a write the system
 * refused (a full disk or quota, a read-only disk, no permission) or anything else, said with what was not done, what
 * is kept and what to do. Raw error text never reaches the page: the developer's detail goes to the terminal.
 */
import { refuse, type Refused } from '../protocol/refusals.ts';
import type { EditorRouteName } from '../protocol/routes.ts';
import { GitFailed } from './git.ts';

/** What an action had not done when it failed, what is kept, and what to do once the cause is gone, in words. */
export interface Unfinished {
  readonly notDone: string;
  readonly kept: string;
  readonly again: string;
}

const IN_EDITOR = 'Your changes are still in the editor';
const SAVED = 'Your saved changes are all still here';

/** A route that only reads and answers. */
const answering = (): Unfinished => ({ notDone: 'the editor could not answer', kept: IN_EDITOR, again: 'try again' });

/**
 * What each route of the editor's API had not done when it failed; `subject` names the files or upload it was about.
 * A route that only reads and answers needs no entry.
 */
const UNFINISHED: { readonly [route in EditorRouteName]?: (subject?: string) => Unfinished } = {
  save: (files) => ({
    notDone: files ? `${files} ${files.includes(', ') ? 'were' : 'was'} not saved` : 'your changes were not saved',
    kept: IN_EDITOR,
    again: 'save again',
  }),
  remove: (file) => ({
    notDone: `${file ?? 'the file'} was not deleted`,
    kept: IN_EDITOR,
    again: 'choose Delete again',
  }),
  upload: (name) => ({ notDone: `${name ?? 'the file'} was not uploaded`, kept: IN_EDITOR, again: 'upload it again' }),
  renameHeld: () => ({ notDone: 'the upload was not renamed', kept: IN_EDITOR, again: 'rename it again' }),
  removeHeld: () => ({ notDone: 'the upload was not removed', kept: IN_EDITOR, again: 'remove it again' }),
  check: () => ({ notDone: 'your changes were not checked', kept: IN_EDITOR, again: 'type on or save' }),
  newEntry: () => ({ notDone: 'the new entry was not made', kept: IN_EDITOR, again: 'make it again' }),
  planRemoval: () => ({ notDone: 'Delete could not look at the file', kept: IN_EDITOR, again: 'choose Delete again' }),
  latest: () => ({
    notDone: "your teammates' changes were not brought in",
    kept: SAVED,
    again: 'choose Get latest changes again',
  }),
  publish: () => ({ notDone: 'nothing was published', kept: SAVED, again: 'publish again' }),
  undo: () => ({ notDone: 'nothing was undone', kept: SAVED, again: 'choose Undo in History again' }),
  discard: (file) => ({ notDone: `${file ?? 'the saved change'} was not undone`, kept: SAVED, again: 'undo it again' }),
  publishIdentity: () => ({ notDone: 'your name was not saved', kept: SAVED, again: 'write it again' }),
  restart: () => ({ notDone: 'the editor did not restart', kept: SAVED, again: 'restart it again' }),
};

/** What `route` had not done when it failed, about `subject` (files, an upload's name) where given. */
export const unfinishedOf = (route: EditorRouteName, subject?: string): Unfinished =>
  (UNFINISHED[route] ?? answering)(subject);

/** How the system refused a write: for want of space, or not allowed at all; undefined for any other failure. */
export function refusedWriteOf(error: unknown): 'full' | 'refused' | undefined {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'full';
  if (code === 'EROFS') return 'refused';
  // Refused permission counts only for a write: a file that cannot be read is the checker's to say.
  if (
    (code === 'EACCES' || code === 'EPERM') &&
    !/^(read|scandir|stat|lstat|fstat|access|realpath)/.test(syscall ?? '')
  )
    return 'refused';
  if (error instanceof GitFailed) {
    if (/No space left on device|Disk quota exceeded/i.test(error.stderr)) return 'full';
    if (/Read-only file system/i.test(error.stderr)) return 'refused';
  }
  return undefined;
}

/**
 * The catalogue's refusal for a failure nobody foresaw while doing `unfinished`: a full disk, a refused write, or
 * anything else. The failure itself goes to the terminal (standard error), never to the page.
 */
export function failureRefusal(error: unknown, unfinished: Unfinished): Refused {
  const { notDone, kept, again } = unfinished;
  const refused = refusedWriteOf(error);
  console.error(`The editor could not finish (${notDone}):`, error);
  if (refused === 'full') return refuse('diskFull', notDone, kept, again);
  if (refused === 'refused') return refuse('cannotWrite', notDone, kept);
  return refuse('unexpected', notDone, kept);
}
