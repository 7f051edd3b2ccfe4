/**
 * Trying again where a branch or a file moved between reading and writing: a save, a publish, an undo or Get latest
 * reads the site, decides, and writes only where nothing moved meanwhile; what moved is read and decided again, a few
 * times, then said in words. One rule for every action, in both editors.
 */
import type { Refused } from '../protocol/refusals.ts';

/** How many times an action is decided again on a branch that keeps moving (another tab saving, a teammate). */
export const TRIES = 3;

/** Runs `work` again while what it writes keeps moving, up to TRIES times; then refuses as `kept` says. */
export async function whileMoved<T>(work: () => Promise<T | 'moved'>, kept: () => Refused): Promise<T> {
  for (let tried = 1; ; tried += 1) {
    const outcome = await work();
    if (outcome !== 'moved') return outcome;
    if (tried === TRIES) throw kept();
  }
}
