/**
 * A second engine: the spec site in Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi (Playwright
 * drives only its own build of Firefox). One browser per worker, a fresh profile context per test; a test fails on
 * any console error or uncaught exception, as in Chromium, except the not-found page's own log of the missing path.
 */
import { test as base, expect } from '@playwright/test';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_PATH } from '../../src/testing/firefox.ts';

/** A page of Firefox, and where the site is. */
export interface FirefoxPage {
  readonly page: Page;
  /** Opens a path of the site and waits until its islands have attached. */
  readonly visit: (path: string) => Promise<void>;
  /** The site's address of the page now shown ("/about/?q=1"). */
  readonly address: () => string;
}

export const test = base.extend<
  { firefox: FirefoxPage; expectedConsoleError: RegExp | undefined },
  { firefoxBrowser: Browser }
>({
  firefoxBrowser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  expectedConsoleError: [undefined, { option: true }],
  firefox: async ({ firefoxBrowser, baseURL, expectedConsoleError }, use) => {
    const context = await firefoxBrowser.createBrowserContext();
    const page = await context.newPage();
    // Room for a busy 2-core machine, where a page load in Firefox can take seconds.
    page.setDefaultTimeout(15_000);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !expectedConsoleError?.test(message.text()))
        problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${String(error)}`));
    const origin = new URL(baseURL!).origin;
    await use({
      page,
      visit: async (path) => {
        await page.goto(new URL(path, origin).href);
        await page.waitForSelector('html[data-hydrated]');
      },
      address: () => {
        const url = new URL(page.url());
        return `${url.pathname}${url.search}`;
      },
    });
    await context.close();
    expect(problems).toEqual([]);
  },
});

export { expect };

/**
 * The texts of the elements a selector finds that are on screen. Runs in the page, so it names nothing outside itself.
 */
function shownTexts(selector: string): (string | undefined)[] {
  return [...document.querySelectorAll(selector)]
    .filter((element) => element.checkVisibility())
    .map((element) => element.textContent?.trim());
}

/** Waits until the text of every element `selector` finds on screen (hidden ones left out) is `texts`, in order. */
export async function expectTexts(page: Page, selector: string, texts: readonly string[]): Promise<void> {
  await page
    .waitForFunction(
      (css, wanted) =>
        JSON.stringify(
          [...document.querySelectorAll(css)]
            .filter((element) => element.checkVisibility())
            .map((element) => element.textContent?.trim()),
        ) === JSON.stringify(wanted),
      {},
      selector,
      texts,
    )
    .catch(async () => {
      expect(await page.evaluate(shownTexts, selector), selector).toEqual(texts);
    });
}

/** Waits until the page's address (path and query) is `address`. */
export async function expectAddress(firefox: FirefoxPage, address: string): Promise<void> {
  await firefox.page
    .waitForFunction((wanted) => `${location.pathname}${location.search}` === wanted, {}, address)
    .catch(() => {
      expect(firefox.address()).toBe(address);
    });
}
