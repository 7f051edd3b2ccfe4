/** The Firefox the second-engine browser tests drive (e2e/firefox/): $FIREFOX_PATH, else Debian's Firefox ESR. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
