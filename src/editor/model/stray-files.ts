/**
 * Stray files: files where the author's saves go (their drafts branch at /admin/, their copy at npm run edit) that
 * their Publish would never send and the editor did not put there: a teammate's push to the drafts, a file changed on
 * the computer outside the editor. Outside config/ and public/media/, or refused by the checker (a drawing with a
 * script), they stay out of the site; one the checker refuses also stops every save until it goes. Which files are
 * stray and how they are said is decided here, once for both editors. Plain functions, no Node API.
 */
import type { Problem, StrayFile } from '../protocol/files.ts';
import { inContent } from './content-files.ts';

/** Why Publish never sends a file outside the site's content. */
const OUTSIDE_CONTENT = 'It is outside config/ and public/media/, which is all the editor publishes.';

/** Why a link or a submodule where the author's saves go is stray: the editor publishes plain files alone. */
export const notPlainStray = (kind: 'link' | 'submodule'): string =>
  kind === 'link'
    ? 'It is a link to another file, not a file: the editor publishes and reads only plain files.'
    : 'It is another repository (a submodule), not a file: the editor publishes and reads only plain files.';

/**
 * The files the checker refuses that the author cannot change in the editor's forms (anything outside config/), each
 * with the checker's words: what a save refused for them, or a stray list, names.
 */
export function refusedOutsideConfig(
  problems: readonly Pick<Problem, 'file' | 'severity' | 'message'>[],
): Map<string, string> {
  const refused = new Map<string, string>();
  for (const problem of problems)
    if (problem.severity === 'error' && !problem.file.startsWith('config/') && !refused.has(problem.file))
      refused.set(problem.file, problem.message);
  return refused;
}

/**
 * The stray files among those `changed` where the author's saves go: any outside config/ that the checker refuses
 * (`refused`, said in its words), and every file outside the site's content. A config file is the author's to change
 * in the editor, so it is never one.
 */
export function strayFilesOf(
  changed: readonly Pick<StrayFile, 'path' | 'change'>[],
  refused: ReadonlyMap<string, string>,
): StrayFile[] {
  return changed.flatMap(({ path, change }) => {
    const said = path.startsWith('config/') ? undefined : refused.get(path);
    const why = said ?? (inContent(path) ? undefined : OUTSIDE_CONTENT);
    return why === undefined ? [] : [{ path, ...(change ? { change } : {}), why }];
  });
}

/**
 * The stray files of the author's copy at npm run edit: the files changed outside config/ and public/media/
 * (`outside`, which git says) and those outside config/ the checker refuses (`problems`), changed or not.
 */
export function straysInCopy(outside: readonly string[], problems: readonly Problem[]): StrayFile[] {
  const refused = refusedOutsideConfig(problems);
  return strayFilesOf(
    [
      ...outside.map((path) => ({ path, change: 'changed' as const })),
      ...[...refused.keys()].filter((path) => !outside.includes(path)).map((path) => ({ path })),
    ],
    refused,
  );
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A day in words, as people say it: "3 March", with its year when it is not this year's ("3 March 2023"). */
export function dayInWords(iso: string, now = new Date()): string {
  const day = new Date(iso);
  if (Number.isNaN(day.getTime())) return 'an unknown day';
  const year = day.getFullYear() === now.getFullYear() ? '' : ` ${day.getFullYear()}`;
  return `${day.getDate()} ${MONTHS[day.getMonth()]}${year}`;
}

/**
 * A stray file in words: what happened to it and who did it, when; why it never reaches the site; and what taking it
 * off does (at /admin/, their drafts), or that a developer must deal with it (npm run edit, their copy).
 */
export function strayInWords(file: StrayFile, canTakeOff: boolean, now = new Date()): string {
  if (!canTakeOff) {
    const done = file.change && { added: 'added to', changed: 'changed in', removed: 'removed from' }[file.change];
    return `${file.path} ${done ? `was ${done}` : 'is in'} this computer's copy of the site${done ? ' outside the editor' : ''}. ${file.why} A developer must deal with it: the editor changes only config/ and public/media/, and never a file it did not put there.`;
  }
  const done = { added: 'put on', changed: 'changed on', removed: 'removed from' }[file.change ?? 'added'];
  const who = file.by ? ` by ${file.by.name} on ${dayInWords(file.by.date, now)}` : '';
  const undone = file.change === 'added' ? 'removes it from your drafts' : 'puts it back as the live site has it';
  return `${file.path} was ${done} your drafts${who}. ${file.why} It never reaches the site from the editor; taking it off your drafts ${undone}, and nothing of yours changes.`;
}

/** A list of paths in words: "a", "a and b", "a, b and c". */
export const pathsInWords = (paths: readonly string[]) =>
  paths.length > 1 ? `${paths.slice(0, -1).join(', ')} and ${paths.at(-1)}` : (paths[0] ?? '');
