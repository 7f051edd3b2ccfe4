/**
 * `npm run bench`: builds the site, serves it with gzip the way npm start does, and runs Lighthouse 12 with its
 * mobile defaults three times per route. Prints one row per route (medians) and writes bench/results.json.
 * Exits non-zero when a budget is missed. A benchmark, not a test: npm test does not run it.
 */
import { spawn, execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../src/testing/chromium.ts';
import { PHONE_PROFILE, timeAnswer, type AnswerTiming } from '../src/testing/page-weight.ts';
import { lighthouseRun, medianRun, type LighthouseRun } from '../src/testing/lighthouse-run.ts';
import { benchSiteEditor, SITE_EDITOR_BUDGET } from './bench-site-editor.ts';
import {
  builtManifestOf,
  kindOfPage,
  SCRIPT_BUDGET_KB,
  type BuildManifest,
} from '../src/build/built-site/script-weight.ts';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4399);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const ALL_ROUTES = [
  '/',
  '/work',
  '/services',
  '/influencers',
  '/influencers/1',
  '/influencers/apply',
  '/about',
  '/contact',
];
// BENCH_ROUTES=/,/work measures some routes only, while working on them.
const ROUTES = process.env.BENCH_ROUTES ? process.env.BENCH_ROUTES.split(',') : ALL_ROUTES;

/** The budgets of the site: medians of three mobile runs. */
const BUDGET = { performance: 98, accessibility: 100, bestPractices: 100, seo: 100, cls: 0.01, tbtMs: 100 };

/**
 * The pages where a visitor acts (a React island: the search, the forms), on a mid-range phone (PHONE_PROFILE): they
 * answer within 2.5 s of the visitor arriving, load at most 8 script files before that, and less script in all than a
 * typical agency site's one file (111 KB gzip).
 */
const ANSWER_BUDGET = { ms: 2500, requestsBeforeAnswer: 8, scriptKbInAll: 111 };

/** The built page of `route`. */
const builtPage = (route: string) => join(root, 'dist', route === '/' ? '' : route, 'index.html');

/** Whether the built page at `route` has an island that renders in the browser (its props are written beside it). */
function isInteractive(route: string): boolean {
  return existsSync(builtPage(route)) && readFileSync(builtPage(route), 'utf8').includes('data-island-props');
}

/** A route's first-load script budget, by the kind of its built page, as the content gate holds it. */
function scriptBudgetOf(route: string): number | undefined {
  const manifest = builtManifestOf(join(root, 'dist'));
  if (!existsSync(builtPage(route)) || !existsSync(manifest)) return undefined;
  return SCRIPT_BUDGET_KB[
    kindOfPage(readFileSync(builtPage(route), 'utf8'), JSON.parse(readFileSync(manifest, 'utf8')) as BuildManifest)
  ];
}

type Run = LighthouseRun;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!process.argv.includes('--no-build')) execSync('npm run build', { cwd: root, stdio: 'inherit' });
const server = spawn(join(root, 'node_modules/.bin/tsx'), ['scripts/serve.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port) },
  stdio: 'ignore',
});
await new Promise((resolve) => setTimeout(resolve, 1500));

const results: Record<string, Run & { runs: Run[] }> = {};
const answers: Record<
  string,
  {
    answerMs: number;
    requestsBeforeAnswer: number;
    scriptKbBeforeAnswer: number;
    scriptKbInAll: number;
    runs: AnswerTiming[];
  }
> = {};
try {
  // The interactive pages on the phone profile, one visit at a time: when they answer, and the script it took.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const interactive = ROUTES.filter(isInteractive);
    // One visit first, not counted: a browser's very first page (its first renderer, its caches empty) comes a second
    // later than any after it, which is the browser starting, not the page. The phone's browser is already running.
    if (interactive[0]) await timeAnswer(browser, `http://127.0.0.1:${port}${interactive[0]}`);
    for (const route of interactive) {
      const measured: AnswerTiming[] = [];
      for (let i = 0; i < runs; i++) measured.push(await timeAnswer(browser, `http://127.0.0.1:${port}${route}`));
      answers[route] = {
        answerMs: median(measured.map((run) => run.answerMs)),
        requestsBeforeAnswer: median(measured.map((run) => run.before.requests)),
        scriptKbBeforeAnswer: median(measured.map((run) => run.before.bytes / 1024)),
        scriptKbInAll: median(measured.map((run) => run.inAll.bytes / 1024)),
        runs: measured,
      };
    }
  } finally {
    await browser.close();
  }
  // Lighthouse's browser starts only now: a browser starting up is busy for a while, and the phone visits above are
  // timed on a quiet machine.
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    for (const route of ROUTES) {
      const measured: Run[] = [];
      for (let i = 0; i < runs; i++)
        measured.push(await lighthouseRun(`http://127.0.0.1:${port}${route}`, chrome.port));
      results[route] = { ...medianRun(measured), runs: measured };
    }
  } finally {
    chrome.kill();
  }
} finally {
  server.kill();
}

// The editor at /admin/ on the same phone: the file list, and a save.
const siteEditor = ROUTES === ALL_ROUTES ? await benchSiteEditor({ runs, port: port + 10 }) : undefined;

