import { defineConfig, devices } from '@playwright/test';
import type { EditorKind } from './e2e/both-editors/editor-under-test.ts';
import {
  CLOUDFLARE_PORTS,
  DELIVERY_PORTS,
  EDITOR_PORT,
  EDITOR_PREVIEW_PORT,
  EDITOR_TOKEN,
  GITHUB_STAND_IN,
  LIVE_PORT,
  PHOTO_PORT,
  PHOTO_SERVICE_PORTS,
  PROJECT_SITE_PORT,
  SCALE_PORT,
  SPEC_PORT,
  siteUrl,
} from './e2e/ports.ts';
import { deliverySite, ENCODINGS, type Encoding } from './src/testing/delivery-sites.ts';
import { PROJECT_SITE } from './src/testing/project-site.ts';
import {
  EDITOR_CACHE_DIR,
  EDITOR_LAUNCH_MARK,
  EDITOR_SITE_DIR,
  EDITOR_SITE_GIT,
  PHOTO_SITE_DIST,
  PHOTO_SITE_VIA,
  type PicturesMaker,
  SCALE_SITE_DIST,
  SPEC_SITE_DIR,
  SPEC_SITE_DIST,
} from './src/testing/sites.ts';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './src/testing/chromium.ts';
import type { TestServer } from './e2e/start-servers.ts';

/** Git's settings for the editor and the tests of publishing: a file of their own, never the machine's. */
const EDITOR_GIT_ENVIRONMENT = `GIT_CONFIG_GLOBAL=${EDITOR_SITE_GIT.settings}/global.gitconfig GIT_CONFIG_NOSYSTEM=1`;

/** How each site is served: by the server npm start uses, on its own port. */
const serve = (name: string, port: number, dist?: string): TestServer => ({
  name,
  command: `PORT=${port} tsx scripts/serve.ts${dist ? ` ${dist}` : ''}`,
  url: `${siteUrl(port)}/`,
  timeoutMs: 30_000,
});

/** Every server the tests use, started together by e2e/start-servers.ts. */
const SERVERS: readonly TestServer[] = [
  serve('spec site', SPEC_PORT, SPEC_SITE_DIST),
  serve('live site', LIVE_PORT),
  serve('scale site', SCALE_PORT, SCALE_SITE_DIST),
  serve('photo site', PHOTO_PORT, PHOTO_SITE_DIST),
  ...(['netlify', 'cloudflare'] as const).map((service) =>
    serve(`photo site, ${service}`, PHOTO_SERVICE_PORTS[service], PHOTO_SITE_VIA[service].dist),
  ),
  ...ENCODINGS.map((encoding) =>
    serve(`delivery site, ${encoding}`, DELIVERY_PORTS[encoding].site, deliverySite(encoding).dist),
  ),
  {
    ...serve('project site', PROJECT_SITE_PORT, PROJECT_SITE.dist),
    url: `${siteUrl(PROJECT_SITE_PORT)}${PROJECT_SITE.folder}/`,
  },
  {
    // Run from the project, as a deploy runs it, so the site's functions/ (signing in to the editor) come with it,
    // given the two secrets of the GitHub stand-in's app. Its state goes into test-results/, its bundles into
    // .wrangler/ (ignored by git).
    name: 'Cloudflare Pages',
    command: [
      `WRANGLER_SEND_METRICS=false wrangler pages dev ${deliverySite('json').dist} --ip 127.0.0.1`,
      `--port ${CLOUDFLARE_PORTS.site} --inspector-port ${CLOUDFLARE_PORTS.inspector} --compatibility-date 2024-09-23`,
      '--persist-to test-results/wrangler-state --show-interactive-dev-session=false --log-level warn',
      `--binding GITHUB_CLIENT_ID=${GITHUB_STAND_IN.app.clientId} GITHUB_CLIENT_SECRET=${GITHUB_STAND_IN.app.secret}`,
      `GITHUB_URL=${siteUrl(GITHUB_STAND_IN.port)}`,
    ].join(' '),
    url: `${siteUrl(CLOUDFLARE_PORTS.site)}/`,
    timeoutMs: 60_000,
  },
  {
    // The editor site is kept in a bare repository, so publishing from it is real; git has no settings of the
    // machine's.
    name: 'npm run edit',
    command: `rm -rf ${EDITOR_SITE_DIR} ${EDITOR_LAUNCH_MARK} ${EDITOR_CACHE_DIR} && cp -r ${SPEC_SITE_DIR} ${EDITOR_SITE_DIR} && tsx e2e/editor/share-editor-site.ts && ${EDITOR_GIT_ENVIRONMENT} XDG_CACHE_HOME=${EDITOR_CACHE_DIR} LAUNCH_EDITOR=e2e/editor/launch-marker.sh EDIT_PORT=${EDITOR_PORT} EDIT_PREVIEW_PORT=${EDITOR_PREVIEW_PORT} EDIT_TOKEN=${EDITOR_TOKEN} tsx scripts/edit.ts ${EDITOR_SITE_DIR}`,
    url: `${siteUrl(EDITOR_PORT)}/`,
    timeoutMs: 60_000,
  },
];

