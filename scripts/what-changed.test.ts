import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionsStandIn, type ActionsStandIn } from '../src/testing/github-actions-stand-in.ts';
import { gitHistory } from '../src/testing/git-history.ts';
import {
  MOST_RUNS_LOOKED_UP,
  SUITE_JOB,
  codePaths,
  decideSuite,
  differingPaths,
  suiteRecordsOnGitHub,
  type CiRun,
  type SuiteRecords,
} from './what-changed.ts';

/** What the suite did in a CI run: GitHub lists a run as successful when its suite passed or was skipped. */
type Suite = 'passed' | 'skipped' | 'failed' | 'cancelled';

/** The record of CI runs as GitHub keeps it, in memory: the runs of each branch in push order, and what is asked. */
function records(runs: Record<string, (readonly [commit: string, suite: Suite])[]>) {
  const asked: string[] = [];
  let id = 0;
  const byBranch = Object.fromEntries(
    Object.entries(runs).map(([branch, list]) => [
      branch,
      list.map(([commit, suite]) => ({ id: ++id, commit, suite })),
    ]),
  );
  const all = Object.values(byBranch).flat();
  const kept: SuiteRecords = {
    async successfulRuns(branch) {
      return (byBranch[branch] ?? [])
        .filter((run) => run.suite === 'passed' || run.suite === 'skipped')
        .reverse()
        .map(({ id, commit }) => ({ id, commit }));
    },
    async suitePassed(run: CiRun) {
      asked.push(run.commit);
      return all.find((entry) => entry.id === run.id)?.suite === 'passed';
    },
  };
  return { records: kept, asked };
}

describe('which paths are code', () => {
  it('is every path outside config/ and public/media/, the rest of public/ included', () => {
    expect(codePaths(['config/site.json', 'public/media/ama.jpg'])).toEqual([]);
    expect(codePaths(['config/site.json', 'src/app.ts', 'public/_headers'])).toEqual(['src/app.ts', 'public/_headers']);
  });

  it('compares the two commits’ trees, whatever lies between them, and reads nothing it cannot', () => {
    const { folder, commit, git } = gitHistory();
    const first = commit({ 'config/site.json': '{}', 'src/app.ts': '' });
    const code = commit({ 'src/app.ts': 'x' });
    const back = commit({ 'src/app.ts': '', 'config/site.json': '{"a":1}' });
    expect(differingPaths(first, back, folder)).toEqual(['config/site.json']);
    expect(differingPaths(first, code, folder)).toEqual(['src/app.ts']);
    expect(differingPaths(null, first, folder)).toEqual(['config/site.json', 'src/app.ts']);
    expect(differingPaths('0000000000000000000000000000000000000000', back, folder)).toBeUndefined();
    expect(differingPaths('1234567890abcdef1234567890abcdef12345678', back, folder)).toBeUndefined();
    expect(differingPaths('--output=/tmp/x', back, folder)).toBeUndefined();
    expect(git('status', '--porcelain')).toBe('');
  });
});

