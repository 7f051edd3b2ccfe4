import { existsSync } from 'node:fs';

/**
 * Where the browsers a machine has are, by the name its packages give them: Debian's Chromium, and the Chromium and
 * Google Chrome of GitHub's hosted Ubuntu runners (actions/runner-images, install-google-chrome.sh).
 */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/google-chrome'] as const;

/**
 * The browser the tests and benchmarks drive: $CHROME_PATH, else the first of CHROMIUM_CANDIDATES the machine has;
 * headless, with nothing of its own running in the background to disturb a measurement.
 */
export const CHROMIUM_PATH =
  process.env.CHROME_PATH || (CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? CHROMIUM_CANDIDATES[0]);
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