/**
 * Browser tests in Debian's Chromium (its headless shell where the machine has it) against production builds, served by the server npm start uses:
 * e2e/spec/ checks the spec's exact texts, counts and timings on the spec fixture site (test-results/spec-site),
 * e2e/live/ checks the repository's own site with every expectation derived from config/, and e2e/scale/ checks
 * that site with 1,000 generated influencers (test-results/scale-site): pages cost what they show, not what it holds;
 * e2e/photos/ checks it with a photo for every creator and an image for every project (test-results/photo-site),
 * their sizes made by its build, and again by each host's image service (the server's stand-in answers them; axe and
 * the layout-shift test run on the build's only, as the spec says).
 * e2e/delivery/ runs on two copies of the spec site whose forms post to a receiver the tests start (as JSON, and
 * form-encoded; the second only the tests of what the encoding changes, as the spec says); each runs its tests one
 * after another, since they share that receiver. e2e/editor/ drives the
 * visual editor (npm run edit) on a fresh copy of the spec site, a file for each part of it, one test after another
 * since they share its files (the one that publishes puts the site's history back after it); the editor's token is
 * chosen here, once, and reaches the editor and the test workers through the environment.
 * e2e/project-site/ serves the spec site built for a folder of its address (a GitHub project site) in that folder;
 * e2e/cloudflare/ serves the JSON delivery site under Cloudflare Pages' own local runtime (wrangler pages dev).
 */

/**
 * The editors' tests run as an author who asked for less motion: the home page's video would otherwise play in the
 * preview through every test that shows it, drawn without a GPU at a third of a core. The video's own behaviour is
 * tested on the site's pages (e2e/spec/home.spec.ts), and in the editor's preview by the one test about it.
 */
const AN_EDITOR_TEST = { reducedMotion: 'reduce' } as const;

export default defineConfig<
  { otherOrigins: readonly string[]; editorKind: EditorKind; pictures: PicturesMaker },
  { encoding: Encoding }
>({
  fullyParallel: true,
  workers: 2,
  // One retry on CI, so a rare timing flake on a busy 2-core machine does not block; the report lists it as flaky.
  retries: process.env.CI ? 1 : 0,
  // A hang detector, not a speed limit: the heaviest tests take about 25 s alone and twice that beside a second suite.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/browser.json' }]],
  outputDir: 'test-results/browser',
  use: {
    ...devices['Desktop Chrome'],
    // A trace records every step of a test, at a cost (about a tenth of the editor's tests' time, measured); on CI the
    // first try runs without it, and a test that fails is tried again with it.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  // npm run edit's tests, which take turns, come first: they keep one worker busy from the start while the other runs
  // the spec and live sites; /admin/'s, which take turns too, come next, so they run once npm run edit's are nearly done
  // rather than beside them (measured: side by side, each took a third longer) or alone at the end (they started at
  // 214 s and ran alone for their last 70 s).
  projects: [
    {
      name: 'editor',
      // Its own specs, and those both editors must pass alike (e2e/both-editors/), here on npm run edit.
      testDir: 'e2e',
      testMatch: ['editor/**/*.spec.ts', 'both-editors/**/*.spec.ts'],
      fullyParallel: false,
      workers: 1,
      use: {
        ...AN_EDITOR_TEST,
        editorKind: 'npm run edit' as const,
        baseURL: siteUrl(EDITOR_PORT),
        // As if the author had opened the address npm run edit printed once: the page keeps the token it held.
        storageState: {
          cookies: [],
          origins: [
            { origin: siteUrl(EDITOR_PORT), localStorage: [{ name: 'editor-session-token', value: EDITOR_TOKEN }] },
          ],
        },
        otherOrigins: [siteUrl(EDITOR_PREVIEW_PORT)],
      },
    },
    { name: 'spec-site', testDir: 'e2e/spec', use: { baseURL: siteUrl(SPEC_PORT) } },
    { name: 'live-site', testDir: 'e2e/live', use: { baseURL: siteUrl(LIVE_PORT) } },
    {
      name: 'cloudflare-pages',
      // Its own specs, and those both editors must pass alike, here on the editor at /admin/. One GitHub stand-in on
      // one port serves every editor test of it: they take turns.
      testDir: 'e2e',
      testMatch: ['cloudflare/**/*.spec.ts', 'both-editors/**/*.spec.ts'],
      workers: 1,
      use: {
        ...AN_EDITOR_TEST,
        baseURL: siteUrl(CLOUDFLARE_PORTS.site),
        otherOrigins: [siteUrl(DELIVERY_PORTS.json.receiver)],
        editorKind: '/admin/' as const,
      },
    },
    { name: 'scale-site', testDir: 'e2e/scale', use: { baseURL: siteUrl(SCALE_PORT) } },
    { name: 'photo-site', testDir: 'e2e/photos', use: { baseURL: siteUrl(PHOTO_PORT), pictures: 'build' } },
    ...(['netlify', 'cloudflare'] as const).map((service) => ({
      name: `photo-site-${service}`,
      testDir: 'e2e/photos',
      use: { baseURL: siteUrl(PHOTO_SERVICE_PORTS[service]), pictures: service },
    })),
    ...ENCODINGS.map((encoding) => ({
      name: `delivery-${encoding}`,
      testDir: 'e2e/delivery',
      fullyParallel: false,
      use: { baseURL: siteUrl(DELIVERY_PORTS[encoding].site), encoding },
    })),
    {
      name: 'project-site',
      testDir: 'e2e/project-site',
      use: { baseURL: `${siteUrl(PROJECT_SITE_PORT)}${PROJECT_SITE.folder}/` },
    },
    // The second engine: Firefox ESR through puppeteer-core (e2e/firefox/firefox.ts), on the spec site.
    { name: 'firefox', testDir: 'e2e/firefox', use: { baseURL: siteUrl(SPEC_PORT) } },
  ],
  webServer: {
    command: 'tsx e2e/start-servers.ts',
    env: { E2E_SERVERS: JSON.stringify(SERVERS) },
    wait: { stdout: /Every test server answers/ },
    timeout: Math.max(...SERVERS.map((server) => server.timeoutMs)) + 10_000,
  },
});
