/**
 * Checks that the programs the browser tests need are here: the Chromium they drive ($CHROME_PATH, else Debian's
 * headless shell, /usr/bin/chromium-headless-shell, else Debian's /usr/bin/chromium or a runner's /usr/bin/google-chrome), the Firefox of the second-engine suite ($FIREFOX_PATH, else
 * Debian's /usr/bin/firefox-esr or a runner's /usr/bin/firefox) and Java, which runs the W3C HTML checker. It never
 * installs anything (npm test runs with whatever rights it is given); when one is missing it says in one line what to
 * install. CI installs them in .ci/run; GitHub's hosted runners have them (.github/workflows/ci.yml).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { FIREFOX_PATH } from '../src/testing/firefox.ts';
import { TEST_CHROMIUM_PATH } from '../src/testing/chromium.ts';

if (!existsSync(TEST_CHROMIUM_PATH)) {
  console.error(
    `No Chromium at ${TEST_CHROMIUM_PATH}, which the browser tests drive. Install Debian's packages (sudo apt-get install chromium chromium-headless-shell), or set CHROME_PATH to a Chromium or Chrome binary.`,
  );
  process.exitCode = 1;
}
if (!existsSync(FIREFOX_PATH)) {
  console.error(
    `No Firefox at ${FIREFOX_PATH}, which the second-engine tests drive. Install Debian's package (sudo apt-get install firefox-esr), or set FIREFOX_PATH to a Firefox binary.`,
  );
  process.exitCode = 1;
}
if (spawnSync('java', ['-version']).error) {
  console.error(
    'No Java, which runs the W3C HTML checker (npm vnu-jar). Install it (sudo apt-get install default-jre-headless).',
  );
  process.exitCode = 1;
}
