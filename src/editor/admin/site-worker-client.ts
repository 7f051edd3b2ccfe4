import type { SiteWorkerAnswer, SiteWorkerRequest } from './site-worker.ts';

/**
 * The editor's worker (site-worker.ts), off the thread the author types on: one request at a time, each answered in
 * turn. A worker that fails to start, or stops, answers in words, and the next request starts a new one.
 */
export function siteWorker(): (request: SiteWorkerRequest) => Promise<SiteWorkerAnswer> {
  let worker: Worker | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const start = () =>
    (worker ??= new Worker(new URL('./site-worker.ts', import.meta.url), { type: 'module', name: 'site checker' }));
  const ask = (request: SiteWorkerRequest) =>
    new Promise<SiteWorkerAnswer>((resolve) => {
      const running = start();
      running.onmessage = (event: MessageEvent<SiteWorkerAnswer>) => resolve(event.data);
      running.onerror = (event) => {
        event.preventDefault();
        worker = undefined;
        running.terminate();
        resolve({ error: `The check could not run in this browser (${event.message || 'its worker stopped'}).` });
      };
      running.postMessage(request);
    });
  return (request) => {
    const answer = queue.then(() => ask(request));
    queue = answer.catch(() => undefined);
    return answer;
  };
}
