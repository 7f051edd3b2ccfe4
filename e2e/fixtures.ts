import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };
export type { FrameLocator, Locator, Page } from '@playwright/test';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/**
 * A page that fails its test on any console error, uncaught exception, failed or outside request, or
 * Content-Security-Policy violation. The server sends the site's strict CSP with every page, so every test runs under
 * it.
 */
export const test = base.extend<{ page: Page; expectedProblem: RegExp | undefined; otherOrigins: readonly string[] }>({
  /** Problems a test provokes on purpose, such as a script that fails to load; none by default. */
  expectedProblem: [undefined, { option: true }],
  /** Origins besides the site's own that its pages may request, such as where a form delivers; none by default. */
  otherOrigins: [[], { option: true }],
  page: async ({ page, baseURL, expectedProblem, otherOrigins }, use) => {
    const problems: string[] = [];
    const notFoundDocuments = new Set<string>();
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    page.on('response', (response) => {
      if (response.status() === 404 && response.request().resourceType() === 'document')
        notFoundDocuments.add(response.url());
    });
    // An unknown address is answered with 404.html and status 404, which Chromium reports as a console error. The
    // console message can arrive before the response it is about, so 404s are judged once the test is over.
    const notFoundMessages: { text: string; url: string }[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (message.text().includes('status of 404'))
        notFoundMessages.push({ text: message.text(), url: message.location().url });
      else problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('requestfailed', (request) => {
      // Leaving a page cancels what it was still loading (the hero video, say); that is not a failure. Nor is a page
      // fetched ahead of a click that then answers 404 (a broken link the visitor pointed at): no one sees it.
      if (
        request.failure()?.errorText === 'net::ERR_ABORTED' ||
        request.headers()['sec-purpose']?.startsWith('prefetch')
      )
        return;
      problems.push(`failed request: ${request.url()} ${request.failure()?.errorText}`);
    });
    page.on('request', (request) => {
      const allowed = [baseURL!, ...otherOrigins.map((origin) => `${origin}/`), 'data:'];
      if (!allowed.some((start) => request.url().startsWith(start)))
        problems.push(`request outside the site: ${request.url()}`);
    });
    await use(page);
    for (const message of notFoundMessages)
      if (!notFoundDocuments.has(message.url)) problems.push(`console error: ${message.text}`);
    const violations = (await page.evaluate(() => window.cspViolations).catch(() => undefined)) ?? [];
    const unexpected = [...problems, ...violations.map((violation) => `CSP violation: ${violation}`)].filter(
      (problem) => !expectedProblem?.test(problem),
    );
    expect(unexpected).toEqual([]);
  },
});

/** Opens a page and waits until React is attached, so what the test types is not lost. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Watches for a moment on a page whose clock the test installed (page.clock.install before the page opened): the
 * first element matching a selector appearing, or, with "click", the next click. `holdAt(ms)` waits for that moment
 * and stops the page's time `ms` after it, by the page's own clock: from there its timers (how long a notification
 * stays, when a page moves on) run only as the test moves the clock with page.clock.runFor, so a busy machine can
 * neither stretch nor shorten what the test measures.
 */
export async function watchMoment(page: Page, moment: string): Promise<{ holdAt: (ms: number) => Promise<void> }> {
  const key = `moment:${moment}:${Math.random()}`;
  await page.evaluate(
    ([what, name]) => {
      const noted = window as unknown as Record<string, number>;
      if (what === 'click') {
        document.addEventListener('click', () => (noted[name] ??= Date.now()), { capture: true, once: true });
        return;
      }
      const note = () => {
        if (document.querySelector(what)) noted[name] ??= Date.now();
      };
      new MutationObserver(note).observe(document.body, { childList: true, subtree: true, attributes: true });
    },
    [moment, key] as const,
  );
  return {
    holdAt: async (ms) => {
      await page.waitForFunction((name) => (window as unknown as Record<string, number>)[name] !== undefined, key);
      const at = await page.evaluate((name) => (window as unknown as Record<string, number>)[name]!, key);
      await page.clock.pauseAt(at + ms);
    },
  };
}

/** Runs axe for WCAG 2.1 A and AA on the page as it is now, and fails with the rules and elements it flags. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await settled(page);
  let violations = await axeViolations(page);
  // Something that started moving while axe read the page (a notification the page's code places once it has loaded,
  // fading in) is judged again once it has settled; a real violation is still there then.
  if (violations.length > 0) {
    await settled(page);
    violations = await axeViolations(page);
  }
  expect(violations).toEqual([]);
}

/** The rules axe flags (WCAG 2.1 A and AA) on the page as it is now, each with the elements it flags. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/**
 * Waits for the page's colours to settle: a notification fading in is part way between its colours and the page's. A
 * component may start its animation a frame after it appears, so the page is given two frames, then waits for what
 * runs, until a pair of frames passes with nothing running.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let round = 0; round < 20; round++) {
      await twoFrames();
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        );
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/**
 * The main navigation that is showing (the bar on wide screens, the menu on phones), by its name in config/site.json.
 */
export const mainNav = (page: Page, name: string) => page.getByRole('navigation', { name });

/** A section of the page by its heading. */
export const sectionWithHeading = (page: Page, name: string) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .last();
