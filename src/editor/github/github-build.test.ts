import { describe, expect, it } from 'vitest';
import { AUTHOR, githubSitePerTest } from '../../testing/editor-github-site.ts';
import { REPOSITORY } from '../../testing/github-site.ts';
import { liveState } from '../model/live-site.ts';
import { EARLIER_CODE_CHECKS, siteBuildOnGitHub } from './github-build.ts';

// What hosts post to GitHub about a commit's build, posted to the stand-in through GitHub's own REST calls, and read
// back by the editor at /admin/. The live site here answers nothing (no server at its address): the reports alone.
const onGitHub = githubSitePerTest();
const NOWHERE = 'http://127.0.0.1:9/';

async function post(path: string, body: unknown): Promise<{ id?: number }> {
  const { github } = onGitHub();
  const answer = await fetch(`${github.url}/repos/${REPOSITORY.owner}/${REPOSITORY.name}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${github.tokenFor(AUTHOR)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as { id?: number };
}

const published = (commit: string, review = false) => ({ commit, at: Date.now() - 65_000, review, updateMinutes: 2 });

/** Where a commit published a minute ago stands, as the editor at /admin/ reads it from GitHub for the site at `site`. */
const liveStateOf = async (commit: string, site: string, review = false) =>
  liveState(published(commit, review), await siteBuildOnGitHub(onGitHub().api, commit, NOWHERE, site), Date.now());

describe('the hosts’ word on a published commit, at /admin/', () => {
  it('Netlify’s commit status: building, then failed in its words with the link to its log', async () => {
    const { api } = onGitHub();
    const commit = (await api.head('main'))!;
    await post(`/statuses/${commit}`, {
      context: 'netlify/loom/deploy-preview',
      state: 'pending',
      target_url: 'https://app.netlify.com/sites/loom/deploys/1',
    });
    let build = await siteBuildOnGitHub(api, commit, NOWHERE, 'https://loommedia.com.gh');
    expect(build).toMatchObject({ holds: false, reports: [{ host: 'Netlify', state: 'pending' }] });
    expect(build.unreadable).toMatch(/did not answer/);
    expect(liveState(published(commit), build, Date.now()).words).toBe('Building on Netlify…');
    await post(`/statuses/${commit}`, {
      context: 'netlify/loom/deploy-preview',
      state: 'failure',
      description: 'Failed during stage "building site": Build script returned non-zero exit code: 2',
      target_url: 'https://app.netlify.com/sites/loom/deploys/1',
    });
    build = await siteBuildOnGitHub(api, commit, NOWHERE, 'https://loommedia.com.gh');
    expect(liveState(published(commit), build, Date.now())).toEqual({
      phase: 'failed',
      words:
        'The site\'s build failed: Failed during stage "building site": Build script returned non-zero exit code: 2 (Netlify). The live site did not change.',
      link: { href: 'https://app.netlify.com/sites/loom/deploys/1', words: 'See the build’s log' },
    });
  });

  it('GitHub Actions’ checks and the GitHub Pages deployment: a failed gate is said with the job’s log', async () => {
    const { api } = onGitHub();
    const commit = (await api.head('main'))!;
    await post('/check-runs', {
      head_sha: commit,
      name: 'gate',
      status: 'in_progress',
      details_url: 'https://github.com/loom/site/actions/runs/7',
    });
    const site = 'https://loom.github.io/site';
    expect((await liveStateOf(commit, site)).words).toBe('Building on GitHub Pages…');
    await post('/check-runs', {
      head_sha: commit,
      name: 'gate',
      status: 'completed',
      conclusion: 'failure',
      details_url: 'https://github.com/loom/site/actions/runs/7',
      output: {
        title: 'The site must not go live: 1 address inside the site that no built file answers',
        summary: 'The gate checked the built site before it goes live.',
      },
    });
    // GitHub answers the newest run of each job: the one in progress was this one, now finished.
    expect(await liveStateOf(commit, site)).toEqual({
      phase: 'failed',
      words:
        "The site's build failed: The site must not go live: 1 address inside the site that no built file answers (GitHub Pages). The live site did not change.",
      link: { href: 'https://github.com/loom/site/actions/runs/7', words: 'See the build’s log' },
    });
  });

  it('the suite a developer’s earlier change started: waited for in words, and its failure said for what it is', async () => {
    const { api } = onGitHub();
    const commit = (await api.head('main'))!;
    const run = 'https://github.com/loom/site/actions/runs/12';
    // What .github/workflows/ci.yml's suite job posts on a commit of content that waits for it, and its own check.
    await post('/check-runs', { head_sha: commit, name: 'gate', status: 'completed', conclusion: 'success' });
    await post('/check-runs', { head_sha: commit, name: 'suite', status: 'in_progress', details_url: run });
    await post(`/statuses/${commit}`, {
      context: EARLIER_CODE_CHECKS,
      state: 'pending',
      description: 'Waits for the whole suite on code a developer changed before this commit',
      target_url: run,
    });
    const site = 'https://loom.github.io/site';
    expect((await liveStateOf(commit, site)).words).toBe(
      "Waiting for the site's code checks, started by a developer's change…",
    );
    await post('/check-runs', {
      head_sha: commit,
      name: 'suite',
      status: 'completed',
      conclusion: 'failure',
      details_url: run,
    });
    await post(`/statuses/${commit}`, {
      context: EARLIER_CODE_CHECKS,
      state: 'failure',
      description: 'The whole suite did not pass on code changed before this commit, so the site stays as it was',
      target_url: run,
    });
    expect(await liveStateOf(commit, site)).toEqual({
      phase: 'failed',
      words:
        "The site's code checks did not pass on a developer's earlier change, so the live site did not change. Your change is published and goes live once they pass.",
      link: { href: run, words: 'See the checks’ log' },
    });
    // Passed: its link is the suite's run, never taken for a preview of the site.
    await post(`/statuses/${commit}`, { context: EARLIER_CODE_CHECKS, state: 'success', target_url: run });
    const passed = await siteBuildOnGitHub(api, commit, NOWHERE, site);
    expect(passed.reports).toContainEqual({ host: 'GitHub Actions', state: 'success', earlierCode: true, log: run });
    expect(liveState(published(commit, true), passed, Date.now()).phase).not.toBe('preview');
  });

  it('a deployment’s status, and for review the deploy preview it names', async () => {
    const { api } = onGitHub();
    const commit = (await api.head('main'))!;
    const { id } = await post('/deployments', { ref: commit, environment: 'Preview' });
    await post(`/deployments/${id}/statuses`, { state: 'in_progress', log_url: 'https://dash.cloudflare.com/x' });
    const site = 'https://loom.pages.dev';
    expect(
      liveState(published(commit, true), await siteBuildOnGitHub(api, commit, NOWHERE, site), Date.now()).words,
    ).toBe('Building a preview on Cloudflare Pages…');
    await post(`/deployments/${id}/statuses`, { state: 'success', environment_url: 'https://3f2a.loom.pages.dev' });
    expect(liveState(published(commit, true), await siteBuildOnGitHub(api, commit, NOWHERE, site), Date.now())).toEqual(
      {
        phase: 'preview',
        words: 'A preview of your changes is ready (Cloudflare Pages).',
        link: { href: 'https://3f2a.loom.pages.dev', words: 'Open the preview' },
      },
    );
  });

  it('says so when the site gives no address to read, beside what the hosts reported', async () => {
    const { api } = onGitHub();
    const commit = (await api.head('main'))!;
    await post(`/statuses/${commit}`, { context: 'netlify/loom/deploy-preview', state: 'pending' });
    expect(await siteBuildOnGitHub(api, commit, '', '')).toEqual({
      address: '',
      unreadable: 'config/site.json gives no address',
      holds: false,
      reports: [{ host: 'Netlify', state: 'pending' }],
    });
  });
});
