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
    return { files: scripts.map((script) => script.path), bytes: scripts.reduce((sum, script) => sum + script.bytes, 0) };
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
          input.addEventListener('input', () => requestAnimationFrame(() => (echo = performance.now() - pressed)), { once: true });
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
      const { echo, results } = await page.evaluate(() => (window as unknown as { searchTiming: Promise<{ echo: number; results: number }> }).searchTiming);
      echoMs.push(echo);
      resultsMs.push(results);
    }
  }
  return { echoMs, resultsMs };
}

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
