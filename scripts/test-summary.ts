/**
 * Prints one closing line for the whole test run, "N passed, N failed", from the JSON reports the test runners
 * wrote into test-results/. CI reads that line; people read the runners' own output above it.
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

if (flaky > 0)
  console.log(`${flaky} browser ${flaky === 1 ? 'test' : 'tests'} passed only on retry (flaky); see the report above.`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
