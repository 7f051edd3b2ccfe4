/**
 * Every action of the editor's page ends in words within its deadline: a save, a publish or a question to the site
 * that has no answer by then is given up on and said so, rather than leaving "Saving…" on screen for good.
 */

/** How long an action may go without an answer before the page says so. */
export const ACTION_DEADLINE_MS = 90_000;

/** How the page's stores pace themselves: the defaults on the page, shorter in tests. */
export interface Timing {
  /** How long the store gathers keystrokes before it asks the checker. */
  readonly checkDelayMs: number;
  /** How often, after a publish, the live site is read again until it is live (model/live-site.ts). */
  readonly liveLookMs?: number;
  /** How long an action may go without an answer before the page says so, finding out what became of it included. */
  readonly deadlineMs: number;
  /** After an action the editor said had not landed but still might: how often it looks again, and for how long. */
  readonly lateLookMs?: number;
  readonly lateWatchMs?: number;
  /** After an undo, how long before History is read again when it does not list the undo yet (growing each time). */
  readonly historyRereadMs?: number;
}

export const PAGE_TIMING: Timing = { checkDelayMs: 60, deadlineMs: ACTION_DEADLINE_MS };

/** After an action said not to have landed that still might: how often it is looked for again. */
export const LATE_LOOK_MS = 15_000;
/** And for how long, after which the author is owed nothing more of it. */
export const LATE_WATCH_MS = 5 * 60_000;

/**
 * One deadline, two parts: the action's own, and what is kept back to find out what became of it when its answer was
 * lost (a fifth, at most 20 seconds), so the page says one outcome within the deadline, never later.
 */
export function deadlineParts(deadlineMs: number = ACTION_DEADLINE_MS): { actionMs: number; findOutMs: number } {
  const findOutMs = Math.min(20_000, Math.round(deadlineMs / 5));
  return { actionMs: deadlineMs - findOutMs, findOutMs };
}

/** An action that had no answer within its deadline: it may or may not have happened. */
export class NoAnswerInTime extends Error {
  readonly answerLost = true;
  constructor(seconds: number) {
    super(`No answer came within ${seconds} seconds, so the editor stopped waiting.`);
    this.name = 'NoAnswerInTime';
  }
}

/** The action's answer, or NoAnswerInTime once `ms` pass without one. */
export function withinDeadline<T>(action: Promise<T>, ms = ACTION_DEADLINE_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswerInTime(Math.round(ms / 1000))), ms);
  });
  return Promise.race([action, late]).finally(() => clearTimeout(timer));
}

/** Words that say the author's changes are kept, unless `words` already say so. */
export const sayingKept = (words: string, where = 'in this tab'): string =>
  keptOr(words, `Your changes are kept ${where}.`);

/** Words that say the author's saved changes are all still here, unless `words` already say what is kept. */
export const sayingSavedKept = (words: string): string => keptOr(words, 'Your saved changes are all still here.');

const keptOr = (words: string, kept: string) =>
  /\bkept\b|Nothing was lost|still here/i.test(words) ? words : `${words} ${kept}`;