describe('whether a push may skip the whole suite', () => {
  it('runs it on a content change after code whose suite failed, was cancelled or never ran', async () => {
    const { folder, commit } = gitHistory();
    const first = commit({ 'config/site.json': '{}', 'src/form.ts': 'send()' });
    const broken = commit({ 'src/form.ts': '' });
    const publish = commit({ 'config/site.json': '{"name":"Loom"}' });
    for (const suite of ['failed', 'cancelled'] as const) {
      const { records: kept } = records({
        main: [
          [first, 'passed'],
          [broken, suite],
        ],
      });
      expect(await decideSuite(publish, ['main'], kept, folder)).toMatchObject({
        suite: true,
        reason: 'earlier-code',
      });
    }
    // Still under test: its run has not succeeded yet.
    const { records: running } = records({ main: [[first, 'passed']] });
    const decision = await decideSuite(publish, ['main'], running, folder);
    expect(decision).toMatchObject({ suite: true, reason: 'earlier-code' });
    expect(decision.words).toMatch(/^Only content changed, but the code it builds has not passed the suite yet/);
  });

  it('skips it on a content change after code whose suite passed, naming that commit', async () => {
    const { folder, commit } = gitHistory();
    const first = commit({ 'config/site.json': '{}', 'src/form.ts': 'send()' });
    const fixed = commit({ 'src/form.ts': 'send(fixed)' });
    const publish = commit({ 'config/site.json': '{"name":"Loom"}', 'public/media/ama.jpg': 'jpeg' });
    const again = commit({ 'config/site.json': '{"name":"Loom Media"}' });
    const { records: kept, asked } = records({
      main: [
        [first, 'passed'],
        [fixed, 'passed'],
        [publish, 'skipped'],
      ],
    });
    expect(await decideSuite(again, ['main'], kept, folder)).toEqual({
      suite: false,
      reason: 'passed-code',
      passed: fixed,
      words: `The code is the same as in ${fixed.slice(0, 7)}, whose suite passed: the content gate is enough.`,
    });
    // Only runs of the same code are looked up, oldest first: where the suite ran on it.
    expect(asked).toEqual([fixed]);
  });

  it('runs it on a change of code, even back to code that passed before', async () => {
    const { folder, commit } = gitHistory();
    const first = commit({ 'config/site.json': '{}', 'src/form.ts': 'send()' });
    const code = commit({ 'src/form.ts': 'send(more)' });
    const { records: kept } = records({ main: [[first, 'passed']] });
    expect(await decideSuite(code, ['main'], kept, folder)).toMatchObject({ suite: true, reason: 'own-code' });
    // A revert to code that passed is that very code: the suite vouches for it.
    const reverted = commit({ 'src/form.ts': 'send()' });
    expect(await decideSuite(reverted, ['main'], kept, folder)).toMatchObject({ suite: false, passed: first });
  });

  it('runs it on a first push, without a token, and when GitHub cannot be asked', async () => {
    const { folder, commit } = gitHistory();
    const first = commit({ 'config/site.json': '{}', 'src/form.ts': 'send()' });
    expect(await decideSuite(first, ['main'], records({}).records, folder)).toMatchObject({
      suite: true,
      reason: 'own-code',
    });
    const publish = commit({ 'config/site.json': '{"name":"Loom"}' });
    expect(await decideSuite(publish, ['main'], undefined, folder)).toMatchObject({
      suite: true,
      reason: 'earlier-code',
      words: expect.stringContaining('no token to ask GitHub'),
    });
    const down: SuiteRecords = {
      successfulRuns: () => Promise.reject(new Error('fetch failed')),
      suitePassed: () => Promise.resolve(true),
    };
    expect((await decideSuite(publish, ['main'], down, folder)).words).toContain(
      'GitHub could not be asked which commits passed it: fetch failed',
    );
  });

  it('after a force push, compares with what passed, not with the commit it replaced', async () => {
    const { folder, commit, git } = gitHistory();
    const first = commit({ 'config/site.json': '{}', 'src/form.ts': 'send()' });
    const passed = commit({ 'src/form.ts': 'send(v2)' });
    const published = commit({ 'config/site.json': '{"name":"Loom"}' });
    const { records: kept } = records({
      main: [
        [first, 'passed'],
        [passed, 'passed'],
        [published, 'skipped'],
      ],
    });
    // Rewritten on the first commit with other code: the push's "before" (published) shares nothing with it.
    git('reset', '--quiet', '--hard', first);
    const rewritten = commit({ 'src/form.ts': 'send(v3)', 'config/site.json': '{"name":"Loom"}' });
    expect(await decideSuite(rewritten, ['main'], kept, folder)).toMatchObject({ suite: true, reason: 'own-code' });
    // Rewritten with the code that passed, and other content: the passed suite still vouches for it.
    git('reset', '--quiet', '--hard', first);
    commit({ 'src/form.ts': 'send(v2)' });
    const amended = commit({ 'config/site.json': '{"name":"Loom Media"}' });
    expect(await decideSuite(amended, ['main'], kept, folder)).toMatchObject({ suite: false, passed });
    // A run of a commit the clone does not hold (force-pushed away, never fetched) vouches for nothing.
    const { records: gone } = records({ main: [['1234567890abcdef1234567890abcdef12345678', 'passed']] });
    expect(await decideSuite(amended, ['main'], gone, folder)).toMatchObject({ suite: true });
  });

  it('on a merge, compares the merged code with what passed', async () => {
    const { folder, commit, git } = gitHistory();
    const first = commit({ 'config/site.json': '{}', 'src/form.ts': 'send()' });
    git('checkout', '--quiet', '-b', 'words');
    commit({ 'config/pages/about.json': '{}' });
    git('checkout', '--quiet', '-b', 'feature', first);
    const feature = commit({ 'src/search.ts': 'find()' });
    git('checkout', '--quiet', 'main');
    const main = commit({ 'config/site.json': '{"name":"Loom"}' });
    const { records: kept } = records({
      main: [
        [first, 'passed'],
        [main, 'skipped'],
      ],
      feature: [[feature, 'passed']],
    });
    git('merge', '--quiet', '--no-edit', 'words');
    const contentMerge = git('rev-parse', 'HEAD');
    expect(await decideSuite(contentMerge, ['main'], kept, folder)).toMatchObject({ suite: false, passed: first });
    git('merge', '--quiet', '--no-edit', 'feature');
    const codeMerge = git('rev-parse', 'HEAD');
    // It brings code main's runs never passed (the feature branch's run is not main's): the suite runs on main.
    expect(await decideSuite(codeMerge, ['main'], kept, folder)).toMatchObject({ suite: true, reason: 'own-code' });
  });

  it('for a pull request, compares its merge with what passed on its base', async () => {
    const { folder, commit, git } = gitHistory();
    const first = commit({ 'config/site.json': '{}', 'src/form.ts': 'send()' });
    git('checkout', '--quiet', '-b', 'site-editor/about');
    commit({ 'config/pages/about.json': '{"title":"About"}' });
    git('checkout', '--quiet', 'main');
    const broken = commit({ 'src/form.ts': '' });
    // GitHub checks a pull request on the merge of its head into its base (refs/pull/N/merge).
    const merge = () => {
      git('checkout', '--quiet', '--detach', 'main');
      git('merge', '--quiet', '--no-edit', 'site-editor/about');
      return git('rev-parse', 'HEAD');
    };
    const onBroken = merge();
    const { records: failed } = records({
      main: [
        [first, 'passed'],
        [broken, 'failed'],
      ],
    });
    expect(await decideSuite(onBroken, ['main'], failed, folder)).toMatchObject({
      suite: true,
      reason: 'earlier-code',
    });
    git('checkout', '--quiet', 'main');
    const fixed = commit({ 'src/form.ts': 'send(fixed)' });
    const onFixed = merge();
    const { records: passed } = records({
      main: [
        [first, 'passed'],
        [broken, 'failed'],
        [fixed, 'passed'],
      ],
    });
    expect(await decideSuite(onFixed, ['main'], passed, folder)).toMatchObject({ suite: false, passed: fixed });
  });

  it('on a new branch, finds the code passed on the default branch, and looks up a bounded number of runs', async () => {
    const { folder, commit, git } = gitHistory();
    const first = commit({ 'config/site.json': '{}', 'src/form.ts': 'send()' });
    const publishes = Array.from({ length: MOST_RUNS_LOOKED_UP + 2 }, (_, index) =>
      commit({ 'config/site.json': `{"n":${index}}` }),
    );
    git('checkout', '--quiet', '-b', 'site-editor/about');
    const review = commit({ 'config/pages/about.json': '{}' });
    const { records: passedFirst } = records({
      main: [[first, 'passed'], ...publishes.map((c) => [c, 'skipped'] as const)],
    });
    expect(await decideSuite(review, ['site-editor/about', 'main'], passedFirst, folder)).toMatchObject({
      suite: false,
      passed: first,
    });
    // When the run that passed is older than the runs listed, each lookup finds a skipped suite: it stops, and tests.
    const { records: passedLongAgo, asked } = records({ main: publishes.map((c) => [c, 'skipped'] as const) });
    expect(await decideSuite(review, ['site-editor/about', 'main'], passedLongAgo, folder)).toMatchObject({
      suite: true,
    });
    expect(asked).toHaveLength(MOST_RUNS_LOOKED_UP);
  });
});

