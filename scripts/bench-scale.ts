/**
 * `npm run bench:scale`: how the site holds up as its collections grow. For each size (6, 1,000 and 10,000
 * influencers with 6, 200 and 1,000 projects, generated with varied, unique text into a temporary copy of the
 * site) it validates, builds and serves the copy, then prints one row: validate and build time, pages, dist/ size,
 * first-load script (gzip) of the home page, About, the directory and one profile, the directory's HTML size,
 * Lighthouse (mobile, median of 3) performance and TBT of the home page and the directory, and how fast the
 * directory's search answers at 4x CPU slowdown. Writes bench/scale.json; exits non-zero when a budget is missed.
 * `npm run bench:scale -- 1000` measures some sizes only (the budgets are checked at 10,000 influencers). The last
 * size gives every creator a photo and every project an image: its build is measured with the picture cache warm
 * (`npm run bench:scale -- photos` measures it alone), after a first build that fills it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PROJECT_ROOT, siteFolders } from '../src/checker/project-folders.ts';
import { serverBuildFolderOf } from '../src/build/output-folder.ts';
import { validateConfig } from '../src/checker/validate-config.ts';
import { profilePathOf } from '../src/influencers/search.ts';
import { firstLoadScript, median, timeDirectorySearch } from '../src/testing/page-weight.ts';
import { createScaleSite } from '../src/testing/scale-site.ts';
import { addPictures } from '../src/testing/photo-site.ts';
import { LIVE_SITE_DIR } from '../src/testing/sites.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../src/testing/chromium.ts';

const SIZES = [
  { influencers: 6, projects: 6 },
  { influencers: 1000, projects: 200 },
  { influencers: 10000, projects: 1000 },
  // Every creator with a photo and every project with an image: built once to fill the picture cache (the first
  // deployment's cost, printed), then measured as every later deployment builds, with the cache warm.
  { influencers: 10000, projects: 1000, photos: true },
];
const chosen = process.argv
  .slice(2)
  .map(Number)
  .filter((count) => count > 0);
// `photos` measures the sizes with pictures only.
const withPhotosOnly = process.argv.includes('photos');
const sizes = SIZES.filter(
  (size) =>
    (chosen.length === 0 || chosen.includes(size.influencers)) &&
    (!withPhotosOnly || ('photos' in size && size.photos)),
);
const port = Number(process.env.BENCH_PORT ?? 4398);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = CHROMIUM_PATH;
const chromeFlags = CHROMIUM_FLAGS;

/** The budgets at 10,000 influencers. */
const BUDGET = {
  sameScriptKb: 1,
  directoryHtmlGzipKb: 150,
  performance: 95,
  cls: 0.01,
  validateS: 3,
  buildS: 180,
  distMb: 300,
  buildWithPhotosWarmS: 300,
};

interface Row {
  influencers: number;
  projects: number;
  photos: boolean;
  /** With photos: the build that filled the picture cache. */
  coldBuildS?: number;
  validateS: number;
  buildS: number;
  pages: number;
  distMb: number;
  scriptKb: Record<'home' | 'about' | 'directory' | 'profile', number>;
  directoryHtmlKb: number;
  directoryHtmlGzipKb: number;
  lighthouse: Record<'home' | 'directory', { performance: number; tbt: number; cls: number }>;
  search: { echoMs: number; resultsMs: number; keys: number };
}

