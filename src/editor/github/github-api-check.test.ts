import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitHubApi } from './github-api.ts';
import { blobTextsQuery, folderTextsQuery } from './github-texts.ts';
import { git, sharedSitePerTest } from '../../testing/git-sites.ts';
import {
  DESCRIBED_BY,
  graphqlAnswerProblems,
  restAnswerProblems,
  restRequestProblems,
} from '../../testing/github-api-check.ts';
import { startGitHubStandIn, type GitHubStandIn } from '../../testing/github-stand-in.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';

// The stand-in held to GitHub's own description: each request below is changed by hand into one GitHub would not take
// (or an answer into one it would never give), and the check must catch it, answer 500 in words and fail the test.
const site = sharedSitePerTest(SPEC_SITE_DIR);
const AMA = { login: 'ama', name: 'Ama Mensah', email: 'ama@example.org', canWrite: true };

let github: GitHubStandIn;
let token: string;
beforeEach(async () => {
  github = await startGitHubStandIn({
    repository: { path: site().remote, owner: 'loom', name: 'site' },
    accounts: [AMA],
  });
  token = github.tokenFor(AMA);
});
afterEach(() => github.close());

/** A request as the editor's would be, changed by hand: GitHub's answer status and its words. */
async function ask(method: string, path: string, body?: unknown): Promise<{ status: number; message: string }> {
  const answer = await fetch(`${github.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, message: ((await answer.json()) as { message: string }).message };
}

/** What the stand-in recorded against GitHub's description, taken out so that closing it passes. */
const violationsTaken = () => github.violations.splice(0);

describe("the GitHub stand-in, held to GitHub's description", () => {
  it("answers the editor's own requests with no violation", async () => {
    const api = new GitHubApi({ api: github.url, owner: 'loom', repo: 'site', token });
    const head = (await api.head('main'))!;
    const files = await api.files(head);
    const blob = await api.makeBlob(new TextEncoder().encode('{}\n'));
    const tree = await api.makeTree((await api.commitDetails(head)).tree, [{ path: 'config/new.json', blob }]);
    const commit = await api.makeCommit(tree, [head], 'A new file');
    await api.createBranch('trial', commit);
    expect((await api.compare('main', 'trial')).files).toEqual(['config/new.json']);
    expect((await api.readTexts([files.get('config/site.json')!])).size).toBe(1);
    expect(await api.history('trial', 2)).toHaveLength(2);
    expect(github.violations).toEqual([]);
  });

  it('refuses a tree body with a misspelt field, in words', async () => {
    const head = (await new GitHubApi({ api: github.url, owner: 'loom', repo: 'site', token }).head('main'))!;
    const answer = await ask('POST', '/repos/loom/site/git/trees', {
      base: head,
      tree: [{ path: 'a.json', mode: '100644', type: 'blob', sha: null }],
    });
    expect(answer.status).toBe(500);
    expect(answer.message).toContain('body has "base", a field GitHub\'s description does not name');
    expect(violationsTaken()).toEqual([
      'POST /repos/loom/site/git/trees (git/create-tree): body has "base", a field GitHub\'s description does not name',
    ]);
  });

  it('refuses a commit body that names its parent as GitHub does not, and one without its message', async () => {
    const sha = 'a'.repeat(40);
    expect((await ask('POST', '/repos/loom/site/git/commits', { message: 'm', tree: sha, parent: sha })).status).toBe(
      500,
    );
    expect((await ask('POST', '/repos/loom/site/git/commits', { tree: sha, parents: [sha] })).status).toBe(500);
    expect(violationsTaken()).toEqual([
      'POST /repos/loom/site/git/commits (git/create-commit): body has "parent", a field GitHub\'s description does not name',
      "POST /repos/loom/site/git/commits (git/create-commit): body must have required property 'message'",
    ]);
  });

  it('refuses a path GitHub does not have, and a query parameter it does not take', async () => {
    expect((await ask('GET', '/repos/loom/site/trees/main')).status).toBe(500);
    expect((await ask('GET', '/repos/loom/site/git/trees/main?recursiv=1')).status).toBe(500);
    expect(violationsTaken()).toEqual([
      `GET /repos/loom/site/trees/main: GitHub's API has no such endpoint (by ${DESCRIBED_BY}).`,
      'GET /repos/loom/site/git/trees/main (git/get-tree): query has "recursiv", a field GitHub\'s description does not name',
    ]);
  });

  it('refuses a GraphQL document with a misspelt field', async () => {
    const query = blobTextsQuery(['a'.repeat(40)]).replace('isTruncated', 'isTruncate');
    const answer = await ask('POST', '/graphql', { query, variables: { owner: 'loom', name: 'site' } });
    expect(answer).toEqual({
      status: 500,
      message: `Not as GitHub's API is described: POST /graphql: Cannot query field "isTruncate" on type "Blob". Did you mean "isTruncated"?`,
    });
    expect(violationsTaken()).toHaveLength(1);
  });

  it("finds an answer missing a field GitHub always sends, or with a status GitHub's description does not give", async () => {
    const url = new URL(`${github.url}/repos/loom/site`);
    const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const repository = (await answer.json()) as Record<string, unknown>;
    expect(restAnswerProblems('GET', url, 200, repository)).toEqual([]);
    const { default_branch: _left, ...without } = repository;
    expect(restAnswerProblems('GET', url, 200, without)).toEqual([
      "GET /repos/loom/site (repos/get), answered 200: answer must have required property 'default_branch'",
    ]);
    expect(restAnswerProblems('GET', url, 200, { ...repository, forks: 'none' })).toEqual([
      'GET /repos/loom/site (repos/get), answered 200: answer/forks must be integer',
    ]);
    const blobs = new URL(`${github.url}/repos/loom/site/git/blobs`);
    expect(restAnswerProblems('POST', blobs, 200, { sha: 'a'.repeat(40), url: blobs.href })).toEqual([
      "POST /repos/loom/site/git/blobs (git/create-blob), answered 200: GitHub's description gives no 200 answer here, only 201,403,404,409,422.",
    ]);
    expect(restRequestProblems('POST', blobs, '{"content":"e30K","encoding":"base64"}')).toEqual([]);
  });

  it('finds a GraphQL answer with a field the query did not ask for, or without one it asked for', async () => {
    const head = (await new GitHubApi({ api: github.url, owner: 'loom', repo: 'site', token }).head('main'))!;
    const body = JSON.stringify({
      query: folderTextsQuery(1),
      variables: { owner: 'loom', name: 'site', expression: `${head}:config` },
    });
    const answer = await fetch(`${github.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    const given = (await answer.json()) as {
      data: { repository: { object: { entries: { name: string; object: Record<string, unknown> }[] } } };
    };
    expect(graphqlAnswerProblems(body, given)).toEqual([]);
    const entries = given.data.repository.object.entries;
    const at = entries.findIndex((entry) => entry.name === 'site.json');
    (entries[at] as Record<string, unknown>).oid = head;
    delete entries[at]!.object.isTruncated;
    expect(graphqlAnswerProblems(body, given).sort()).toEqual([
      `POST /graphql, answered: Cannot return null for non-nullable field Blob.isTruncated. (at repository.object.entries.${at}.object.isTruncated)`,
      `POST /graphql, answered: data.repository.object.entries[${at}].object is ${JSON.stringify(entries[at]!.object).slice(0, 60)}…, which GitHub gives as null`,
      `POST /graphql, answered: data.repository.object.entries[${at}].oid is there, which the query did not ask for`,
    ]);
  });

  it("answers a tag's id where a commit's is asked for as GitHub does, not found, and a folder from where git stands as none", async () => {
    const as = ['-c', 'user.name=Kofi', '-c', 'user.email=kofi@example.org'];
    git(site().remote, ...as, 'tag', '--annotate', '--message', 'Launch', 'launch', 'main');
    const tag = git(site().remote, 'rev-parse', 'launch');
    for (const path of [`git/commits/${tag}`, `compare/${tag}...main`, `commits?sha=${tag}`])
      expect(await ask('GET', `/repos/loom/site/${path}`)).toEqual({ status: 404, message: 'Not Found' });
    const api = new GitHubApi({ api: github.url, owner: 'loom', repo: 'site', token });
    expect(await api.readFolderTexts('main', './config', 1)).toEqual(new Map());
    expect(github.violations).toEqual([]);
  });

  it('fails the test that used it, when closed with a violation left', async () => {
    await ask('GET', '/repos/loom/site/branches');
    expect(github.violations).toHaveLength(1);
    await expect(github.close()).rejects.toThrow(
      /The GitHub stand-in was used as GitHub's API never is:\nGET \/repos\/loom\/site\/branches: GitHub's API has no such endpoint/,
    );
    violationsTaken();
  });
});
