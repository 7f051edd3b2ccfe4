/**
 * One lost answer, one outcome, for every action of the page that writes (a save, a Delete, a publish, an undo, taking
 * stray files off the drafts), the same on both editors. The action is sent with its id and a signal; when no answer
 * comes within its part of the deadline, the connection drops or what comes back is not the server's answer, the
 * signal stops every step of it not yet begun, and the editor asks by the action's id what became of it (and reads
 * back what it did), all within the page's one deadline (deadlines.ts). Only then does it say anything. Where the
 * action may still land later (GitHub may finish a request the page stopped waiting for), the editor keeps looking for
 * a while and says so the moment it does, unless a later try of the same action settled it first.
 */
import type { Attempt } from '../protocol/attempt.ts';
import { isAnswerLost } from '../protocol/editor-backend.ts';
import { isRefusal, type Answer, type FoundOperation } from '../protocol/publishing.ts';
import { deadlineParts, LATE_LOOK_MS, LATE_WATCH_MS, withinDeadline, type Timing } from './deadlines.ts';

/** An action that landed, as its lookup by id found it. */
export type Landed = Extract<FoundOperation, { landed: true }>;

/** What one action that writes came to: its answer, what it did although its answer was lost, or not done. */
export type Outcome<T, L> =
  | { readonly answered: T }
  | { readonly landed: L }
  /** Not found to have landed: the failure, and whether it may still land (then it is watched for). */
  | { readonly lost: Error; readonly later: boolean };

/** One action that writes, as the page sends it. */
export interface Sending<T, L> {
  readonly attempt: Attempt;
  /** Sends it; `signal` says the page stopped waiting, after which no step of it begins. */
  readonly send: (signal: AbortSignal) => Promise<T>;
  /** Looks it up by its id (EditorBackend.findOperation). */
  readonly find: () => Promise<Answer<FoundOperation>>;
  /** What a landed action did, read back (the files a save wrote, a publish's answer). */
  readonly readBack: (landed: Landed) => Promise<L>;
  /** Said when it lands after the page said it had not. */
  readonly late: (landed: L) => void;
}

/**
 * The actions whose answers were lost and that may still land, watched by id until they do, a later try settles
 * them, or the watch's time is over (Timing's lateLookMs and lateWatchMs).
 */
export class LostAnswers {
  readonly #watched = new Map<string, () => void>();

  constructor(private readonly timing: Partial<Timing>) {}

  /**
   * Sends an action within the page's one deadline, finding out included. Its answer, a refusal in words included, is
   * the answer; a lost answer is looked up by id, and read back where it landed; any other failure is thrown as it is.
   */
  async send<T, L>(action: Sending<T, L>): Promise<Outcome<T, L>> {
    const { actionMs, findOutMs } = deadlineParts(this.timing.deadlineMs);
    const stop = new AbortController();
    try {
      return { answered: await withinDeadline(action.send(stop.signal), actionMs) };
    } catch (failure) {
      stop.abort();
      if (!isAnswerLost(failure)) throw failure;
      const looked = await withinDeadline(this.#lookUp(action), findOutMs).catch(() => ({ later: true }));
      if ('landed' in looked) return looked;
      if (looked.later) this.#watch(action);
      return { lost: failure as Error, later: looked.later };
    }
  }

  /** The author is no longer owed the outcome of these actions (a later try answered for them): not watched. */
  settle(ids: Iterable<string>): void {
    for (const id of ids) {
      this.#watched.get(id)?.();
      this.#watched.delete(id);
    }
  }

  /** Whether an action is still watched for. */
  isOwed(id: string): boolean {
    return this.#watched.has(id);
  }

  async #lookUp<T, L>(action: Sending<T, L>): Promise<{ landed: L } | { later: boolean }> {
    const found = await action.find();
    // A look-up refused tells nothing: the action may still land, and is looked for again.
    if (isRefusal(found)) return { later: true };
    return found.landed ? { landed: await action.readBack(found) } : { later: found.mayLandLater };
  }

  #watch<T, L>(action: Sending<T, L>): void {
    const { id } = action.attempt;
    const everyMs = this.timing.lateLookMs ?? LATE_LOOK_MS;
    const until = Date.now() + (this.timing.lateWatchMs ?? LATE_WATCH_MS);
    let timer: ReturnType<typeof setTimeout> | undefined;
    this.#watched.get(id)?.();
    this.#watched.set(id, () => clearTimeout(timer));
    const look = async () => {
      // The author is not waiting on these looks: each may take the whole of an action's deadline.
      const looked = await withinDeadline(this.#lookUp(action), this.timing.deadlineMs).catch(() => ({ later: true }));
      if (!this.#watched.has(id)) return;
      if ('landed' in looked) {
        this.#watched.delete(id);
        return action.late(looked.landed);
      }
      if (looked.later && Date.now() < until) timer = setTimeout(() => void look(), everyMs);
      else this.#watched.delete(id);
    };
    timer = setTimeout(() => void look(), everyMs);
  }
}
