/**
 * Getting the latest: the field-by-field merge of the author's files with a teammate's (plain data), and the move of
 * a real repository to what a teammate published, with a bare one as the remote.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitAndPush, editJsonFile, git, sharedSitePerTest } from '../../testing/git-sites.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { integrate, mergeFiles, rollBack } from './get-latest.ts';
import type { LatestJournal } from './publish-journal.ts';
import { SiteRepository } from './site-repository.ts';

const HOME = 'config/pages/home.json';
const ABOUT = 'config/pages/about.json';
const POSTER = 'public/media/hero-poster.jpg';
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
const page = (heading: string, text = 'Same text') => ({
  route: '/',
  sections: [{ type: 'video-hero', heading, text }],
});
const sides = (base: unknown, mine: unknown, theirs: unknown, path = HOME) => ({
  base: new Map([[path, base === undefined ? undefined : json(base)]]),
  mine: new Map([[path, mine === undefined ? undefined : json(mine)]]),
  theirs: new Map([[path, theirs === undefined ? undefined : json(theirs)]]),
});

describe("the author's files merged with a teammate's", () => {
  it('keeps both changes where they changed different fields', () => {
    const base = page('Old', 'Old text');
    const { merged, conflicts } = mergeFiles([HOME], sides(base, page('Mine', 'Old text'), page('Old', 'Theirs')), {});
    expect(conflicts).toEqual([]);
    expect(JSON.parse(merged.get(HOME)!.toString('utf8'))).toEqual(page('Mine', 'Theirs'));
  });

  it('says the same field changed on both sides with both values in words, on the page as the author knows it', () => {
    const { conflicts } = mergeFiles([HOME], sides(page('Old'), page('Mine'), page('Theirs')), {});
    expect(conflicts).toEqual([
      {
        id: `${HOME}#["sections",0,"heading"]`,
        file: HOME,
        fileName: 'Home page',
        field: 'sections 1 (video-hero).heading',
        mine: 'Mine',
        theirs: 'Theirs',
      },
    ]);
  });

  it("takes the teammate's value or the author's as the author chooses", () => {
    const id = `${HOME}#["sections",0,"heading"]`;
    for (const [choice, heading] of [
      ['theirs', 'Theirs'],
      ['mine', 'Mine'],
    ] as const) {
      const { merged, conflicts } = mergeFiles([HOME], sides(page('Old'), page('Mine'), page('Theirs')), {
        [id]: choice,
      });
      expect(conflicts).toEqual([]);
      expect(JSON.parse(merged.get(HOME)!.toString('utf8')).sections[0].heading).toBe(heading);
    }
  });

  it('says a picture both changed as a whole file, naming whose version, never its bytes', () => {
    const picture = (byte: number) => ({
      base: new Map([[POSTER, Buffer.from([0])]]),
      mine: new Map([[POSTER, Buffer.from([byte])]]),
      theirs: new Map([[POSTER, Buffer.from([2])]]),
    });
    const { conflicts } = mergeFiles([POSTER], picture(1), {});
    expect(conflicts).toEqual([
      {
        id: `${POSTER}#file`,
        file: POSTER,
        fileName: 'hero-poster.jpg',
        field: 'the whole file',
        mine: 'your version of the file',
        theirs: "your teammate's version of the file",
      },
    ]);
    expect(mergeFiles([POSTER], picture(2), {}).conflicts).toEqual([]);
  });

  it('says a file one side removed and the other changed, as removed', () => {
    const { conflicts } = mergeFiles([HOME], sides(page('Old'), undefined, page('Theirs')), {});
    expect(conflicts.map(({ field, mine, theirs }) => ({ field, mine, theirs }))).toEqual([
      { field: 'the whole file', mine: '(removed)', theirs: expect.stringContaining('Theirs') },
    ]);
  });
});

const sharedSite = sharedSitePerTest(SPEC_SITE_DIR);

describe("a copy moved to what a teammate published, the author's saved changes on top", () => {
  it('brings in the teammate’s change and keeps the author’s, in one file, and says what came in', async () => {
    const { author, teammate } = sharedSite();
    editJsonFile(teammate, HOME, (home) => (home.sections[0].text = 'By Kofi'));
    const published = commitAndPush(teammate, 'Kofi', 'Home page: text changed');
    editJsonFile(author, HOME, (home) => (home.sections[0].heading = 'By Ama'));
    const repo = await SiteRepository.open(author);
    git(author, 'fetch', '--quiet');
    expect(await integrate(repo, 'refs/remotes/origin/main', {})).toEqual({
      status: 'updated',
      brought: ['Home page: text changed'],
    });
    expect(git(author, 'rev-parse', 'HEAD')).toBe(published);
    const home = JSON.parse(readFileSync(join(author, HOME), 'utf8'));
    expect([home.sections[0].heading, home.sections[0].text]).toEqual(['By Ama', 'By Kofi']);
    // The author's change is still a saved change, not committed.
    expect(git(author, 'diff', '--name-only')).toBe(HOME);
  });

  it('changes nothing while the same field changed on both sides', async () => {
    const { author, teammate } = sharedSite();
    editJsonFile(teammate, HOME, (home) => (home.sections[0].heading = 'By Kofi'));
    commitAndPush(teammate, 'Kofi', 'Home heading');
    editJsonFile(author, HOME, (home) => (home.sections[0].heading = 'By Ama'));
    const saved = readFileSync(join(author, HOME));
    const head = git(author, 'rev-parse', 'HEAD');
    git(author, 'fetch', '--quiet');
    const result = await integrate(await SiteRepository.open(author), 'refs/remotes/origin/main', {});
    expect(result.status).toBe('conflicts');
    expect(git(author, 'rev-parse', 'HEAD')).toBe(head);
    expect(readFileSync(join(author, HOME)).equals(saved)).toBe(true);
  });

  it('says a teammate’s code change came in, for the editor to restart with it', async () => {
    const { author, teammate } = sharedSite();
    writeFileSync(join(teammate, 'README.md'), '# Newer\n');
    commitAndPush(teammate, 'Kofi', 'Readme');
    git(author, 'fetch', '--quiet');
    expect(await integrate(await SiteRepository.open(author), 'refs/remotes/origin/main', {})).toEqual({
      status: 'updated',
      brought: ['Readme'],
      codeChanged: ['README.md'],
    });
  });

  it('refuses a copy with commits the site does not have, and never mixes histories', async () => {
    const { author, teammate } = sharedSite();
    editJsonFile(author, ABOUT, (about) => (about.title = 'Local | {name}'));
    git(author, '-c', 'user.name=Dev', '-c', 'user.email=d@example.org', 'commit', '--quiet', '-am', 'Local only');
    editJsonFile(teammate, HOME, (home) => (home.sections[0].heading = 'By Kofi'));
    commitAndPush(teammate, 'Kofi', 'Home heading');
    git(author, 'fetch', '--quiet');
    await expect(integrate(await SiteRepository.open(author), 'refs/remotes/origin/main', {})).rejects.toThrow(
      /has commits that are not on the published branch/,
    );
  });

  it('is put back whole when it stopped before the move: the author’s files as saved, the code as it was', async () => {
    const { author, teammate } = sharedSite();
    writeFileSync(join(teammate, 'README.md'), '# Newer\n');
    editJsonFile(teammate, HOME, (home) => (home.sections[0].text = 'By Kofi'));
    const target = commitAndPush(teammate, 'Kofi', 'Text and readme');
    editJsonFile(author, HOME, (home) => (home.sections[0].heading = 'By Ama'));
    const saved = readFileSync(join(author, HOME));
    const repo = await SiteRepository.open(author);
    const head = await repo.commitOf('HEAD');
    const journals = await repo.journal();
    const journal = journals.begin((keep): LatestJournal => ({
      step: 'get-latest',
      head,
      target,
      incoming: [HOME, 'README.md'],
      files: [{ path: HOME, mine: keep(saved), result: keep(Buffer.from('{}')) }],
    })) as LatestJournal;
    // As a fast-forward that stopped halfway leaves them: some files of the teammate's written, others not.
    writeFileSync(join(author, 'README.md'), '# Newer\n');
    writeFileSync(join(author, HOME), '{"half": ');
    await rollBack(repo, journals, journal);
    expect(readFileSync(join(author, HOME)).equals(saved)).toBe(true);
    expect(readFileSync(join(author, 'README.md'), 'utf8')).toBe('# The site\n');
    expect(journals.read()).toBeUndefined();
    expect(await repo.commitOf('HEAD')).toBe(head);
  });
});
