import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { siteFolders } from './src/checker/project-folders.ts';
import { ISLANDS_ON_PREACT } from './src/build/islands-on-preact.ts';
import { siteConfigPlugin } from './src/build/vite-plugin-site-config.ts';
import { LIVE_SITE_DIR, SPEC_SITE_DIR } from './src/testing/sites.ts';

/**
 * How long a test or hook may take before it counts as hung. Tests check behaviour, never speed (`npm run bench` holds
 * the budgets): a test that copies and validates a site takes under a second alone and several on a busy two-core
 * machine, which must not fail it.
 */
const HUNG_AFTER_MS = 60_000;

/** Unit tests of one site: `virtual:site-shell` and the forms come from that site's config/. */
const unitTestsOf = (name: string, siteDir: string, include: string[], exclude: string[] = []) => ({
  plugins: [react(), siteConfigPlugin(siteFolders(siteDir))],
  test: {
    name,
    include,
    exclude,
    setupFiles: ['src/test-setup.ts'],
    env: { SITE_DIR: siteDir },
    testTimeout: HUNG_AFTER_MS,
    hookTimeout: HUNG_AFTER_MS,
  },
});

/**
 * Unit tests of one site with React aliased to Preact, as a built page's islands run in the browser
 * (src/build/islands-on-preact.ts). Every package is bundled into the test, so a library's own imports of React (Chakra,
 * react-jsonschema-form) reach Preact too, and the page holds one framework; packages resolve to their browser builds,
 * as for the site (Emotion's build for Node loads React itself, through require, where no alias reaches).
 */
const unitTestsOnPreact = (name: string, siteDir: string, include: string[]) => {
  const project = unitTestsOf(name, siteDir, include);
  return {
    ...project,
    resolve: { alias: ISLANDS_ON_PREACT, conditions: ['browser', 'module', 'import', 'default'] },
    test: { ...project.test, server: { deps: { inline: true } } },
  };
};

// Tests named *.site.test.* derive every expectation from the config they render, so they run on both sites; those
// named *.preact.test.* run on Preact.
const EVERY_SITE_TEST = 'src/**/*.site.test.{ts,tsx}';
const ON_PREACT = 'src/**/*.preact.test.{ts,tsx}';
const EVERY_SITE_TEST_ON_PREACT = 'src/**/*.site.preact.test.{ts,tsx}';

// The unit tests' own settings, apart from vite.config.ts, which builds and serves the site and knows no test site.
export default defineConfig({
  test: {
    // Both cores: many tests wait on processes, servers and git rather than compute (Vitest's default leaves one idle).
    maxWorkers: 2,
    projects: [
      unitTestsOf('spec-site', SPEC_SITE_DIR, ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'], [ON_PREACT]),
      unitTestsOf('live-site', LIVE_SITE_DIR, [EVERY_SITE_TEST]),
      unitTestsOnPreact('spec-site on Preact', SPEC_SITE_DIR, [ON_PREACT]),
      unitTestsOnPreact('live-site on Preact', LIVE_SITE_DIR, [EVERY_SITE_TEST_ON_PREACT]),
    ],
  },
});