const seconds = (start: number) => (performance.now() - start) / 1000;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Runs a command as an author would, failing the benchmark with its output when it fails. */
function run(args: string[]): number {
  const start = performance.now();
  const result = spawnSync(join(LIVE_SITE_DIR, 'node_modules/.bin/tsx'), args, {
    cwd: LIVE_SITE_DIR,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`tsx ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return seconds(start);
}

/** Every file under a folder: how many pages and how many bytes. */
function measureFolder(folder: string): { pages: number; bytes: number } {
  let pages = 0;
  let bytes = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
    if (entry.name.endsWith('.html')) pages += 1;
  }
  return { pages, bytes };
}

async function lighthouseMedian(
  url: string,
  chromePort: number,
): Promise<{ performance: number; tbt: number; cls: number }> {
  const measured: { performance: number; tbt: number; cls: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const { lhr } = (await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    }))!;
    measured.push({
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    });
  }
  return {
    performance: median(measured.map((m) => m.performance)),
    tbt: median(measured.map((m) => m.tbt)),
    cls: median(measured.map((m) => m.cls)),
  };
}

async function measureSize(size: (typeof SIZES)[number]): Promise<Row> {
  const { influencers, projects } = size;
  const photos = 'photos' in size && size.photos === true;
  console.log(`\n${influencers} influencers, ${projects} projects${photos ? ', with pictures' : ''}`);
  const site = createScaleSite({ influencers, projects });
  if (photos) console.log(`  drew ${Object.values(await addPictures(site.root)).join(' photos and ')} images`);
  // The build runs from the repository, so the pre-render finds its modules; the output is removed afterwards.
  const outDir = join(LIVE_SITE_DIR, 'test-results/bench-scale', String(influencers));
  try {
    const validateS = run(['scripts/validate.ts', site.root]);
    console.log(`  validated in ${validateS.toFixed(2)} s`);
    // The fixture pictures are the same every time, so the cache in node_modules/.cache is warm after the first run.
    const coldBuildS = photos ? run(['scripts/build.ts', site.root, outDir]) : undefined;
    if (coldBuildS !== undefined) console.log(`  built once to fill the picture cache in ${coldBuildS.toFixed(1)} s`);
    const buildS = run(['scripts/build.ts', site.root, outDir]);
    const { pages, bytes } = measureFolder(outDir);
    console.log(`  built ${pages} pages in ${buildS.toFixed(1)} s`);

    const { config } = validateConfig(siteFolders(site.root));
    const directoryRoute = config!.pages.find((page) =>
      page.sections.some((section) => section.type === 'influencer-directory'),
    )!.route;
    const routes = {
      home: '/',
      about: config!.pages.find((page) => page.route === '/about')?.route ?? '/',
      directory: directoryRoute,
      profile: profilePathOf(config!.pages, 1),
    };
    const directoryHtml = readFileSync(join(outDir, directoryRoute, 'index.html'));

    const server = spawn(join(LIVE_SITE_DIR, 'node_modules/.bin/tsx'), ['scripts/serve.ts', outDir], {
      cwd: LIVE_SITE_DIR,
      env: { ...process.env, PORT: String(port) },
      stdio: 'ignore',
    });
    try {
      await waitForServer(`http://127.0.0.1:${port}/`);
      const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
      const scriptKb = {} as Row['scriptKb'];
      let search: Row['search'];
      try {
        for (const [name, route] of Object.entries(routes))
          scriptKb[name as keyof typeof routes] = kb(
            (await firstLoadScript(browser, `http://127.0.0.1:${port}${route}`)).bytes,
          );
        const page = await browser.newPage();
        const cdp = await page.context().newCDPSession(page);
        await page.goto(`http://127.0.0.1:${port}${directoryRoute}`);
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const timing = await timeDirectorySearch(page, ['ama', 'kofi', 'tech', 'osei']);
        search = {
          echoMs: Math.round(median(timing.echoMs)),
          resultsMs: Math.round(median(timing.resultsMs)),
          keys: timing.echoMs.length,
        };
      } finally {
        await browser.close();
      }
      const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
      let lighthouseResults: Row['lighthouse'];
      try {
        lighthouseResults = {
          home: await lighthouseMedian(`http://127.0.0.1:${port}/`, chrome.port),
          directory: await lighthouseMedian(`http://127.0.0.1:${port}${directoryRoute}`, chrome.port),
        };
      } finally {
        chrome.kill();
      }
      return {
        influencers,
        projects,
        photos,
        coldBuildS: coldBuildS && Math.round(coldBuildS * 10) / 10,
        validateS: Math.round(validateS * 100) / 100,
        buildS: Math.round(buildS * 10) / 10,
        pages,
        distMb: Math.round((bytes / 1024 / 1024) * 10) / 10,
        scriptKb,
        directoryHtmlKb: kb(directoryHtml.length),
        directoryHtmlGzipKb: kb(gzipSync(directoryHtml).length),
        lighthouse: lighthouseResults,
        search,
      };
    } finally {
      server.kill();
    }
  } finally {
    site.remove();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(serverBuildFolderOf(outDir, PROJECT_ROOT), { recursive: true, force: true });
  }
}

