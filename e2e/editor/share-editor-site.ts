/**
 * Makes the editor site the author's copy of a site kept in a bare repository, with a teammate's clone, before the
 * editor starts on it (playwright.config.ts). Git runs with settings of its own: no name, as on a fresh laptop.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { isolatedGitEnvironment, shareSite } from '../../src/testing/git-sites.ts';
import { EDITOR_SITE_DIR, EDITOR_SITE_GIT } from '../../src/testing/sites.ts';

rmSync(EDITOR_SITE_GIT.remote, { recursive: true, force: true });
rmSync(EDITOR_SITE_GIT.teammate, { recursive: true, force: true });
rmSync(EDITOR_SITE_GIT.settings, { recursive: true, force: true });
mkdirSync(EDITOR_SITE_GIT.settings, { recursive: true });
Object.assign(process.env, isolatedGitEnvironment(EDITOR_SITE_GIT.settings));
shareSite(EDITOR_SITE_DIR, EDITOR_SITE_GIT.remote, EDITOR_SITE_GIT.teammate);
