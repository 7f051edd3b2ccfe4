import { defineConfig, devices } from '@playwright/test';
import { SPEC_SITE_DIST } from './src/testing/sites.ts';

const livePort = Number(process.env.E2E_PORT ?? 4317);
const specPort = livePort + 1;

/**
 * Browser tests in Debian's Chromium against production builds, served by the server npm start uses:
 * e2e/spec/ checks the spec's exact texts, counts and timings on the spec fixture site (test-results/spec-site),
 * and e2e/live/ checks the repository's own site with every expectation derived from config/.
 */
export default defineConfig({
  fullyParallel: true,
  workers: 2,
  // One retry on CI, so a rare timing flake on a busy 2-core machine does not block; the report lists it as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/browser.json' }]],
  outputDir: 'test-results/browser',
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'spec-site', testDir: 'e2e/spec', use: { baseURL: `http://127.0.0.1:${specPort}` } },
    { name: 'live-site', testDir: 'e2e/live', use: { baseURL: `http://127.0.0.1:${livePort}` } },
  ],
  webServer: [
    {
      command: `PORT=${specPort} tsx scripts/serve.ts ${SPEC_SITE_DIST}`,
      url: `http://127.0.0.1:${specPort}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
    },
    {
      command: `PORT=${livePort} tsx scripts/serve.ts`,
      url: `http://127.0.0.1:${livePort}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
    },
  ],
});
