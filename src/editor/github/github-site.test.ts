import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../../testing/git-sites.ts';
import {
  AUTHOR,
  checkHere,
  DRAFTS,
  githubSitePerTest,
  pushedToDrafts,
  siteRepository,
} from '../../testing/editor-github-site.ts';
import { REPOSITORY } from '../../testing/github-site.ts';
import { checkChanges, listConfigFiles } from '../server/workspace.ts';
import { gitBlobId } from '../model/repository.ts';
import { BranchSite } from '../model/branch-site.ts';
import { GitHubApi } from './github-api.ts';
import { GitHubRefusal } from './github-http.ts';
import { GitHubRepository } from './github-repository.ts';
import { textsAfter } from '../model/save.ts';

// The spec site with this project's schemas, kept in a real bare repository behind the GitHub stand-in; a teammate's
// clone of it is the same site on disk, as the local editor reads it.
const current = githubSitePerTest();
const shared = () => current().site;
const api = () => current().api;
const HOME = 'config/pages/home.json';

const checkInMemory = checkHere;
const home = () =>
  JSON.parse(readFileSync(join(shared().teammate, HOME), 'utf8')) as { sections: Record<string, unknown>[] };

describe('the site as a branch on GitHub holds it', () => {
  it('lists and opens the files as the local editor does on disk, each at the version GitHub keeps', async () => {
    const site = await BranchSite.load(siteRepository(api()), 'main');
    expect(site.head).toBe(git(shared().remote, 'rev-parse', 'main'));
    expect(site.listFiles()).toEqual(listConfigFiles(shared().teammate));
    expect(site.openFile(HOME)).toEqual({
      path: HOME,
      text: readFileSync(join(shared().teammate, HOME), 'utf8'),
      version: git(shared().remote, 'rev-parse', `main:${HOME}`),
    });
    expect(() => site.openFile('schemas/site.schema.json')).toThrow('is not a config file the site reads');
  });

  it('opens with the list of files and the config beside it, and the files of public/ the checker reads in one more request', async () => {
    const head = git(shared().remote, 'rev-parse', 'main');
    const asked = current().github.requests.length;
    // As the editor opens: the schemas are its own, so the branch's are not read.
    const site = await BranchSite.at(siteRepository(api()), head, new Map());
    const { files } = await site.checkRequest(new Map());
    expect(files.get('public/favicon.svg')).toEqual(
      new Uint8Array(readFileSync(join(shared().author, 'public/favicon.svg'))),
    );
    expect(current().github.requests.slice(asked).sort()).toEqual(
      [`GET /repos/loom/site/git/trees/${head}`, 'POST /graphql', 'POST /graphql'].sort(),
    );
  });

  it("knows a saved file's version without asking: git's id of its bytes, as GitHub lists it", async () => {
    const site = await BranchSite.load(siteRepository(api()), 'main');
    for (const path of [HOME, 'public/media/hero-poster.jpg'])
      expect(await gitBlobId(new Uint8Array(readFileSync(join(shared().author, path))))).toBe(site.blobs.get(path));
  });

  it('is checked from memory with the words, fields and lines the local editor gives for the same changes', async () => {
    const site = await BranchSite.load(siteRepository(api()), 'main');
    const valid = await site.check([], checkInMemory);
    expect(valid.problems).toEqual(checkChanges(shared().teammate, []).problems);
    expect(valid.config?.pages.length).toBeGreaterThan(0);

    const broken = home();
    broken.sections[0]!.heading = '';
    broken.sections[0]!.image = '/media/no-such-picture.jpg';
    const changes = [{ path: HOME, data: broken }];
    const checked = await site.check(changes, checkInMemory);
    const local = checkChanges(shared().teammate, [{ ...changes[0]!, baseVersion: null }]);
    expect(checked.problems.length).toBeGreaterThan(0);
    expect(checked.problems).toEqual(local.problems);
    expect(checked.config).toBeUndefined();
  });

  it('edits a changed file in place, so only what changed differs', async () => {
    const site = await BranchSite.load(siteRepository(api()), 'main');
    const changed = home();
    changed.sections[0]!.heading = 'Stories That Move Accra';
    const before = site.openFile(HOME).text.split('\n');
    const after = textsAfter(site, [{ path: HOME, data: changed }])
      .get(HOME)!
      .split('\n');
    expect(after.filter((line, index) => line !== before[index])).toEqual([
      '      "heading": "Stories That Move Accra",',
    ]);
  });
});

describe('the repository on GitHub, as the editor reads and publishes from it', () => {
  const headOfDrafts = () => git(shared().remote, 'rev-parse', DRAFTS);

  it('fails a read whose batched texts could not be read, asking none of its files on its own', async () => {
    const head = git(shared().remote, 'rev-parse', 'main');
    const repository = new GitHubRepository(api());
    const configFiles = [...(await repository.files(head)).keys()].filter((path) => path.startsWith('config/'));
    current().github.faults.push({ kind: 'drop', method: 'POST', path: /^\/graphql$/, body: 'object(oid:' });
    const asked = current().github.requests.length;
    await expect(repository.read(head, configFiles)).rejects.toBeInstanceOf(GitHubRefusal);
    // One request a hundred files, never one each: a big site would spend GitHub's hourly allowance.
    expect(current().github.requests.slice(asked)).toEqual(['POST /graphql']);
    // Nothing of the failure is kept: asked again, the files are read.
    expect((await repository.read(head, [HOME])).get(HOME)).toEqual(
      new Uint8Array(readFileSync(join(shared().teammate, HOME))),
    );
  });

  it("takes a text read ahead as a file's bytes only when they are the file's: one GitHub gives without its byte order mark is read as bytes", async () => {
    const path = 'config/pages/marked.json';
    const bytes = new TextEncoder().encode('\uFEFF{ "title": "Marked" }\n');
    pushedToDrafts(shared(), 'Kofi', { [path]: bytes });
    // GitHub's text of a file, as GraphQL may give it: its byte order mark left out.
    const withoutMarks: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (!String(input).endsWith('/graphql')) return answer;
      const body = (await answer.text()).replaceAll('\uFEFF', '');
      return new Response(body, { status: answer.status, headers: answer.headers });
    };
    const github = current().github;
    const settings = {
      api: github.url,
      owner: REPOSITORY.owner,
      repo: REPOSITORY.name,
      token: github.tokenFor(AUTHOR),
    };
    const repository = siteRepository(new GitHubApi(settings, withoutMarks));
    expect((await repository.read(headOfDrafts(), [path])).get(path)).toEqual(bytes);
  });

  it("takes a text the session holds as a file's bytes only when they are the file's: one not in UTF-8 is read as bytes", async () => {
    const path = 'config/pages/latin.json';
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{ "title": "Caf'),
      0xe9,
      ...new TextEncoder().encode('" }\n'),
    ]);
    pushedToDrafts(shared(), 'Kofi', { [path]: bytes });
    const blob = await gitBlobId(bytes);
    // The session's text of it, as the editor decoded it to show: the byte it could not read is a replacement mark.
    const shown = new TextDecoder().decode(bytes);
    const repository = new GitHubRepository(api(), { text: (id) => (id === blob ? shown : undefined) });
    expect((await repository.read(headOfDrafts(), [path])).get(path)).toEqual(bytes);
  });
});
