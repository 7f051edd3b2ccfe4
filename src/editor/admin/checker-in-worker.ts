import type { CheckAnswer, CheckRequest } from '../../checker/check-worker';

/**
 * The site checker in a worker of the page (checker/check-worker.ts), off the thread the author types on: one request
 * at a time, each answered in turn. A worker that fails to start, or stops, answers in words.
 */
export function checkerInWorker(): (request: CheckRequest) => Promise<CheckAnswer> {
  let worker: Worker | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const start = () =>
    (worker ??= new Worker(new URL('../../checker/check-worker.ts', import.meta.url), {
      type: 'module',
      name: 'site checker',
    }));
  const ask = (request: CheckRequest) =>
    new Promise<CheckAnswer>((resolve) => {
      const running = start();
      running.onmessage = (event: MessageEvent<CheckAnswer>) => resolve(event.data);
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
