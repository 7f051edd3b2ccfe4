/**
 * One lost answer, one outcome, for every action of the page that writes (a save, a Delete, a publish, an undo), the
 * same on both editors. The action is sent with its id and a signal; when no answer comes within its part of the
 * deadline, the connection drops or what comes back is not the server's answer, the signal stops every step of it not
 * yet begun, and the editor asks by the action's id what became of it, all within the page's one deadline
 * (deadlines.ts). Only then does it say anything. Where the action may still land later (GitHub may finish a request
 * the page stopped waiting for), the editor keeps looking for a while and says so the moment it does.
 */
import { isAnswerLost } from '../protocol/editor-backend.ts';
import type { FoundOperation } from '../protocol/publishing.ts';
import { deadlineParts, LATE_LOOK_MS, LATE_WATCH_MS, withinDeadline, type Timing } from './deadlines.ts';

/** An action's answer, or what was found of it when its answer was lost (found is undefined: nobody could tell). */
export type SentOnce<T> =
  { readonly answered: T } | { readonly lost: Error; readonly found: FoundOperation | undefined };

/**
 * Sends an action within the page's deadline (`deadlineMs`, finding out included). A failure that is a refusal (an
 * answer came, in words) is thrown as it is; a lost answer is looked up with `find`, which is asked only once nothing
 * more of the action can begin.
 */
export async function sendOnce<T>(
  send: (signal: AbortSignal) => Promise<T>,
  find: () => Promise<FoundOperation>,
  deadlineMs?: number,
): Promise<SentOnce<T>> {
  const { actionMs, findOutMs } = deadlineParts(deadlineMs);
  const stop = new AbortController();
  try {
    return { answered: await withinDeadline(send(stop.signal), actionMs) };
  } catch (failure) {
    stop.abort();
    if (!isAnswerLost(failure)) throw failure;
    const found = await withinDeadline(find(), findOutMs).catch(() => undefined);
    return { lost: failure as Error, found };
  }
}

/** Whether what was found of a lost action leaves it possible that it lands later. */
export const mayStillLand = (found: FoundOperation | undefined): boolean =>
  !found || (!found.landed && found.mayLandLater);

/**
 * Looks again, every so often for a while (Timing's lateLookMs and lateWatchMs), whether an action the editor said had
 * not landed landed after all, and calls `landed` once when it did. `stillWanted` says whether the author is still
 * owed the news (a newer save that named this one settled it). Returns what stops the watch.
 */
export function watchForLanding(
  find: () => Promise<FoundOperation>,
  landed: (found: Extract<FoundOperation, { landed: true }>) => void,
  stillWanted: () => boolean,
  timing: Partial<Timing>,
): () => void {
  const everyMs = timing.lateLookMs ?? LATE_LOOK_MS;
  const until = Date.now() + (timing.lateWatchMs ?? LATE_WATCH_MS);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const look = async () => {
    if (stopped || !stillWanted()) return;
    // The author is not waiting on these looks: each may take the whole of an action's deadline.
    const found = await withinDeadline(find(), timing.deadlineMs).catch(() => undefined);
    if (stopped || !stillWanted()) return;
    if (found?.landed) return landed(found);
    if (found && !found.mayLandLater) return;
    if (Date.now() < until) timer = setTimeout(() => void look(), everyMs);
  };
  timer = setTimeout(() => void look(), everyMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
