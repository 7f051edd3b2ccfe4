/** A piece of work that waited for its turn after the request that asked for it was abandoned: it is not done. */
export class Abandoned extends Error {
  constructor() {
    super('The request was abandoned before its turn came, so nothing was done.');
  }
}

/**
 * One at a time: each piece of work runs when everything queued before it is done, whether that ended well or not.
 * Work whose request was abandoned while it waited (its signal aborted) is skipped, so nothing an author gave up on
 * is written later.
 */
export class LockQueue {
  #tail: Promise<unknown> = Promise.resolve();

  /** Runs `work` in its turn; rejects with Abandoned when `signal` aborted before then. */
  run<T>(work: () => Promise<T> | T, signal?: AbortSignal): Promise<T> {
    const turn = () => {
      if (signal?.aborted) throw new Abandoned();
      return work();
    };
    const run = this.#tail.then(turn, turn);
    this.#tail = run.catch(() => undefined);
    return run;
  }
}
