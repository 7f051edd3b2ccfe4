import { existsSync } from 'node:fs';
/**
 * Where a machine's Firefox is: Debian's Firefox ESR, or the Mozilla Firefox of GitHub's hosted Ubuntu runners
 * (actions/runner-images, install-firefox.sh: the mozillateam package, /usr/bin/firefox).
 */
export const FIREFOX_CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'] as const;

/** The Firefox the second-engine browser tests drive (e2e/firefox/): $FIREFOX_PATH, else the first candidate there. */
export const FIREFOX_PATH =
  process.env.FIREFOX_PATH || (FIREFOX_CANDIDATES.find((path) => existsSync(path)) ?? FIREFOX_CANDIDATES[0]);
