/**
 * Runs what follows a piece of work only for the newest request: requests that overlap (the preview asked to show
 * one page, then another) each wait for their work, and a request that finishes after a newer one was made does
 * nothing, so an earlier page that loads later never replaces the page asked for last.
 */
export function newestOnly(): <T>(work: Promise<T>, then: (value: T) => void) => Promise<void> {
  let asked = 0;
  return async (work, then) => {
    const request = ++asked;
    const value = await work;
    if (request === asked) then(value);
  };
}
