import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { siteFolders } from './src/checker/project-folders.ts';
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

// Tests named *.site.test.* derive every expectation from the config they render, so they run on both sites.
const EVERY_SITE_TEST = 'src/**/*.site.test.{ts,tsx}';

// The unit tests' own settings, apart from vite.config.ts, which builds and serves the site and knows no test site.
export default defineConfig({
  test: {
    // Both cores: many tests wait on processes, servers and git rather than compute (Vitest's default leaves one idle).
    maxWorkers: 2,
    projects: [
      unitTestsOf('spec-site', SPEC_SITE_DIR, ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts']),
      unitTestsOf('live-site', LIVE_SITE_DIR, [EVERY_SITE_TEST]),
    ],
  },
});
