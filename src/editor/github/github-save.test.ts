import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../../testing/git-sites.ts';
import { checkHere, DRAFTS, githubSitePerTest } from '../../testing/editor-github-site.ts';
import { saveOnBranch } from './github-save.ts';
import { GitHubSite } from './github-site.ts';

// The spec site with this project's schemas in a real bare repository behind the GitHub stand-in. The author saves to
// a draft branch of their own; "another tab" is a second save to the same branch.
const current = githubSitePerTest();
const shared = () => current().site;
const api = () => current().api;
const HOME = 'config/pages/home.json';
const FAQS = 'config/collections/faqs.json';
const INFLUENCERS = 'config/collections/influencers.json';

const check = checkHere;
const data = (path: string) => JSON.parse(readFileSync(join(shared().teammate, path), 'utf8')) as Record<string, any>;
const withHeading = (heading: string) => {
  const home = data(HOME);
  home.sections[0].heading = heading;
  return home;
};
const onDrafts = (path: string) => JSON.parse(git(shared().remote, 'show', `${DRAFTS}:${path}`)) as Record<string, any>;

/** Saves one file's new data to the drafts, as a tab that opened it on `site` would. */
const save = (site: GitHubSite, path: string, next: unknown) =>
  saveOnBranch(api(), DRAFTS, site, [{ path, data: next, baseVersion: site.blobs.get(path)! }], check);

describe('saving to a branch on GitHub', () => {
  it('writes exactly the changed lines in one commit on the branch, and answers each file at its new version', async () => {
    const site = await GitHubSite.load(api(), DRAFTS);
    const saved = await save(site, HOME, withHeading('Stories That Move Accra'));
    expect(saved.status).toBe('saved');
    const head = git(shared().remote, 'rev-parse', DRAFTS);
    expect(git(shared().remote, 'diff', '--numstat', site.head, DRAFTS)).toBe(`1\t1\t${HOME}`);
    expect(saved.status === 'saved' && saved.files).toEqual([
      {
        path: HOME,
        text: git(shared().remote, 'show', `${DRAFTS}:${HOME}`) + '\n',
        version: git(shared().remote, 'rev-parse', `${DRAFTS}:${HOME}`),
      },
    ]);
    expect(saved.site.head).toBe(head);
    expect(git(shared().remote, 'rev-parse', 'main')).toBe(site.head);
  });

  it('goes through when another tab saved another file meanwhile, and keeps both', async () => {
    const site = await GitHubSite.load(api(), DRAFTS);
    const faqs = data(FAQS);
    faqs.faqs[0].question = 'How fast can you start?';
    const otherTab = await save(site, FAQS, faqs);
    expect(otherTab.status).toBe('saved');
    // This tab still holds the site as it was before the other tab saved.
    const saved = await save(site, HOME, withHeading('Stories That Move Accra'));
    expect(saved.status).toBe('saved');
    expect(onDrafts(FAQS).faqs[0].question).toBe('How fast can you start?');
    expect(onDrafts(HOME).sections[0].heading).toBe('Stories That Move Accra');
  });

  it('never overwrites a file another tab saved meanwhile: answers both versions and writes nothing', async () => {
    const site = await GitHubSite.load(api(), DRAFTS);
    await save(site, HOME, withHeading('From the phone'));
    const before = git(shared().remote, 'rev-parse', DRAFTS);
    const answer = await save(site, HOME, withHeading('From the laptop'));
    expect(answer.status).toBe('conflict');
    expect(
      answer.status === 'conflict' &&
        answer.files.map((file) => [
          file.path,
          JSON.parse(file.text).sections[0].heading,
          JSON.parse(file.yours).sections[0].heading,
        ]),
    ).toEqual([[HOME, 'From the phone', 'From the laptop']]);
    expect(git(shared().remote, 'rev-parse', DRAFTS)).toBe(before);
  });

  it("refuses an invalid site in the checker's words, writing nothing", async () => {
    const site = await GitHubSite.load(api(), DRAFTS);
    const answer = await save(site, HOME, withHeading(''));
    expect(answer.status === 'invalid' && answer.problems.map((problem) => problem.at)).toEqual([
      ['sections', 0, 'heading'],
    ]);
    expect(git(shared().remote, 'rev-parse', DRAFTS)).toBe(site.head);
  });

  it("records a removed influencer's id in config/removed.json in the same commit", async () => {
    const site = await GitHubSite.load(api(), DRAFTS);
    const list = data(INFLUENCERS);
    const [gone] = list.influencers.splice(-1, 1);
    // No page may link to the removed profile: the checker would refuse the save.
    const answer = await save(site, INFLUENCERS, list);
    expect(answer.status === 'invalid' ? answer.problems.map((problem) => problem.message) : answer.status).toBe(
      'saved',
    );
    expect(onDrafts('config/removed.json').influencers).toContainEqual({ id: gone.id, name: gone.name });
    expect(git(shared().remote, 'diff', '--name-only', site.head, DRAFTS).split('\n')).toEqual([
      INFLUENCERS,
      'config/removed.json',
    ]);
  });

  it('commits the uploads the saved files name with them, and keeps the others held', async () => {
    const site = await GitHubSite.load(api(), DRAFTS);
    const picture = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
      'base64',
    );
    const home = data(HOME);
    home.sections[0].video.poster = '/media/new-season.png';
    const change = [{ path: HOME, data: home, baseVersion: site.blobs.get(HOME)! }];
    // Not uploaded: the saved file would name a file that is not there.
    const refused = await saveOnBranch(api(), DRAFTS, site, change, check);
    expect(refused.status === 'invalid' && refused.problems.map((problem) => problem.at)).toEqual([
      ['sections', 0, 'video', 'poster'],
    ]);
    const uploads = new Map([
      ['public/media/new-season.png', picture],
      ['public/media/not-used.png', picture],
    ]);
    const saved = await saveOnBranch(api(), DRAFTS, site, change, check, uploads);
    expect(saved.status === 'saved' && saved.placed).toEqual(['public/media/new-season.png']);
    expect(git(shared().remote, 'diff', '--name-only', site.head, DRAFTS).split('\n')).toEqual([
      HOME,
      'public/media/new-season.png',
    ]);
    expect(git(shared().remote, 'rev-list', '--count', `${site.head}..${DRAFTS}`)).toBe('1');
  });
});
