import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitAndPush, editJsonFile, git, sharedSitePerTest } from '../../testing/git-sites.ts';
import { startGitHubStandIn, type GitHubStandIn } from '../../testing/github-stand-in.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { GitHubApi } from './github-api.ts';
import { GitHubRefusal, type RefusalKind } from './github-http.ts';
import { refusalWords } from '../protocol/refusals.ts';

// GitHub here is the stand-in (src/testing/github-stand-in.ts), keeping the site in a real bare repository; a
// teammate publishes with git itself, into the same repository.
const site = sharedSitePerTest(SPEC_SITE_DIR);
const HOME = 'config/pages/home.json';
const AMA = { login: 'ama', name: 'Ama Mensah', email: 'ama@example.org', canWrite: true };
const READER = { login: 'kojo', name: 'Kojo Asante', email: 'kojo@example.org', canWrite: false };

let github: GitHubStandIn;
let api: GitHubApi;
beforeEach(async () => {
  github = await startGitHubStandIn({
    repository: { path: site().remote, owner: 'loom', name: 'site' },
    accounts: [AMA, READER],
  });
  api = apiFor(github.tokenFor(AMA));
});
afterEach(() => github.close());

const apiFor = (token: string) => new GitHubApi({ api: github.url, owner: 'loom', repo: 'site', token });
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const bytesOf = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
const onRemote = (path: string, at = 'main') => git(site().remote, 'show', `${at}:${path}`);

async function refusalOf(attempt: Promise<unknown>): Promise<{ kind: RefusalKind; words: string }> {
  const refusal = await attempt.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(refusal instanceof GitHubRefusal)) throw new Error(`expected a refusal, got ${String(refusal)}`);
  return { kind: refusal.kind, words: refusal.message };
}

