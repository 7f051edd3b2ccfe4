/**
 * The editor at /admin/ on the phone profile (CPU 4x slower, 1.6 Mbps, 150 ms; src/testing/page-weight.ts), for
 * `npm run bench` (or alone, `npm run bench:editor`): how long an author who is signed in waits for the file list,
 * for an influencer to open, and for Save of one change. The spec site (or, with `npm run bench:editor -- 1000`, the
 * live site with that many generated influencers) is kept in a real bare repository behind the GitHub stand-in, as
 * in the browser tests, and the editor is built to talk to it; the phone's network slows every request, GitHub's
 * included.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '../src/editor/github/token-exchange.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../src/testing/chromium.ts';
import { isolatedGitEnvironment, setEnvironment } from '../src/testing/git-sites.ts';
import { AUTHOR, createGitHubSite, REPOSITORY, startStandInFor } from '../src/testing/github-site.ts';
import { emulatePhone } from '../src/testing/page-weight.ts';
import { createScaleSite } from '../src/testing/scale-site.ts';
import { SPEC_SITE_DIR } from '../src/testing/sites.ts';

/** What an author waits for on the phone profile, at most (medians). */
export const SITE_EDITOR_BUDGET = { fileListMs: 3000, openMs: 1000, saveMs: 1000 };

export interface SiteEditorTiming {
  /** From the start of navigation to /admin/ until the list of files shows. */
  readonly fileListMs: number;
  /** From choosing an influencer in the list until their form shows. */
  readonly openMs: number;
  /** From pressing Save with one change to an influencer until the editor says it is saved. */
  readonly saveMs: number;
}

const root = join(import.meta.dirname, '..');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** What a session opens and changes: the file's path, the box it writes in, and the words of its save. */
interface Edited {
  readonly path: string;
  readonly field: string;
  readonly saved: RegExp;
}

async function oneSession(browser: Browser, url: string, token: string, edited: Edited): Promise<SiteEditorTiming> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(([key, value]) => sessionStorage.setItem(key!, value!), [TOKEN_STORAGE_KEY, token]);
    await emulatePhone(page);
    await page.goto(url, { waitUntil: 'commit' });
    const files = page.getByRole('navigation', { name: 'Config files' });
    const chosen = files.locator(`button[title="${edited.path}"]`);
    await chosen.waitFor({ timeout: 120_000 });
    const fileListMs = await page.evaluate(() => performance.now());
    const field = page.locator(edited.field);
    const tapped = Date.now();
    await chosen.tap();
    await field.waitFor({ timeout: 60_000 });
    const openMs = Date.now() - tapped;
    await field.fill(`A new line, written on a phone ${Date.now()}: stories, brands and the people behind them.`);
    // The change is checked as it is typed; Save is pressed once that check is done, as an author reads the page.
    await page.getByRole('button', { name: /^Save \(1 file\)$/ }).waitFor();
    await page.waitForTimeout(1500);
    const saved = page.locator('.editor-status', { hasText: edited.saved });
    const pressed = Date.now();
    await page.getByRole('button', { name: /^Save/ }).tap();
    await saved.waitFor({ timeout: 60_000 });
    return { fileListMs, openMs, saveMs: Date.now() - pressed };
  } finally {
    await context.close();
  }
}

/** Builds the editor for the stand-in, serves it, and times `runs` sessions; the medians, and each run. */
export async function benchSiteEditor(options: { runs: number; port: number; influencers?: number }): Promise<{
  medians: SiteEditorTiming;
  runs: SiteEditorTiming[];
  missed: string[];
}> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-site-editor-'));
  const restoreEnvironment = setEnvironment(isolatedGitEnvironment(folder));
  const source = options.influencers
    ? createScaleSite({ influencers: options.influencers, into: join(folder, 'source') }).root
    : SPEC_SITE_DIR;
  const site = createGitHubSite(join(folder, 'repository'), source);
  const github = await startStandInFor(site, { port: options.port + 1 });
  // An influencer of their own file, by the name the list shows (the spec site keeps them in one list: its first).
  const influencerFolder = join(source, 'config/collections/influencers');
  const edited: Edited = existsSync(influencerFolder)
    ? {
        path: `config/collections/influencers/${readdirSync(influencerFolder).sort()[0]!}`,
        field: '#root_bio',
        saved: /^Saved config\/collections\/influencers\//,
      }
    : {
        path: 'config/collections/influencers.json',
        field: '#root_influencers_0_bio',
        saved: /^Saved config\/collections\/influencers\.json/,
      };
  const dist = join(root, 'test-results/bench-site-editor');
  const built = spawnSync(join(root, 'node_modules/.bin/tsx'), ['scripts/build.ts', source, dist], {
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
    await oneSession(browser, url, token, edited);
    const runs: SiteEditorTiming[] = [];
    for (let run = 0; run < options.runs; run++) runs.push(await oneSession(browser, url, token, edited));
    const medians = {
      fileListMs: median(runs.map((run) => run.fileListMs)),
      openMs: median(runs.map((run) => run.openMs)),
      saveMs: median(runs.map((run) => run.saveMs)),
    };
    const missed = [
      ...(medians.fileListMs > SITE_EDITOR_BUDGET.fileListMs
        ? [
            `the editor's file list after ${Math.round(medians.fileListMs)} ms on a phone, not within ${SITE_EDITOR_BUDGET.fileListMs} ms`,
          ]
        : []),
      ...(medians.openMs > SITE_EDITOR_BUDGET.openMs
        ? [
            `an influencer opened in the editor after ${Math.round(medians.openMs)} ms on a phone, not within ${SITE_EDITOR_BUDGET.openMs} ms`,
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
    restoreEnvironment();
    rmSync(folder, { recursive: true, force: true });
  }
}

// Alone: npm run bench:editor, or npm run bench:editor -- 1000 for the live site with 1,000 generated influencers.
if (process.argv[1] === import.meta.filename) {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const influencers = process.argv[2] ? Number(process.argv[2]) : undefined;
  const result = await benchSiteEditor({ runs, port: Number(process.env.BENCH_PORT ?? 4399) + 10, influencers });
  console.log(
    `The editor at /admin/ on a phone (${influencers ? `${influencers} influencers` : 'the spec site'}), median of ${runs}: ` +
      `file list after ${Math.round(result.medians.fileListMs)} ms, an influencer open in ${result.medians.openMs} ms, ` +
      `saved in ${result.medians.saveMs} ms (each: ${result.runs.map((run) => `${Math.round(run.fileListMs)}/${run.openMs}/${run.saveMs}`).join(', ')})`,
  );
  if (result.missed.length > 0) {
    console.error(`Budgets missed:\n${result.missed.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
}
