import { existsSync } from 'node:fs';

/**
 * Where the browsers a machine has are, by the name its packages give them: Debian's Chromium, and the Chromium and
 * Google Chrome of GitHub's hosted Ubuntu runners (actions/runner-images, install-google-chrome.sh).
 */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/google-chrome'] as const;

/**
 * The browser the benchmarks drive, as visitors have it: $CHROME_PATH, else the first of CHROMIUM_CANDIDATES the
 * machine has; headless, with nothing of its own running in the background to disturb a measurement.
 */
export const CHROMIUM_PATH =
  process.env.CHROME_PATH || (CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? CHROMIUM_CANDIDATES[0]);

/**
 * Debian's package chromium-headless-shell: the same engine and version as its Chromium, without the machinery of a
 * browser's windows; what Playwright itself runs headless tests in.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the browser tests drive: $CHROME_PATH, else the headless shell where the machine has it (measured on two
 * cores: the browser tests took 222 s in it, 324 s in Chromium itself), else CHROMIUM_PATH.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROME_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
