/**
 * The browser the tests and benchmarks drive: Debian's Chromium (CHROME_PATH to use another), headless, with nothing
 * of its own running in the background to disturb a measurement.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
