/**
 * Checks that the Chromium the browser tests drive is here: $CHROME_PATH, else Debian's /usr/bin/chromium. It never
 * installs anything (npm test runs with whatever rights it is given); when the browser is missing it says in one line
 * what to install. CI installs it in .ci/run.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from '../src/testing/chromium.ts';

const wanted = CHROMIUM_PATH;
if (!existsSync(wanted)) {
  console.error(
    `No Chromium at ${wanted}, which the browser tests drive. Install Debian's package (sudo apt-get install chromium), or set CHROME_PATH to a Chromium or Chrome binary.`,
  );
  process.exitCode = 1;
}
