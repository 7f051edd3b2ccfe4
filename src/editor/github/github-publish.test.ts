import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../../testing/git-sites.ts';
import {
  checkHere,
  DRAFTS,
  githubSitePerTest,
  savedToDrafts,
  teammatePublishes as publishedByTeammate,
} from '../../testing/editor-github-site.ts';
import { publishDrafts, unpublished } from './github-publish.ts';

// The spec site with this project's schemas in a real bare repository behind the GitHub stand-in. The author saves to
// their drafts branch and publishes to main; a teammate publishes to main with plain git.
const current = githubSitePerTest();
const shared = () => current().site;
const api = () => current().api;
const HOME = 'config/pages/home.json';
const FAQS = 'config/collections/faqs.json';
const branches = { main: 'main', drafts: DRAFTS };

const check = checkHere;
const live = (path: string) => JSON.parse(git(shared().remote, 'show', `main:${path}`)) as Record<string, any>;

const save = async (path: string, change: (data: Record<string, any>) => void) =>
  expect((await savedToDrafts(api(), path, change)).status).toBe('saved');

/** A teammate publishes a change with git itself. */
const teammatePublishes = (path: string, change: (data: Record<string, any>) => void) =>
  publishedByTeammate(shared(), path, change);

const publish = (extra: Partial<Parameters<typeof publishDrafts>[1]> = {}) =>
  publishDrafts(api(), { ...branches, headline: 'A headline for the new season', check, ...extra });

