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
/** Where the peer is built (bench/peer-spa/vite.config.ts). */
const PEER_DIST = join(root, 'test-results/peer-spa');
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
 * The pages where a visitor acts (a React island: the search, the forms), on a mid-range phone (PHONE_PROFILE), to a
 * visitor who acts the moment the page shows: they answer within 1.5 s of the visitor arriving and within 300 ms of
 * the page's first paint, with at most 40 KB gzip of script (in at most 8 files) before that answer, and less script in
 * all than a typical agency site's one file (111 KB gzip).
 */
const ANSWER_BUDGET = {
  ms: 1500,
  afterFirstPaintMs: 300,
  scriptKbBeforeAnswer: 40,
  requestsBeforeAnswer: 8,
  scriptKbInAll: 111,
};

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
const peerPort = port + 1;
buildPeer();
const serve = (servedPort: number, folder?: string) =>
  spawn(join(root, 'node_modules/.bin/tsx'), ['scripts/serve.ts', ...(folder ? [folder] : [])], {
    cwd: root,
    env: { ...process.env, PORT: String(servedPort) },
    stdio: 'ignore',
  });
const server = serve(port);
const peerServer = serve(peerPort, PEER_DIST);
await new Promise((resolve) => setTimeout(resolve, 1500));

/**
 * Builds the peer (bench/peer-spa/: a plain agency single-page app in one bundle) with a copy of its page at each
 * interactive route, as a static host serves such an app.
 */
function buildPeer(): void {
  execSync('npx vite build --config bench/peer-spa/vite.config.ts', { cwd: root, stdio: 'inherit' });
  const page = readFileSync(join(PEER_DIST, 'index.html'));
  for (const route of ALL_ROUTES.filter((route) => route !== '/')) {
    mkdirSync(join(PEER_DIST, route), { recursive: true });
    writeFileSync(join(PEER_DIST, route, 'index.html'), page);
  }
}

const results: Record<string, Run & { runs: Run[] }> = {};
interface AnswerMedians {
  answerMs: number;
  firstPaintMs: number;
  afterFirstPaintMs: number;
  requestsBeforeAnswer: number;
  scriptKbBeforeAnswer: number;
  scriptKbInAll: number;
  runs: AnswerTiming[];
}
const mediansOf = (measured: AnswerTiming[]): AnswerMedians => ({
  answerMs: median(measured.map((run) => run.answerMs)),
  firstPaintMs: median(measured.map((run) => run.firstPaintMs)),
  afterFirstPaintMs: median(measured.map((run) => run.answerMs - run.firstPaintMs)),
  requestsBeforeAnswer: median(measured.map((run) => run.before.requests)),
  scriptKbBeforeAnswer: median(measured.map((run) => run.before.bytes / 1024)),
  scriptKbInAll: median(measured.map((run) => run.inAll.bytes / 1024)),
  runs: measured,
});
const answers: Record<string, AnswerMedians> = {};
/** The peer's answers on the same routes, measured in turn with the site's, on the same machine at the same time. */
const peerAnswers: Record<string, AnswerMedians> = {};
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
      const peerMeasured: AnswerTiming[] = [];
      for (let i = 0; i < runs; i++) {
        measured.push(await timeAnswer(browser, `http://127.0.0.1:${port}${route}`));
        peerMeasured.push(await timeAnswer(browser, `http://127.0.0.1:${peerPort}${route}`));
      }
      answers[route] = mediansOf(measured);
      peerAnswers[route] = mediansOf(peerMeasured);
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
  peerServer.kill();
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
const answerHeader = `${'route'.padEnd(20)} first paint  answers after  after paint  scripts before  KB before  KB in all`;
const answerRow = (label: string, a: AnswerMedians) =>
  `${label.padEnd(20)} ${`${(a.firstPaintMs / 1000).toFixed(2)} s`.padStart(11)}  ${`${(a.answerMs / 1000).toFixed(2)} s`.padStart(13)}  ${`${Math.round(a.afterFirstPaintMs)} ms`.padStart(11)}  ${String(a.requestsBeforeAnswer).padStart(14)}  ${a.scriptKbBeforeAnswer.toFixed(1).padStart(9)}  ${a.scriptKbInAll.toFixed(1).padStart(9)}`;
console.log(
  `\nInteractive pages on a phone (CPU ${PHONE_PROFILE.cpuSlowdown}x slower, ${PHONE_PROFILE.downloadBitsPerSecond / 1e6} Mbps, ${PHONE_PROFILE.latencyMs} ms), a visitor acting the moment the page shows, median of ${runs}; each beside the peer (bench/peer-spa/, a plain single-page app in one bundle) measured in turn with it\n${answerHeader}\n${'-'.repeat(answerHeader.length)}`,
);
for (const [route, a] of Object.entries(answers)) {
  console.log(answerRow(route, a));
  if (peerAnswers[route]) console.log(answerRow('  peer', peerAnswers[route]));
  if (a.answerMs > ANSWER_BUDGET.ms)
    missed.push(
      `${route}: answers after ${(a.answerMs / 1000).toFixed(2)} s on a phone, not within ${ANSWER_BUDGET.ms / 1000} s`,
    );
  if (a.afterFirstPaintMs > ANSWER_BUDGET.afterFirstPaintMs)
    missed.push(
      `${route}: answers ${Math.round(a.afterFirstPaintMs)} ms after its first paint, not within ${ANSWER_BUDGET.afterFirstPaintMs} ms`,
    );
  if (a.scriptKbBeforeAnswer > ANSWER_BUDGET.scriptKbBeforeAnswer)
    missed.push(
      `${route}: ${a.scriptKbBeforeAnswer.toFixed(1)} KB gzip of script before it answers > ${ANSWER_BUDGET.scriptKbBeforeAnswer} KB`,
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
        peer: {
          what: 'bench/peer-spa/: React, React Router and Chakra UI in one bundle, drawn in the browser',
          answers: peerAnswers,
        },
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
