/**
 * What a page costs a visitor, measured in a real browser: the script it loads on first visit and how quickly the
 * directory's search answers. Used by `npm run bench:scale` and by the browser test that keeps the cost of pages
 * flat as collections grow.
 */
import type { Browser, Page } from '@playwright/test';

export interface FirstLoadScript {
  /** The script files the page loaded, by path, in the order they arrived. */
  readonly files: readonly string[];
  /** Their size as sent (gzip when the server compresses), in bytes. */
  readonly bytes: number;
}

/**
 * The script a first visit to `url` loads, in a fresh browser context (nothing cached): every .js file fetched
 * until the page is hydrated and the network has been quiet, including the sections' lazy code.
 */
export async function firstLoadScript(browser: Browser, url: string): Promise<FirstLoadScript> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const scripts = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.encodedBodySize })),
    );
    return {
      files: scripts.map((script) => script.path),
      bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    };
  } finally {
    await context.close();
  }
}

export interface SearchTiming {
  /** From each key press to the frame that shows the letter in the search box, in milliseconds. */
  readonly echoMs: readonly number[];
  /** From each key press to the frame that shows its results and count, in milliseconds. */
  readonly resultsMs: readonly number[];
}

/**
 * Types `words` into the directory's search box one key at a time, waiting for each answer, and times the frames
 * that follow. The page must be the directory, hydrated, with its search data loaded.
 */
export async function timeDirectorySearch(page: Page, words: readonly string[]): Promise<SearchTiming> {
  const echoMs: number[] = [];
  const resultsMs: number[] = [];
  const box = page.getByRole('searchbox');
  for (const word of words) {
    await box.fill('');
    await page.waitForTimeout(300);
    for (const key of word) {
      // Listen first, then press: the page records when the key went down and the frames after it.
      await page.evaluate(() => {
        const status = document.querySelector('[role="status"]')!;
        const input = document.querySelector('input[type="search"]')!;
        const timing = window as unknown as { searchTiming: Promise<{ echo: number; results: number }> };
        timing.searchTiming = new Promise((resolve) => {
          let pressed = 0;
          let echo = 0;
          document.addEventListener('keydown', (event) => (pressed = event.timeStamp), { once: true, capture: true });
          input.addEventListener('input', () => requestAnimationFrame(() => (echo = performance.now() - pressed)), {
            once: true,
          });
          const observer = new MutationObserver(() => {
            observer.disconnect();
            requestAnimationFrame(() => resolve({ echo, results: performance.now() - pressed }));
          });
          observer.observe(status, { childList: true, characterData: true, subtree: true });
          // A letter that leaves the count as it was changes no text; its answer is timed by the echo.
          setTimeout(() => {
            observer.disconnect();
            resolve({ echo, results: echo });
          }, 1000);
        });
      });
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      const { echo, results } = await page.evaluate(
        () => (window as unknown as { searchTiming: Promise<{ echo: number; results: number }> }).searchTiming,
      );
      echoMs.push(echo);
      resultsMs.push(results);
    }
  }
  return { echoMs, resultsMs };
}

export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * A mid-range phone, as the interactive pages' budgets are measured on it: the CPU 4× slower, a 1.6 Mbps, 150 ms
 * network.
 */
export const PHONE_PROFILE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
} as const;

/** Slows `page` down to PHONE_PROFILE through the DevTools protocol: its CPU and its network. */
export async function emulatePhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: PHONE_PROFILE.downloadBitsPerSecond / 8,
    uploadThroughput: PHONE_PROFILE.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
}

/** What an interactive page costs before it answers the visitor, and in all. */
export interface AnswerTiming {
  /** What the visitor did: typed in the search, or sent the form empty. */
  readonly action: 'search' | 'send';
  /** From the start of navigation until the page answered, in milliseconds. */
  readonly answerMs: number;
  /** From the start of navigation until the page's first paint with content (its first contentful paint). */
  readonly firstPaintMs: number;
  /** From the start of navigation until the visitor acted (their first key or touch on the page). */
  readonly actedMs: number;
  /** Script files (bytes as sent) loaded before the page answered. */
  readonly before: { readonly requests: number; readonly bytes: number };
  /**
   * Script files loaded in all: after the answer, the visitor goes on (filters, a form filled in) and nothing more
   * loads.
   */
  readonly inAll: { readonly requests: number; readonly bytes: number; readonly files: readonly string[] };
}

/**
 * Opens `url` in a fresh browser context on the phone profile and acts as a visitor at once, before anything has
 * loaded: on a page with a search box, types a word no card holds; on a page with a form, presses its button with
 * nothing filled in. Times the answer in the page, at the frame that shows it (the count of results changes; the form
 * marks a field as needing an answer), then goes on as a visitor would (a filter pressed, every text box filled in) and
 * counts every script file loaded.
 */
