import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { refuse, type Refused } from '../protocol/refusals.ts';
import { failureRefusal, unfinishedOf } from '../git/failure-words.ts';
import { refusalAnswer, unfinishedJob, type JobAnswer, type WorkspaceJob } from './workspace-jobs.ts';

/** How long one check or save may take before the thread is stopped and started afresh. */
export const JOB_TIME_LIMIT_MS = 60_000;
/** The memory the checking thread may use; a change that needs more is refused instead of slowing the machine. */
const THREAD_HEAP_MB = 1536;
/** How many jobs may wait; past that the editor says it is busy. */
const MAX_WAITING = 16;

interface Waiting {
  readonly job: WorkspaceJob;
  /** The editor tab that asked, so its newer check replaces its older one still waiting. */
  readonly tab?: string;
  /** Aborted when the request that asked was abandoned: a job not started by then is not done. */
  readonly signal?: AbortSignal;
  readonly resolve: (answer: JobAnswer) => void;
}

/**
 * The checking thread's first code when it runs from source: it loads workspace-worker.ts, TypeScript, through tsx's
 * API, whichever way the editor itself was started (a thread does not take over a --import loader).
 */
const SOURCE_ENTRY = (() => {
  // The ES module of tsx/esm/api, as its package.json exports it to import (require would give the CommonJS one).
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const api = pathToFileURL(join(dirname(manifest), exports['./esm/api']!.import.default)).href;
  const worker = new URL('./workspace-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${JSON.stringify(worker)}, ${JSON.stringify(worker)}));`;
})();

/**
 * The editor's checks, saves and new entries, run one at a time in a thread of their own (workspace-worker.ts), so
 * the server answers every other request at once while a large change is judged. A newer check from the same tab
 * replaces its older one that is still waiting; a job that runs too long or needs too much memory is stopped with an
 * answer that says so, and the thread is started afresh for the next.
 */
export class WorkspaceThread {
  readonly #timeLimitMs: number;
  readonly #entry: string;
  #worker: Worker | undefined;
  #queue: Waiting[] = [];
  #running: (Waiting & { readonly timer: NodeJS.Timeout }) | undefined;

  /** `compiledCode`: the thread's code compiled to JavaScript (code-snapshot.ts), which loads without tsx. */
  constructor(options: { timeLimitMs?: number; compiledCode?: string } = {}) {
    this.#timeLimitMs = options.timeLimitMs ?? JOB_TIME_LIMIT_MS;
    this.#entry = options.compiledCode
      ? `import(${JSON.stringify(pathToFileURL(options.compiledCode).href)});`
      : SOURCE_ENTRY;
  }

  /** Runs a job when the ones before it are done; resolves with its answer, never rejects. */
  run(job: WorkspaceJob, tab?: string, signal?: AbortSignal): Promise<JobAnswer> {
    return new Promise((resolve) => {
      if (job.kind === 'check' && tab !== undefined) {
        const older = this.#queue.findIndex((waiting) => waiting.tab === tab && waiting.job.kind === 'check');
        if (older !== -1)
          this.#queue.splice(older, 1)[0]!.resolve({ status: 200, body: { superseded: true, problems: [] } });
      }
      if (this.#queue.length >= MAX_WAITING) {
        resolve(refusalAnswer(refuse('stillChecking')));
        return;
      }
      this.#queue.push({ job, tab, signal, resolve });
      this.#next();
    });
  }

  /** Stops the thread; jobs still waiting are answered that the editor stopped. */
  async close(): Promise<void> {
    for (const waiting of this.#queue.splice(0)) waiting.resolve(refusalAnswer(refuse('editorStopping')));
    await this.#worker?.terminate();
  }

  #next(): void {
    if (this.#running || this.#queue.length === 0) return;
    const waiting = this.#queue.shift()!;
    if (waiting.signal?.aborted) {
      // Nobody waits for this answer any more, and a save given up on must not be written later.
      waiting.resolve({
        status: 499,
        body: { error: 'The request was abandoned before its turn came, so nothing was done.' },
      });
      this.#next();
      return;
    }
    const seconds = Math.round(this.#timeLimitMs / 1000);
    const timer = setTimeout(() => this.#stop(refuse('checkTooLong', String(seconds))), this.#timeLimitMs);
    this.#running = { ...waiting, timer };
    this.#thread().postMessage(waiting.job);
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(this.#entry, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    worker.on('message', (answer: JobAnswer) => this.#finish(answer));
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') this.#stop(refuse('checkTooLarge'));
      else this.#stop(this.#failed(error));
    });
    worker.on('exit', (code) => {
      if (this.#worker === worker)
        this.#stop(this.#failed(new Error(`the checking thread stopped (exit code ${code})`)));
    });
    // The thread never keeps the editor's process running by itself.
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #finish(answer: JobAnswer): void {
    const running = this.#running;
    if (!running) return;
    clearTimeout(running.timer);
    this.#running = undefined;
    running.resolve(answer);
    this.#next();
  }

  /** The running job's failure in words (git/failure-words.ts), for what it was doing; its detail goes to the terminal. */
  #failed(error: Error): Refused {
    const job = this.#running?.job;
    return failureRefusal(error, job ? unfinishedJob(job) : unfinishedOf('check'));
  }

  /** Ends the running job with an answer that says why, and starts a fresh thread for the next. */
  #stop(refusal: Refused): void {
    const worker = this.#worker;
    this.#worker = undefined;
    void worker?.terminate();
    this.#finish(refusalAnswer(refusal));
  }
}
