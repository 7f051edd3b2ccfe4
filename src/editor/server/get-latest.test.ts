/**
 * Getting the latest: the move of a real repository to what a teammate published, with a bare one as the remote, the
 * author's files merged on top (model/file-merge.ts, tried in its own test).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitAndPush, editJsonFile, git, sharedSitePerTest } from '../../testing/git-sites.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { integrate, rollBack } from './get-latest.ts';
import type { LatestJournal } from './publish-journal.ts';
import { SiteRepository } from './site-repository.ts';

const HOME = 'config/pages/home.json';
const ABOUT = 'config/pages/about.json';
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
      brought: ['Home page: text of "Weaving Stories Into Impact" changed'],
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
    const original = JSON.parse(git(author, 'show', `HEAD:${HOME}`)).sections[0].heading;
    const result = await integrate(await SiteRepository.open(author), 'refs/remotes/origin/main', {});
    // Said as it happened: who changed it, from what, to what, and what the author wrote.
    expect(result).toMatchObject({
      status: 'conflicts',
      conflicts: [{ by: 'Kofi', before: original, mine: 'By Ama', theirs: 'By Kofi' }],
    });
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
      // Nothing of the site's content came in: only the code, said apart.
      brought: [],
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