async function waitForServer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** The budgets at 10,000 influencers, against the 6-influencer build. */
function missedBudgets(rows: readonly Row[]): string[] {
  const small = rows.find((row) => row.influencers === 6);
  const large = rows.find((row) => row.influencers === 10000 && !row.photos);
  const pictured = rows.find((row) => row.influencers === 10000 && row.photos);
  const missed: string[] = [];
  if (pictured && pictured.buildS >= BUDGET.buildWithPhotosWarmS)
    missed.push(`build with photos, cache warm, ${pictured.buildS} s, budget ${BUDGET.buildWithPhotosWarmS}`);
  if (!large) return missed;
  // Every page's script is the same at 10,000 as at 6: the page script, and the directory's island, load no
  // influencer data of their own (the search data is JSON, fetched after the first paint).
  for (const name of ['home', 'about', 'directory', 'profile'] as const) {
    if (small && Math.abs(large.scriptKb[name] - small.scriptKb[name]) > BUDGET.sameScriptKb)
      missed.push(
        `${name}: first-load script ${large.scriptKb[name]} KB at 10,000 against ${small.scriptKb[name]} KB at 6`,
      );
  }
  if (large.directoryHtmlGzipKb >= BUDGET.directoryHtmlGzipKb)
    missed.push(`directory HTML ${large.directoryHtmlGzipKb} KB gzip, budget ${BUDGET.directoryHtmlGzipKb}`);
  if (large.lighthouse.directory.performance < BUDGET.performance)
    missed.push(`directory performance ${large.lighthouse.directory.performance}, budget ${BUDGET.performance}`);
  for (const name of ['home', 'directory'] as const)
    if (large.lighthouse[name].cls > BUDGET.cls)
      missed.push(`${name} CLS ${large.lighthouse[name].cls.toFixed(3)}, budget ${BUDGET.cls}`);
  if (large.validateS >= BUDGET.validateS) missed.push(`validate ${large.validateS} s, budget ${BUDGET.validateS}`);
  if (large.buildS >= BUDGET.buildS) missed.push(`build ${large.buildS} s, budget ${BUDGET.buildS}`);
  if (large.distMb >= BUDGET.distMb) missed.push(`dist/ ${large.distMb} MB, budget ${BUDGET.distMb}`);
  return missed;
}

const rows: Row[] = [];
try {
  for (const size of sizes) rows.push(await measureSize(size));
} finally {
  rmSync(join(LIVE_SITE_DIR, 'test-results/bench-scale'), { recursive: true, force: true });
}

const columns: [string, number, (row: Row) => string][] = [
  ['influencers', 11, (row) => String(row.influencers)],
  ['projects', 8, (row) => String(row.projects)],
  ['pictures', 8, (row) => (row.photos ? 'yes' : 'no')],
  ['validate s', 10, (row) => row.validateS.toFixed(2)],
  ['build s', 7, (row) => row.buildS.toFixed(1)],
  ['pages', 6, (row) => String(row.pages)],
  ['dist MB', 7, (row) => row.distMb.toFixed(1)],
  ['JS / KB', 7, (row) => row.scriptKb.home.toFixed(1)],
  ['JS about', 8, (row) => row.scriptKb.about.toFixed(1)],
  ['JS dir', 7, (row) => row.scriptKb.directory.toFixed(1)],
  ['JS profile', 10, (row) => row.scriptKb.profile.toFixed(1)],
  ['dir HTML KB (gz)', 16, (row) => `${row.directoryHtmlKb.toFixed(0)} (${row.directoryHtmlGzipKb.toFixed(1)})`],
  ['perf /', 6, (row) => String(row.lighthouse.home.performance)],
  ['TBT / ms', 8, (row) => String(row.lighthouse.home.tbt)],
  ['perf dir', 8, (row) => String(row.lighthouse.directory.performance)],
  ['TBT dir ms', 10, (row) => String(row.lighthouse.directory.tbt)],
  ['search echo/results ms', 22, (row) => `${row.search.echoMs} / ${row.search.resultsMs}`],
];
const line = (cells: string[]) => cells.map((cell, index) => cell.padStart(columns[index]![1])).join('  ');
console.log(
  `\nJS: first-load script, KB gzip. Lighthouse: mobile, median of ${runs}. Search: medians per key at 4x CPU slowdown.\n`,
);
console.log(line(columns.map(([name]) => name)));
for (const row of rows) console.log(line(columns.map(([, , cell]) => cell(row))));

const missed = missedBudgets(rows);
if (sizes.length === SIZES.length) {
  mkdirSync(join(LIVE_SITE_DIR, 'bench'), { recursive: true });
  writeFileSync(
    join(LIVE_SITE_DIR, 'bench/scale.json'),
    `${JSON.stringify({ lighthouse: '12', formFactor: 'mobile', runs, searchCpuSlowdown: 4, budget: BUDGET, rows, missed }, null, 2)}\n`,
  );
} else {
  console.log('\nSome sizes only: bench/scale.json is left as it was.');
}
if (missed.length > 0) {
  console.error(`\nBudgets missed at 10,000 influencers:\n${missed.map((entry) => `  ${entry}`).join('\n')}`);
  process.exitCode = 1;
} else if (rows.some((row) => row.influencers === 10000)) {
  console.log('\nEvery budget met at 10,000 influencers.');
}
