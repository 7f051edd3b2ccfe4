/**
 * A reporter of the unit tests' own (vitest): for each project (spec-site, live-site, on Preact), how many files and
 * tests ran and how long they took, written to test-results/unit-projects.json, and the slowest files by name
 * (test-results/unit-slowest.json), which `npm test` prints at its end (scripts/test-summary.ts) beside the browser
 * tests' projects: where the suite's time goes, for whoever keeps it short.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface ProjectTiming {
  readonly files: number;
  readonly tests: number;
  /** The files' time added up (each file's tests, hooks, set-up and import), in milliseconds. */
  readonly ms: number;
  /** The slowest file, and its time. */
  readonly slowest: { readonly file: string; readonly ms: number };
}

/** How many of the slowest files are named. */
const SLOWEST_FILES = 12;

export default class ProjectTimingsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const projects: Record<
      string,
      { files: number; tests: number; ms: number; slowest: { file: string; ms: number } }
    > = {};
    const files: { file: string; project: string; tests: number; ms: number }[] = [];
    for (const module of testModules) {
      const { duration, setupDuration, prepareDuration, collectDuration, environmentSetupDuration } =
        module.diagnostic();
      const ms = duration + setupDuration + prepareDuration + collectDuration + environmentSetupDuration;
      const project = (projects[module.project.name] ??= { files: 0, tests: 0, ms: 0, slowest: { file: '', ms: 0 } });
      project.files++;
      project.tests += [...module.children.allTests()].length;
      project.ms += ms;
      if (ms > project.slowest.ms) project.slowest = { file: module.relativeModuleId, ms };
      files.push({
        file: module.relativeModuleId,
        project: module.project.name,
        tests: [...module.children.allTests()].length,
        ms,
      });
    }
    const folder = join(import.meta.dirname, '../../test-results');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'unit-projects.json'), `${JSON.stringify(projects, null, 2)}\n`);
    const slowest = files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_FILES);
    writeFileSync(join(folder, 'unit-slowest.json'), `${JSON.stringify(slowest, null, 2)}\n`);
  }
}
