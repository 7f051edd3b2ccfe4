import { describe, expect, it } from 'vitest';
import { GitHubApi } from './github-api.ts';
import { GitHubHttp, type RestBody } from './github-http.ts';

const SETTINGS = { api: 'https://api.github.com', owner: 'loom', repo: 'site', token: 't' } as const;
const SHA = 'a'.repeat(40);

/** Every request the editor's API would send, as "METHOD url body", each refused so that nothing follows it. */
async function requestsOf(ask: (api: GitHubApi) => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const refuse: typeof fetch = async (url, init) => {
    sent.push(`${init?.method} ${String(url)}${init?.body ? ` ${String(init.body)}` : ''}`);
    return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
  };
  await ask(new GitHubApi(SETTINGS, refuse)).catch(() => undefined);
  return sent;
}

describe("REST requests named by GitHub's description", () => {
  it('fill the path template and the query as the addresses GitHub answers, escaped where a name needs it', async () => {
    const repo = 'https://api.github.com/repos/loom/site';
    expect(await requestsOf((api) => api.viewer())).toEqual(['GET https://api.github.com/user']);
    expect(await requestsOf((api) => api.repository())).toEqual([`GET ${repo}`]);
    expect(await requestsOf((api) => api.heads('editor/ama drafts'))).toEqual([
      `GET ${repo}/git/matching-refs/heads/editor/ama%20drafts`,
    ]);
    expect(await requestsOf((api) => api.files(SHA))).toEqual([`GET ${repo}/git/trees/${SHA}?recursive=1`]);
    expect(await requestsOf((api) => api.readFile(SHA))).toEqual([`GET ${repo}/git/blobs/${SHA}`]);
    expect(await requestsOf((api) => api.compare('main', 'ama#1'))).toEqual([`GET ${repo}/compare/main...ama%231`]);
    expect(await requestsOf((api) => api.commitDetails(SHA))).toEqual([`GET ${repo}/git/commits/${SHA}`]);
    expect(await requestsOf((api) => api.history('a&b', 5))).toEqual([`GET ${repo}/commits?sha=a%26b&per_page=5`]);
    expect(await requestsOf((api) => api.history('main', 1, 'config/a b.json'))).toEqual([
      `GET ${repo}/commits?sha=main&per_page=1&path=config%2Fa%20b.json`,
    ]);
    expect(await requestsOf((api) => api.pullRequestFrom('drafts'))).toEqual([
      `GET ${repo}/pulls?state=all&head=loom%3Adrafts`,
    ]);
    expect(await requestsOf((api) => api.buildReports(SHA))).toEqual([
      `GET ${repo}/commits/${SHA}/status`,
      `GET ${repo}/commits/${SHA}/check-runs?per_page=50`,
      `GET ${repo}/deployments?sha=${SHA}&per_page=5`,
    ]);
  });

  it('send the bodies GitHub takes, as JSON', async () => {
    const repo = 'https://api.github.com/repos/loom/site';
    expect(await requestsOf((api) => api.makeTree(SHA, [{ path: 'a.json', blob: null }]))).toEqual([
      `POST ${repo}/git/trees {"base_tree":"${SHA}","tree":[{"path":"a.json","mode":"100644","type":"blob","sha":null}]}`,
    ]);
    expect(await requestsOf((api) => api.makeCommit(SHA, [SHA], 'Saved'))).toEqual([
      `POST ${repo}/git/commits {"message":"Saved","tree":"${SHA}","parents":["${SHA}"]}`,
    ]);
    expect(await requestsOf((api) => api.fastForward('ama drafts', SHA))).toEqual([
      `PATCH ${repo}/git/refs/heads/ama%20drafts {"sha":"${SHA}","force":false}`,
    ]);
    expect(await requestsOf((api) => api.createBranch('drafts', SHA))).toEqual([
      `POST ${repo}/git/refs {"ref":"refs/heads/drafts","sha":"${SHA}"}`,
    ]);
  });

  it('refuse, in the type check, a path, a method, a parameter or a body field GitHub does not have', () => {
    // Never run: the type check is the test (npx tsc -p .). Each line below is a request GitHub would not take.
    const typeChecked = (http: GitHubHttp) => {
      // @ts-expect-error GitHub has no such path (trees are under /git/).
      void http.rest('GET', '/repos/{owner}/{repo}/trees/{tree_sha}', { tree_sha: SHA });
      // @ts-expect-error GitHub makes no tree with PUT.
      void http.rest('PUT', '/repos/{owner}/{repo}/git/trees', {}, { tree: [] });
      // @ts-expect-error A tree is read by {tree_sha}, not {sha}.
      void http.rest('GET', '/repos/{owner}/{repo}/git/trees/{tree_sha}', { sha: SHA });
      // @ts-expect-error A new tree builds on "base_tree", not "base".
      void http.rest('POST', '/repos/{owner}/{repo}/git/trees', {}, { base: SHA, tree: [] });
      // @ts-expect-error A commit names its parents as a list, "parents", not "parent".
      void http.rest('POST', '/repos/{owner}/{repo}/git/commits', {}, { message: 'm', tree: SHA, parent: SHA });
      // @ts-expect-error A commit needs its message.
      void http.rest('POST', '/repos/{owner}/{repo}/git/commits', {}, { tree: SHA });
      // @ts-expect-error A tree entry's mode is one git knows.
      const entry: RestBody<'/repos/{owner}/{repo}/git/trees', 'POST'>['tree'][number] = { mode: '644' };
      // @ts-expect-error GitHub's answer to a new blob has no "oid".
      void http.rest('POST', '/repos/{owner}/{repo}/git/blobs', {}, { content: '' }).then((made) => made.oid);
      return entry;
    };
    expect(typeof typeChecked).toBe('function');
  });
});