describe('publishing from the drafts branch to main on GitHub', () => {
  it("makes one commit of exactly the author's changes on main, and the drafts start from it next time", async () => {
    const before = git(shared().remote, 'rev-parse', 'main');
    await save(HOME, (home) => (home.sections[0].heading = 'Stories That Move Accra'));
    await save(FAQS, (faqs) => (faqs.faqs[0].question = 'How fast can you start?'));
    expect((await unpublished(api(), branches)).files).toEqual([FAQS, HOME]);

    const answer = await publish({ body: 'From the editor' });
    expect(answer).toMatchObject({ status: 'published', files: [FAQS, HOME] });
    expect(git(shared().remote, 'rev-list', '--count', `${before}..main`)).toBe('1');
    expect(git(shared().remote, 'diff', '--name-only', before, 'main').split('\n')).toEqual([FAQS, HOME]);
    expect(git(shared().remote, 'log', '-1', '--format=%an|%s|%b', 'main')).toBe(
      'Ama Mensah|A headline for the new season|From the editor',
    );
    expect(live(HOME).sections[0].heading).toBe('Stories That Move Accra');
    // The drafts took in the published commit: nothing is left to publish, and the next change publishes alone.
    expect(git(shared().remote, 'merge-base', '--is-ancestor', 'main', DRAFTS)).toBe('');
    expect((await unpublished(api(), branches)).files).toEqual([]);
    expect(await publish()).toEqual({ status: 'up-to-date' });
    await save(HOME, (home) => (home.sections[0].text = 'A new season'));
    expect((await unpublished(api(), branches)).files).toEqual([HOME]);
  });

  it("brings in a teammate's change to another field of the same file, and publishes both", async () => {
    await save(HOME, (home) => (home.sections[0].heading = 'Stories That Move Accra'));
    const teammates = teammatePublishes(HOME, (home) => (home.title = 'Home | Loom'));
    expect(await publish()).toMatchObject({ status: 'published', files: [HOME] });
    expect(git(shared().remote, 'rev-parse', 'main^')).toBe(teammates);
    expect([live(HOME).title, live(HOME).sections[0].heading]).toEqual(['Home | Loom', 'Stories That Move Accra']);
  });

  it('writes nothing where a teammate changed the same field: both values in words, then the author’s choice', async () => {
    await save(HOME, (home) => (home.sections[0].heading = 'Mine'));
    const teammates = teammatePublishes(HOME, (home) => (home.sections[0].heading = 'Theirs'));
    const answer = await publish();
    expect(
      answer.status === 'conflicts' &&
        answer.conflicts.map(({ fileName, field, mine, theirs }) => ({ fileName, field, mine, theirs })),
    ).toEqual([
      {
        fileName: 'Home page',
        field: expect.stringMatching(/^sections 1 \(.+\)\.heading$/),
        mine: 'Mine',
        theirs: 'Theirs',
      },
    ]);
    expect(git(shared().remote, 'rev-parse', 'main')).toBe(teammates);
    const id = answer.status === 'conflicts' ? answer.conflicts[0]!.id : '';
    expect(await publish({ choices: { [id]: 'mine' } })).toMatchObject({ status: 'published' });
    expect(live(HOME).sections[0].heading).toBe('Mine');
  });

  it('publishes only the files given, and keeps the rest on the drafts for later', async () => {
    await save(HOME, (home) => (home.sections[0].heading = 'Stories That Move Accra'));
    await save(FAQS, (faqs) => (faqs.faqs[0].question = 'How fast can you start?'));
    expect(await publish({ files: [HOME] })).toMatchObject({ status: 'published', files: [HOME] });
    expect(live(FAQS).faqs[0].question).not.toBe('How fast can you start?');
    expect((await unpublished(api(), branches)).files).toEqual([FAQS]);
    expect(await publish()).toMatchObject({ status: 'published', files: [FAQS] });
    expect(live(FAQS).faqs[0].question).toBe('How fast can you start?');
  });

  it('refuses drafts the checker refuses, in its words, writing nothing on main', async () => {
    // Written to the drafts by another tool, past the editor's own check.
    const head = (await api().head(DRAFTS))!;
    const home = JSON.parse(readFileSync(join(shared().teammate, HOME), 'utf8')) as Record<string, any>;
    home.sections[0].heading = '';
    await api().commit({
      branch: DRAFTS,
      expectedHead: head,
      headline: 'Broken',
      changes: [{ path: HOME, bytes: new TextEncoder().encode(JSON.stringify(home)) }],
    });
    const main = git(shared().remote, 'rev-parse', 'main');
    const answer = await publish();
    expect(answer.status === 'invalid' && answer.problems.map((problem) => [problem.file, problem.at])).toEqual([
      [HOME, ['sections', 0, 'heading']],
    ]);
    expect(git(shared().remote, 'rev-parse', 'main')).toBe(main);
  });

  it('sends the changes for review: a branch of their own from main and its pull request, main untouched', async () => {
    const main = git(shared().remote, 'rev-parse', 'main');
    await save(HOME, (home) => (home.sections[0].heading = 'Stories That Move Accra'));
    const answer = await publish({ review: true, headline: 'Home page: heading changed' });
    expect(answer).toMatchObject({
      status: 'sent-for-review',
      branch: expect.stringMatching(
        /^site-editor\/\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-home-page-heading-changed-[0-9a-f]{8}$/,
      ),
      link: `${current().github.url}/loom/site/pull/1`,
      files: [HOME],
    });
    const branch = answer.status === 'sent-for-review' ? answer.branch : '';
    expect(git(shared().remote, 'rev-parse', 'main')).toBe(main);
    expect(git(shared().remote, 'rev-parse', `${branch}^`)).toBe(main);
    expect(JSON.parse(git(shared().remote, 'show', `${branch}:${HOME}`)).sections[0].heading).toBe(
      'Stories That Move Accra',
    );
    expect((await unpublished(api(), branches)).files).toEqual([HOME]);
  });

  it('has nothing to publish before the author saved anything', async () => {
    // An author who never saved has no drafts branch.
    expect(await unpublished(api(), { main: 'main', drafts: 'site-editor/drafts/nobody' })).toMatchObject({
      files: [],
    });
    expect(
      await publishDrafts(api(), { main: 'main', drafts: 'site-editor/drafts/nobody', headline: 'x', check }),
    ).toEqual({
      status: 'up-to-date',
    });
  });
});