describe("GitHub's API as the editor uses it", () => {
  it('reads who is signed in, the repository, its head and every file, byte for byte', async () => {
    expect(await api.viewer()).toEqual({ login: 'ama', name: 'Ama Mensah' });
    expect(await api.repository()).toEqual({ defaultBranch: 'main', canWrite: true });
    const head = await api.head('main');
    expect(head).toBe(git(site().remote, 'rev-parse', 'main'));
    const files = await api.files(head!);
    expect([...files.keys()].filter((path) => path.startsWith('config/pages/')).sort()).toEqual(
      git(site().remote, 'ls-tree', '--name-only', 'main', 'config/pages/').split('\n').sort(),
    );
    expect(text(await api.readFile(files.get(HOME)!))).toBe(readFileSync(join(SPEC_SITE_DIR, HOME), 'utf8'));
    expect(await api.head('no-such-branch')).toBeUndefined();
  });

  it('reads the texts of many files in one request, and a picture on its own, byte for byte', async () => {
    const files = await api.files((await api.head('main'))!);
    const configFiles = [...files].filter(([path]) => path.startsWith('config/'));
    const poster = files.get('public/media/hero-poster.jpg')!;
    const asked = github.requests.length;
    const texts = await api.readTexts([...configFiles.map(([, blob]) => blob), poster]);
    for (const [path, blob] of configFiles)
      expect(texts.get(blob)).toBe(readFileSync(join(SPEC_SITE_DIR, path), 'utf8'));
    // One query for the texts; the picture, which is no text, read from its bytes.
    expect(github.requests.slice(asked)).toEqual(['POST /graphql', `GET /repos/loom/site/git/blobs/${poster}`]);
    expect(texts.get(poster)).toBe(
      new TextDecoder().decode(readFileSync(join(SPEC_SITE_DIR, 'public/media/hero-poster.jpg'))),
    );
  });

  it('reads a folder of config files in one request that names the folder alone, as deep as asked', async () => {
    const head = (await api.head('main'))!;
    const files = await api.files(head);
    const asked = github.requests.length;
    const deep = await api.readFolderTexts(head, 'config', 3);
    expect(github.requests.slice(asked)).toEqual(['POST /graphql']);
    const configFiles = [...files].filter(([path]) => path.startsWith('config/'));
    expect([...deep.keys()].sort()).toEqual(configFiles.map(([path]) => path).sort());
    for (const [path] of configFiles)
      expect(deep.get(path)).toEqual({ text: readFileSync(join(SPEC_SITE_DIR, path), 'utf8') });
    // One level lists config/'s own files only.
    expect(
      [...(await api.readFolderTexts(head, 'config', 1)).keys()].every((path) => path.split('/').length === 2),
    ).toBe(true);
  });

  it("commits exactly the author's changes, added and removed, in one commit against the head they started from", async () => {
    const head = (await api.head('main'))!;
    const home = JSON.parse(onRemote(HOME)) as { sections: { heading: string }[] };
    home.sections[0]!.heading = 'Stories That Move Accra';
    const picture = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const oid = await api.commit({
      branch: 'main',
      expectedHead: head,
      headline: 'Home page: heading changed',
      body: 'A headline for the new season',
      changes: [
        { path: HOME, bytes: bytesOf(home) },
        { path: 'public/media/accra.png', bytes: picture },
        { path: 'config/collections/faqs.json' },
      ],
    });
    expect(git(site().remote, 'rev-parse', 'main')).toBe(oid);
    expect(git(site().remote, 'rev-list', '--count', `${head}..main`)).toBe('1');
    expect(git(site().remote, 'diff', '--name-status', head, 'main').split('\n')).toEqual([
      'D\tconfig/collections/faqs.json',
      `M\t${HOME}`,
      'A\tpublic/media/accra.png',
    ]);
    expect(JSON.parse(onRemote(HOME)).sections[0].heading).toBe('Stories That Move Accra');
    expect(git(site().remote, 'log', '-1', '--format=%an|%s|%b', 'main')).toBe(
      'Ama Mensah|Home page: heading changed|A headline for the new season',
    );
    expect([...(await api.readFile((await api.files(oid)).get('public/media/accra.png')!))]).toEqual([...picture]);
  });

  it('writes nothing when a teammate moved the branch meanwhile, and says so', async () => {
    const started = (await api.head('main'))!;
    editJsonFile(site().teammate, HOME, (data) => (data.title = 'Home | Loom'));
    const teammates = commitAndPush(site().teammate, 'Kofi Boateng', 'Home page: title changed');
    const refusal = await refusalOf(
      api.commit({
        branch: 'main',
        expectedHead: started,
        headline: 'Mine',
        changes: [{ path: HOME, bytes: bytesOf({}) }],
      }),
    );
    expect(refusal.kind).toBe('moved');
    expect(git(site().remote, 'rev-parse', 'main')).toBe(teammates);
  });

  it('reads the history with who and when, opens a branch and its pull request', async () => {
    editJsonFile(site().teammate, HOME, (data) => (data.title = 'Home | Loom'));
    const teammates = commitAndPush(site().teammate, 'Kofi Boateng', 'Home page: title changed');
    const history = await api.history('main', 10);
    expect(history.map((commit) => [commit.author.name, commit.message])).toEqual([
      ['Kofi Boateng', 'Home page: title changed'],
      ['Developer', 'The site as it went live'],
    ]);
    expect(history[0]).toMatchObject({ oid: teammates, parents: [history[1]!.oid] });
    expect(Date.parse(history[0]!.author.date)).not.toBeNaN();

    await api.createBranch('site-editor/new-season', teammates);
    await api.commit({
      branch: 'site-editor/new-season',
      expectedHead: teammates,
      headline: 'Home page: heading changed',
      changes: [{ path: HOME, bytes: bytesOf({ changed: true }) }],
    });
    const link = await api.openPullRequest({
      from: 'site-editor/new-season',
      into: 'main',
      title: 'Home page: heading changed',
      body: 'From the editor',
    });
    expect(link).toBe(`${github.url}/loom/site/pull/1`);
    expect(git(site().remote, 'rev-parse', 'main')).toBe(teammates);
    expect((await refusalOf(api.createBranch('site-editor/new-season', teammates))).kind).toBe('refused');
  });

  it('says every refusal in words: a withdrawn sign-in, no permission, the rate limit, a protected branch, GitHub out of reach', async () => {
    const head = (await api.head('main'))!;
    const change = {
      branch: 'main',
      expectedHead: head,
      headline: 'Mine',
      changes: [{ path: HOME, bytes: bytesOf({}) }],
    };

    const reader = apiFor(github.tokenFor(READER));
    expect(await reader.repository()).toEqual({ defaultBranch: 'main', canWrite: false });
    expect(await refusalOf(reader.createBranch('mine', head))).toEqual({
      kind: 'no-permission',
      words: 'Your GitHub account may not change loom/site. Ask whoever manages it for write access.',
    });
    expect((await refusalOf(reader.commit(change))).words).toBe(
      'GitHub refused the request (Resource not accessible by personal access token).',
    );

    github.protectedBranches.add('main');
    expect(await refusalOf(api.commit(change))).toEqual({
      kind: 'protected',
      words: 'GitHub protects main: changes reach it through a pull request. Publish for review instead.',
    });
    github.protectedBranches.clear();

    github.rateLimited = true;
    const limited = await refusalOf(api.viewer());
    expect(limited.kind).toBe('rate-limited');
    expect(limited.words).toMatch(/^GitHub asks the editor to wait: try again at .+\. Nothing was lost\.$/);
    github.rateLimited = false;

    const token = github.tokenFor(AMA);
    github.revoke(token);
    expect((await refusalOf(apiFor(token).viewer())).words).toBe(
      'GitHub no longer accepts your sign-in (it expired or was withdrawn). Sign in again: your changes are kept.',
    );

    const away = new GitHubApi({ api: 'http://127.0.0.1:9', owner: 'loom', repo: 'site', token });
    expect((await refusalOf(away.viewer())).kind).toBe('unreachable');
    expect(git(site().remote, 'rev-parse', 'main')).toBe(head);
  });

  it('says "in a few minutes" for a rate limit that gives no time, and an answer that is not GitHub’s in words, as a lost answer', async () => {
    // What may stand between the author and GitHub: a limit with no time to wait, and a Wi-Fi's sign-in page.
    const answers = [
      { status: 429, type: 'application/json', body: '{"message":"Too many requests"}' },
      { status: 200, type: 'text/html', body: '<html>captive portal: sign in to the Wi-Fi</html>' },
    ];
    const between = createServer((_, response) => {
      const { status, type, body } = answers.shift()!;
      response.writeHead(status, { 'Content-Type': type }).end(body);
    });
    await new Promise<void>((resolve) => between.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = between.address() as AddressInfo;
      const behind = new GitHubApi({ api: `http://127.0.0.1:${port}`, owner: 'loom', repo: 'site', token: 'x' });
      expect(await refusalOf(behind.viewer())).toEqual({
        kind: 'rate-limited',
        words: 'GitHub asks the editor to wait: try again in a few minutes. Nothing was lost.',
      });
      const portal = await behind.viewer().catch((refusal: unknown) => refusal as GitHubRefusal);
      expect(portal).toMatchObject({ kind: 'unreachable', answerLost: true });
      expect((portal as GitHubRefusal).message).toBe(refusalWords('notGitHubsAnswer'));
      expect((portal as GitHubRefusal).message).not.toMatch(/JSON|Unexpected token/);
    } finally {
      between.close();
    }
  });
});