const missed: string[] = [];
const header = `${'route'.padEnd(20)} perf  a11y  bp   seo  FCP ms  LCP ms  TBT ms  CLS    JS KB gz`;
console.log(`\nLighthouse 12, mobile defaults, median of ${runs}\n${header}\n${'-'.repeat(header.length)}`);
for (const [route, r] of Object.entries(results)) {
  console.log(
    `${route.padEnd(20)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(3)}  ${String(r.seo).padStart(3)}  ${String(Math.round(r.fcp)).padStart(6)}  ${String(Math.round(r.lcp)).padStart(6)}  ${String(Math.round(r.tbt)).padStart(6)}  ${r.cls.toFixed(3)}  ${r.jsKb.toFixed(1).padStart(8)}`,
  );
  if (r.performance < BUDGET.performance) missed.push(`${route}: performance ${r.performance} < ${BUDGET.performance}`);
  if (r.accessibility < BUDGET.accessibility)
    missed.push(`${route}: accessibility ${r.accessibility} < ${BUDGET.accessibility}`);
  if (r.bestPractices < BUDGET.bestPractices)
    missed.push(`${route}: best practices ${r.bestPractices} < ${BUDGET.bestPractices}`);
  if (r.seo < BUDGET.seo) missed.push(`${route}: SEO ${r.seo} < ${BUDGET.seo}`);
  if (r.cls > BUDGET.cls) missed.push(`${route}: CLS ${r.cls.toFixed(3)} > ${BUDGET.cls}`);
  if (r.tbt >= BUDGET.tbtMs)
    missed.push(`${route}: total blocking time ${Math.round(r.tbt)} ms, not under ${BUDGET.tbtMs} ms`);
  const scriptBudget = scriptBudgetOf(route);
  if (scriptBudget !== undefined && r.jsKb > scriptBudget)
    missed.push(`${route}: first-load script ${r.jsKb.toFixed(1)} KB gzip > ${scriptBudget} KB`);
}

if (siteEditor) {
  console.log(
    `\nThe editor at /admin/ on a phone, median of ${runs}: file list after ${Math.round(siteEditor.medians.fileListMs)} ms (budget ${SITE_EDITOR_BUDGET.fileListMs}), an influencer open in ${siteEditor.medians.openMs} ms (budget ${SITE_EDITOR_BUDGET.openMs}), saved in ${Math.round(siteEditor.medians.saveMs)} ms (budget ${SITE_EDITOR_BUDGET.saveMs})`,
  );
  missed.push(...siteEditor.missed);
}
const answerHeader = `${'route'.padEnd(20)} answers after  scripts before  KB before  KB in all`;
console.log(
  `\nInteractive pages on a phone (CPU ${PHONE_PROFILE.cpuSlowdown}x slower, ${PHONE_PROFILE.downloadBitsPerSecond / 1e6} Mbps, ${PHONE_PROFILE.latencyMs} ms), median of ${runs}\n${answerHeader}\n${'-'.repeat(answerHeader.length)}`,
);
for (const [route, a] of Object.entries(answers)) {
  console.log(
    `${route.padEnd(20)} ${`${(a.answerMs / 1000).toFixed(2)} s`.padStart(13)}  ${String(a.requestsBeforeAnswer).padStart(14)}  ${a.scriptKbBeforeAnswer.toFixed(1).padStart(9)}  ${a.scriptKbInAll.toFixed(1).padStart(9)}`,
  );
  if (a.answerMs > ANSWER_BUDGET.ms)
    missed.push(
      `${route}: answers after ${(a.answerMs / 1000).toFixed(2)} s on a phone, not within ${ANSWER_BUDGET.ms / 1000} s`,
    );
  if (a.requestsBeforeAnswer > ANSWER_BUDGET.requestsBeforeAnswer)
    missed.push(
      `${route}: ${a.requestsBeforeAnswer} script files before it answers > ${ANSWER_BUDGET.requestsBeforeAnswer}`,
    );
  if (a.scriptKbInAll >= ANSWER_BUDGET.scriptKbInAll)
    missed.push(
      `${route}: ${a.scriptKbInAll.toFixed(1)} KB gzip of script in all, not under ${ANSWER_BUDGET.scriptKbInAll} KB`,
    );
}

// Only a full run is the record; a run over BENCH_ROUTES is for working on a few pages.
if (ROUTES === ALL_ROUTES) {
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(
    join(root, 'bench/results.json'),
    `${JSON.stringify(
      {
        lighthouse: '12',
        formFactor: 'mobile',
        runs,
        budget: { ...BUDGET, scriptKb: SCRIPT_BUDGET_KB, answer: ANSWER_BUDGET },
        routes: results,
        phone: PHONE_PROFILE,
        answers,
        siteEditor: siteEditor && { budget: SITE_EDITOR_BUDGET, ...siteEditor },
        missed,
      },
      null,
      2,
    )}\n`,
  );
} else {
  console.log('\nSome routes only: bench/results.json is left as it was.');
}
if (missed.length > 0) {
  console.error(`\nBudgets missed:\n${missed.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log('\nEvery budget met.');
