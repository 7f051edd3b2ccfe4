/**
 * Prints the end of the whole test run from the JSON reports written into test-results/: how long each step took
 * (steps.json, scripts/run-tests.ts), each project of the unit tests (unit-projects.json) and of the browser tests
 * (browser.json: its tests' time added up, and from its first test's start to its last test's end), then one closing
 * line, "N passed, N failed". CI reads that line; people read the runners' own output above it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const results = join(import.meta.dirname, '..', 'test-results');
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;

const unit = join(results, 'unit.json');
if (existsSync(unit)) {
  const report = JSON.parse(readFileSync(unit, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}

const browser = join(results, 'browser.json');
if (existsSync(browser)) {
  const report = JSON.parse(readFileSync(browser, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  passed += report.stats.expected + report.stats.flaky;
  flaky = report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
const table = (title: string, rows: string[][]) => {
  if (rows.length === 0) return;
  console.log(`\n${title}`);
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`);
};

const steps = join(results, 'steps.json');
if (existsSync(steps))
  table(
    'Steps (wall time; steps of a stage run side by side):',
    (JSON.parse(readFileSync(steps, 'utf8')) as { step: string; ms: number; ok: boolean }[]).map((step) => [
      `npm run ${step.step}`,
      seconds(step.ms),
      step.ok ? '' : 'failed',
    ]),
  );

const unitProjects = join(results, 'unit-projects.json');
if (existsSync(unitProjects))
  table(
    'Unit test projects (time of their files added up, over both workers):',
    Object.entries(
      JSON.parse(readFileSync(unitProjects, 'utf8')) as Record<
        string,
        { files: number; tests: number; ms: number; slowest: { file: string; ms: number } }
      >,
    ).map(([name, project]) => [
      name,
      `${project.files} files, ${project.tests} tests`,
      seconds(project.ms),
      `slowest: ${project.slowest.file} (${(project.slowest.ms / 1000).toFixed(1)} s)`,
    ]),
  );

const unitSlowest = join(results, 'unit-slowest.json');
if (existsSync(unitSlowest))
  table(
    'Slowest unit test files (each file alone, beside the other worker):',
    (
      JSON.parse(readFileSync(unitSlowest, 'utf8')) as { file: string; project: string; tests: number; ms: number }[]
    ).map((file) => [file.file, `${file.project}, ${file.tests} tests`, seconds(file.ms)]),
  );

if (existsSync(browser)) {
  interface Result {
    startTime: string;
    duration: number;
  }
  interface Suite {
    specs?: { tests: { projectName: string; results: Result[] }[] }[];
    suites?: Suite[];
  }
  const projects = new Map<string, { tests: number; ms: number; first: number; last: number }>();
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results) {
          const start = Date.parse(result.startTime);
          const project = projects.get(test.projectName) ?? { tests: 0, ms: 0, first: Infinity, last: 0 };
          projects.set(test.projectName, {
            tests: project.tests + 1,
            ms: project.ms + result.duration,
            first: Math.min(project.first, start),
            last: Math.max(project.last, start + result.duration),
          });
        }
    for (const inner of suite.suites ?? []) walk(inner);
  };
  for (const suite of (JSON.parse(readFileSync(browser, 'utf8')) as { suites: Suite[] }).suites) walk(suite);
  table(
    'Browser test projects (their tests added up; from the first test’s start to the last one’s end):',
    [...projects].map(([name, project]) => [
      name,
      `${project.tests} tests`,
      seconds(project.ms),
      `${seconds(project.last - project.first)} from first to last`,
    ]),
  );
}

if (flaky > 0)
  console.log(`${flaky} browser ${flaky === 1 ? 'test' : 'tests'} passed only on retry (flaky); see the report above.`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