export async function timeAnswer(browser: Browser, url: string): Promise<AnswerTiming> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await emulatePhone(page);
    await page.goto(url, { waitUntil: 'commit' });
    // The moment the page shows (its first paint with content, seen from inside the page at the frame it happens, with
    // a search box or a Send button on it), the page is set to look at each frame it draws and note the first that
    // shows the answer (the count of results changes; a field is marked as needing an answer), and the visitor acts.
    // Asking the page for the time once the answer was seen would add a round trip to the browser and whatever the page
    // does next (placing its toaster) to the wait; so would a test's click, which waits for the page to settle.
    // (No named functions inside: the page runs this code as written, without the helpers a bundler adds for names.)
    const shown = await page.waitForFunction(
      () => {
        if (performance.getEntriesByName('first-contentful-paint').length === 0) return undefined;
        const box = document.querySelector<HTMLInputElement>('input[type="search"]');
        const button = document.querySelector('form button[type="submit"]');
        if (!box && !button) return undefined;
        const action: AnswerTiming['action'] = box ? 'search' : 'send';
        const watch = window as unknown as {
          answered: Promise<number>;
          acted: Promise<number>;
          lookAtFrame: () => void;
          countsBefore: string;
          countsNow: () => string;
        };
        watch.countsNow = () =>
          [...document.querySelectorAll('[role="status"]')]
            .map((element) => element.textContent ?? '')
            .filter((text) => /\d/.test(text))
            .join('\n');
        watch.countsBefore = watch.countsNow();
        // When the visitor acts: the first key or touch the page hears, whatever then answers it.
        watch.acted = new Promise((resolve) => {
          for (const type of ['pointerdown', 'keydown'])
            document.addEventListener(type, (event) => resolve(event.timeStamp), { capture: true, once: true });
        });
        watch.answered = new Promise((resolve, reject) => {
          const given = performance.now();
          watch.lookAtFrame = () => {
            const counts = watch.countsNow();
            const answered =
              action === 'send'
                ? document.querySelector('[aria-invalid="true"]') !== null
                : counts !== '' && counts !== watch.countsBefore;
            if (answered) resolve(performance.now());
            else if (performance.now() - given > 60_000)
              reject(
                new Error(
                  `the page did not answer within 60 s: it read ${JSON.stringify(counts)}, as before (${JSON.stringify(watch.countsBefore)})`,
                ),
              );
            else requestAnimationFrame(watch.lookAtFrame);
          };
          requestAnimationFrame(watch.lookAtFrame);
        });
        if (box) {
          box.focus();
          return { action, x: 0, y: 0 };
        }
        // Where a thumb presses Send: the button brought into view first, as the visitor scrolls to it.
        button!.scrollIntoView({ block: 'center' });
        const place = button!.getBoundingClientRect();
        return { action, x: place.x + place.width / 2, y: place.y + place.height / 2 };
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const { action, x, y } = (await shown.jsonValue())!;
    const search = page.locator('input[type="search"]');
    // At once, as a visitor acts: no waiting for the page to settle first (a test's click would wait for that).
    if (action === 'search') await page.keyboard.type('zqx', { delay: 50 });
    else await page.touchscreen.tap(x, y);
    const answerMs = await page.evaluate(() => (window as unknown as { answered: Promise<number> }).answered);
    const actedMs = await page.evaluate(() => (window as unknown as { acted: Promise<number> }).acted);
    const firstPaintMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    const scripts = () =>
      page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({
            path: new URL(entry.name).pathname,
            bytes: entry.encodedBodySize,
            end: entry.responseEnd,
          })),
      );
    const early = (await scripts()).filter((script) => script.end <= answerMs);
    // The visitor goes on: a filter, or the whole form written.
    if (action === 'search') {
      await search.fill('');
      const filter = page.getByRole('button', { pressed: false }).first();
      if ((await filter.count()) > 0) await filter.click();
    } else {
      for (const box of await page
        .locator('form input:not([type="checkbox"]):not([type="radio"]), form textarea')
        .all())
        await box.fill('A visitor').catch(() => undefined);
    }
    await page.waitForLoadState('networkidle');
    const all = await scripts();
    return {
      action,
      answerMs: Math.round(answerMs),
      firstPaintMs: Math.round(firstPaintMs),
      actedMs: Math.round(actedMs),
      before: { requests: early.length, bytes: early.reduce((sum, script) => sum + script.bytes, 0) },
      inAll: {
        requests: all.length,
        bytes: all.reduce((sum, script) => sum + script.bytes, 0),
        files: all.map((script) => script.path),
      },
    };
  } finally {
    await context.close();
  }
}
