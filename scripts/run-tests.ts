/**
 * `npm test`: the whole suite, in stages, each step an npm script. Steps of a stage run side by side where the machine
 * allows (their output printed whole as each ends); a stage starts once the one before passed, and the run stops at the
 * first stage that failed. Each step's time goes to test-results/steps.json; scripts/test-summary.ts then prints every
 * step's and every project's time, and the closing "N passed, N failed" line.
 *
 * 1. The checks: the checker on config/, the layout, generated files, the docs, the type check, and that the
 *    browsers and Java the browser tests need are here.
 * 2. The unit tests (vitest).
 * 3. The builds of every site the browser tests serve, a few at a time (scripts/build-test-sites.ts).
 * 4. The browser tests (Playwright, and Firefox through puppeteer-core).
 *
 * The unit tests and the browser tests each keep both cores busy (measured: vitest about 1.9 cores, the editor's
 * browser tests alone about 1.7), so running them, or the builds, side by side only makes each slower: beside the
 * builds, the unit tests took 353 s instead of about 230.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const results = join(root, 'test-results');

interface Step {
  readonly script: string;
  /** Whether its output goes straight to the terminal as it comes (the one long step of a stage). */
  readonly live?: boolean;
}

const STAGES: readonly (readonly Step[])[] = [
  [
    { script: 'validate' },
    { script: 'check:format' },
    { script: 'check:generated' },
    { script: 'check:docs' },
    { script: 'typecheck' },
    { script: 'check:test-tools' },
  ],
  [{ script: 'test:unit', live: true }],
  [{ script: 'build:test-sites', live: true }],
  [{ script: 'test:browser', live: true }],
];

/**
 * The type checker's Node with a larger young generation than Node's default: it allocates briskly, and with 32 MB
 * semi-spaces took about 6 % less CPU (33.1 s against 30.9 s, measured in pairs). The other steps keep the default:
 * they run git and other programs by the thousand, and a larger process costs more to start each one from (the
 * publishing contract's suite: 6.4 s more system time); the unit tests took 528 core-seconds with it and 483 without
 * (one run each, on a machine doing other work).
 */
const TYPECHECK_NODE_OPTIONS = [process.env.NODE_OPTIONS, '--max-semi-space-size=32'].filter(Boolean).join(' ');

/** How many steps of a stage run at once: one per core of a 2-core machine. */
const AT_ONCE = 2;

const timings: { step: string; ms: number; ok: boolean }[] = [];

function run(step: Step): Promise<boolean> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '-s', step.script], {
      cwd: root,
      env: step.script === 'typecheck' ? { ...process.env, NODE_OPTIONS: TYPECHECK_NODE_OPTIONS } : process.env,
      stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const ms = performance.now() - started;
      timings.push({ step: step.script, ms, ok: code === 0 });
      if (!step.live) process.stdout.write(`\n> npm run ${step.script}\n${Buffer.concat(output).toString()}`);
      if (code !== 0) console.error(`npm run ${step.script} failed (exit code ${code}).`);
      resolve(code === 0);
    });
  });
}

/** Runs a stage's steps, at most AT_ONCE at a time, the live one first; whether all passed. */
async function runStage(steps: readonly Step[]): Promise<boolean> {
  const queue = [...steps].sort((a, b) => Number(b.live ?? false) - Number(a.live ?? false));
  const outcomes: boolean[] = [];
  await Promise.all(
    Array.from({ length: Math.min(AT_ONCE, queue.length) }, async () => {
      for (let step = queue.shift(); step; step = queue.shift()) outcomes.push(await run(step));
    }),
  );
  return outcomes.every(Boolean);
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
let passed = true;
for (const stage of STAGES) {
  passed = await runStage(stage);
  if (!passed) break;
}
writeFileSync(join(results, 'steps.json'), `${JSON.stringify(timings, null, 2)}\n`);
const summary = spawn('npx', ['tsx', 'scripts/test-summary.ts'], { cwd: root, stdio: 'inherit' });
summary.on('close', (code) => process.exit(passed && code === 0 ? 0 : 1));