describe('the record of passed suites on GitHub', () => {
  // GitHub's REST API as the workflow's token reads it: a workflow's runs, filtered as asked, and a run's jobs.
  let github: ActionsStandIn;
  beforeAll(async () => {
    github = await startActionsStandIn({
      repository: 'loom/site',
      workflow: 'ci.yml',
      token: 'token-of-the-run',
      runs: [
        { branch: 'main', commit: 'a'.repeat(40), jobs: { gate: 'success', [SUITE_JOB]: 'success' } },
        { branch: 'main', commit: 'b'.repeat(40), jobs: { gate: 'success', [SUITE_JOB]: 'failure' } },
        {
          branch: 'main',
          commit: 'c'.repeat(40),
          event: 'pull_request',
          jobs: { gate: 'success', [SUITE_JOB]: 'success' },
        },
        { branch: 'main', commit: 'd'.repeat(40), jobs: { gate: 'success', [SUITE_JOB]: 'skipped' } },
      ],
    });
  });
  afterAll(() => github.close());
  const asking = (token: string) =>
    suiteRecordsOnGitHub({ api: github.url, repository: 'loom/site', workflow: 'ci.yml', token });

  it('lists the successful runs of pushes, newest first, and says which ran the suite and passed it', async () => {
    const records = asking('token-of-the-run');
    const listed = await records.successfulRuns('main');
    expect(listed).toEqual([
      { id: 1003, commit: 'd'.repeat(40) },
      { id: 1000, commit: 'a'.repeat(40) },
    ]);
    expect(await records.suitePassed(listed[1]!)).toBe(true);
    expect(await records.suitePassed(listed[0]!)).toBe(false);
    expect(github.requests).toContain(
      'GET /repos/loom/site/actions/workflows/ci.yml/runs?branch=main&event=push&status=success&per_page=100',
    );
  });

  it('refuses what GitHub refused, so the suite runs', async () => {
    const records = asking('expired');
    await expect(records.successfulRuns('main')).rejects.toThrow('it answered 401 to /actions/workflows/ci.yml/runs');
    const { folder, commit } = gitHistory();
    commit({ 'src/form.ts': '' });
    const publish = commit({ 'config/site.json': '{}' });
    expect(await decideSuite(publish, ['main'], records, folder)).toMatchObject({
      suite: true,
      words: expect.stringContaining('GitHub could not be asked which commits passed it: it answered 401'),
    });
  });
});
