/**
 * The editor at /admin/ on the phone profile (CPU 4x slower, 1.6 Mbps, 150 ms; src/testing/page-weight.ts), for
 * `npm run bench` (or alone, `npm run bench:editor`): how long an author who is signed in waits for the file list,
 * and for Save of one change. The spec site is kept in a real bare repository behind the GitHub stand-in, as in the
 * browser tests, and the editor is built to talk to it; the phone's network slows every request, GitHub's included.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '../src/editor/github/token-exchange.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../src/testing/chromium.ts';
import { isolatedGitEnvironment } from '../src/testing/git-sites.ts';
import { AUTHOR, createGitHubSite, REPOSITORY, startStandInFor } from '../src/testing/github-site.ts';
import { emulatePhone } from '../src/testing/page-weight.ts';
import { SPEC_SITE_DIR } from '../src/testing/sites.ts';

/** What an author waits for on the phone profile, at most (medians). */
export const SITE_EDITOR_BUDGET = { fileListMs: 3000, saveMs: 1000 };

export interface SiteEditorTiming {
  /** From the start of navigation to /admin/ until the list of files shows. */
  readonly fileListMs: number;
  /** From pressing Save with one change until the editor says it is saved. */
  readonly saveMs: number;
}

const root = join(import.meta.dirname, '..');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function oneSession(browser: Browser, url: string, token: string): Promise<SiteEditorTiming> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(([key, value]) => sessionStorage.setItem(key!, value!), [TOKEN_STORAGE_KEY, token]);
    await emulatePhone(page);
    await page.goto(url, { waitUntil: 'commit' });
    const files = page.getByRole('navigation', { name: 'Config files' });
    await files.getByRole('button', { name: 'Home', exact: true }).waitFor({ timeout: 60_000 });
    const fileListMs = await page.evaluate(() => performance.now());
    await files.getByRole('button', { name: 'Home', exact: true }).tap();
    const heading = page.locator('#root_sections_0_heading');
    await heading.fill(`Stories That Move Accra ${Date.now()}`);
    // The change is checked as it is typed; Save is pressed once that check is done, as an author reads the page.
    await page.getByRole('button', { name: /^Save \(1 file\)$/ }).waitFor();
    await page.waitForTimeout(1500);
    const saved = page.locator('.editor-status', { hasText: 'Saved config/pages/home.json.' });
    const pressed = Date.now();
    await page.getByRole('button', { name: /^Save/ }).tap();
    await saved.waitFor({ timeout: 60_000 });
    return { fileListMs, saveMs: Date.now() - pressed };
  } finally {
    await context.close();
  }
}

/** Builds the editor for the stand-in, serves it, and times `runs` sessions; the medians, and each run. */
export async function benchSiteEditor(options: { runs: number; port: number }): Promise<{
  medians: SiteEditorTiming;
  runs: SiteEditorTiming[];
  missed: string[];
}> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-site-editor-'));
  const previousEnvironment = { ...process.env };
  Object.assign(process.env, isolatedGitEnvironment(folder));
  const site = createGitHubSite(folder);
  const github = await startStandInFor(site, { port: options.port + 1 });
  const dist = join(root, 'test-results/bench-site-editor');
  const built = spawnSync(join(root, 'node_modules/.bin/tsx'), ['scripts/build.ts', SPEC_SITE_DIR, dist], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      SITE_EDITOR_GITHUB_API: github.url,
      SITE_EDITOR_REPOSITORY: `${REPOSITORY.owner}/${REPOSITORY.name}`,
    },
  });
  if (built.status !== 0) throw new Error('The site with its editor did not build: run npm run build to see why.');
  const server = spawn(join(root, 'node_modules/.bin/tsx'), ['scripts/serve.ts', dist], {
    cwd: root,
    env: { ...process.env, PORT: String(options.port) },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const url = `http://127.0.0.1:${options.port}/admin/`;
    const token = github.tokenFor(AUTHOR);
    // One session first, not counted: the browser's first page is the browser starting.
    await oneSession(browser, url, token);
    const runs: SiteEditorTiming[] = [];
    for (let run = 0; run < options.runs; run++) runs.push(await oneSession(browser, url, token));
    const medians = {
      fileListMs: median(runs.map((run) => run.fileListMs)),
      saveMs: median(runs.map((run) => run.saveMs)),
    };
    const missed = [
      ...(medians.fileListMs > SITE_EDITOR_BUDGET.fileListMs
        ? [
            `the editor's file list after ${Math.round(medians.fileListMs)} ms on a phone, not within ${SITE_EDITOR_BUDGET.fileListMs} ms`,
          ]
        : []),
      ...(medians.saveMs > SITE_EDITOR_BUDGET.saveMs
        ? [
            `a save in the editor took ${Math.round(medians.saveMs)} ms on a phone, not within ${SITE_EDITOR_BUDGET.saveMs} ms`,
          ]
        : []),
    ];
    return { medians, runs, missed };
  } finally {
    await browser.close();
    server.kill();
    await github.close();
    process.env = previousEnvironment;
    rmSync(folder, { recursive: true, force: true });
  }
}

// Alone: npm run bench:editor.
if (process.argv[1] === import.meta.filename) {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const result = await benchSiteEditor({ runs, port: Number(process.env.BENCH_PORT ?? 4399) + 10 });
  console.log(
    `The editor at /admin/ on a phone, median of ${runs}: file list after ${Math.round(result.medians.fileListMs)} ms, ` +
      `save in ${Math.round(result.medians.saveMs)} ms (each: ${result.runs.map((run) => `${Math.round(run.fileListMs)}/${run.saveMs}`).join(', ')})`,
  );
  if (result.missed.length > 0) {
    console.error(`Budgets missed:\n${result.missed.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
}
