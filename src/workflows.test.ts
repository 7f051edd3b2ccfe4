/**
 * The GitHub Actions workflows, read as GitHub reads them, against what this project has and what GitHub's hosted
 * Ubuntu image has: every npm script a workflow runs exists, every program path it hands the tests is one the tests
 * read and one the image puts there, and every job has room to finish on a 2-vCPU runner. The workflows cannot run on
 * this machine; this is what can be known of them here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './checker/project-folders.ts';
import { CHROMIUM_CANDIDATES } from './testing/chromium.ts';
import { FIREFOX_CANDIDATES } from './testing/firefox.ts';

/**
 * What GitHub's hosted Ubuntu image (ubuntu-latest, 24.04) puts where, as its own build scripts do
 * (actions/runner-images, images/ubuntu/scripts/build/): Google Chrome at /usr/bin/google-chrome (install-google-chrome.sh
 * sets CHROME_BIN to it) and a Chromium linked at /usr/bin/chromium; Mozilla's Firefox from the mozillateam package
 * at /usr/bin/firefox (install-firefox.sh); Java 17 as the default java (Ubuntu2404-Readme.md).
 */
const RUNNER_IMAGE = {
  images: ['ubuntu-latest', 'ubuntu-24.04'],
  paths: ['/usr/bin/google-chrome', '/usr/bin/chromium', '/usr/bin/firefox'],
  commands: ['java', 'git', 'node', 'npm'],
};

/** The variables that hand the tests a program, and the places the tests look for that program by themselves. */
const PROGRAM_VARIABLES: Record<string, readonly string[]> = {
  CHROME_PATH: CHROMIUM_CANDIDATES,
  FIREFOX_PATH: FIREFOX_CANDIDATES,
};

interface Step {
  readonly run?: string;
  readonly uses?: string;
  readonly with?: Record<string, string | number | boolean>;
  readonly env?: Record<string, string>;
}
interface Job {
  readonly 'runs-on': string;
  readonly 'timeout-minutes'?: number;
  readonly if?: string;
  readonly env?: Record<string, string>;
  readonly steps: readonly Step[];
}

interface Workflow {
  readonly name: string;
  readonly on: Record<string, { workflows?: string[] } | null>;
  readonly jobs: Record<string, Job>;
}

const folder = join(PROJECT_ROOT, '.github/workflows');
const workflows = readdirSync(folder)
  .filter((name) => /\.ya?ml$/.test(name))
  .map((file) => ({ file, ...(load(readFileSync(join(folder, file), 'utf8')) as Workflow) }));
const workflow = (name: string) => workflows.find(({ file }) => file === name)!;
const scripts = (
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

describe.each(workflows)('.github/workflows/$file', ({ jobs }) => {
  it.each(Object.entries(jobs))('%s runs on GitHub’s Ubuntu image, with a time limit', (_, job) => {
    expect(RUNNER_IMAGE.images).toContain(job['runs-on']);
    expect(job['timeout-minutes']).toBeGreaterThan(0);
  });

  it.each(Object.entries(jobs))('%s runs only npm scripts this project has', (_, job) => {
    for (const step of job.steps) {
      for (const [, script] of (step.run ?? '').matchAll(/\bnpm run ([\w:-]+)/g))
        expect(scripts).toHaveProperty([script!]);
      if (/\bnpm (test|t)\b/.test(step.run ?? '')) expect(scripts).toHaveProperty(['test']);
      for (const [, file] of (step.run ?? '').matchAll(/\btsx (scripts\/[\w./-]+)/g))
        expect(existsSync(join(PROJECT_ROOT, file!)), `${file} does not exist`).toBe(true);
    }
  });

  it.each(Object.entries(jobs))('%s hands the tests only programs they read, where the image has them', (_, job) => {
    const variables = [job.env ?? {}, ...job.steps.map((step) => step.env ?? {})].flatMap((env) => Object.entries(env));
    for (const [name, value] of variables.filter(([name]) => name.endsWith('_PATH'))) {
      expect(Object.keys(PROGRAM_VARIABLES), `${name} is read by no test`).toContain(name);
      expect(RUNNER_IMAGE.paths, `${name}=${value} is not where the image puts it`).toContain(value);
    }
  });
});

describe('the browsers on GitHub’s runners', () => {
  it('are found by the tests without a variable, where the image puts them', () => {
    expect(CHROMIUM_CANDIDATES.some((path) => RUNNER_IMAGE.paths.includes(path))).toBe(true);
    expect(FIREFOX_CANDIDATES.some((path) => RUNNER_IMAGE.paths.includes(path))).toBe(true);
  });
});

describe('what goes live', () => {
  const ci = workflow('ci.yml');
  const deploy = workflow('deploy-github-pages.yml');
  const runs = (job: Job) => job.steps.map((step) => step.run ?? '').join('\n');

  it('passes the content gate on every push and pull request, and the whole suite when code changed', () => {
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
    const gate = Object.values(ci.jobs).find((job) => /npm run check:site\b/.test(runs(job)))!;
    expect(gate, 'no job runs the content gate').toBeDefined();
    expect(runs(gate)).toMatch(/tsx scripts\/what-changed\.ts/);
    const [suiteName, suite] = Object.entries(ci.jobs).find(([, job]) => /\bnpm test\b/.test(runs(job)))!;
    expect(suite.if, `${suiteName} must run only when code changed`).toMatch(/outputs\.suite == 'true'/);
  });

  it('deploys to GitHub Pages only after CI passed on a push to main, the very site the gate built', () => {
    expect(deploy.on.workflow_run?.workflows).toEqual([ci.name]);
    const [job] = Object.values(deploy.jobs);
    expect(job!.if).toMatch(/workflow_run\.conclusion == 'success'/);
    const uploaded = Object.values(ci.jobs)
      .flatMap((ciJob) => ciJob.steps)
      .find((step) => step.uses?.startsWith('actions/upload-artifact') && step.with?.path === 'dist/');
    const downloaded = job!.steps.find((step) => step.uses?.startsWith('actions/download-artifact'));
    expect(downloaded?.with?.name).toBe(uploaded?.with?.name);
    expect(downloaded?.with?.['run-id']).toMatch(/workflow_run\.id/);
    expect(runs(job!)).not.toMatch(/npm run build/);
  });
});
