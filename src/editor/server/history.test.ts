/**
 * History and the commit that undoes a published change, on a real repository with a bare one as the remote and a
 * teammate publishing beside the author.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitAndPush, editJsonFile, git, sharedSitePerTest } from '../../testing/git-sites.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { assertCommitId, planUndo } from '../model/undo-files.ts';
import { historyOnDisk, readHistory } from './history.ts';
import { DEFAULT_SETTINGS } from './publish-settings.ts';
import { SiteRepository } from './site-repository.ts';

const sharedSite = sharedSitePerTest(SPEC_SITE_DIR);
const HOME = 'config/pages/home.json';
const ABOUT = 'config/pages/about.json';

/** The author's copy once it fetched what the teammate published, and where the site now stands. */
async function fetched(author: string): Promise<{ repo: SiteRepository; live: string }> {
  git(author, 'fetch', '--quiet');
  const repo = await SiteRepository.open(author);
  return { repo, live: await repo.commitOf('refs/remotes/origin/main') };
}

describe('the history of published changes', () => {
  it('says who changed what and when, newest first, with the code a change touched named apart', async () => {
    const { author, teammate } = sharedSite();
    editJsonFile(teammate, HOME, (home) => (home.sections[0].heading = 'By Kofi'));
    writeFileSync(join(teammate, 'README.md'), '# Newer\n');
    const change = commitAndPush(teammate, 'Kofi', 'Home heading, and the readme');
    const { repo } = await fetched(author);
    const [newest, first, ...rest] = await readHistory(repo, DEFAULT_SETTINGS, 30);
    expect(rest).toEqual([]);
    expect(newest).toEqual({
      commit: change,
      author: 'Kofi',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      message: 'Home heading, and the readme',
      changes: [{ path: HOME, words: expect.stringMatching(/^Home page: .*heading/i) }],
      undoable: true,
      otherFiles: ['README.md'],
    });
    // The site's first version has nothing before it to go back to.
    expect(first).toMatchObject({ author: 'Developer', undoable: false });
  });

  it('lists only changes to the content, and no more than asked', async () => {
    const { author, teammate } = sharedSite();
    writeFileSync(join(teammate, 'README.md'), '# Code only\n');
    commitAndPush(teammate, 'Kofi', 'Code only');
    for (const title of ['One', 'Two']) {
      editJsonFile(teammate, ABOUT, (about) => (about.title = `${title} | {name}`));
      commitAndPush(teammate, 'Kofi', title);
    }
    const { repo } = await fetched(author);
    expect((await readHistory(repo, DEFAULT_SETTINGS, 2)).map((entry) => entry.message)).toEqual(['Two', 'One']);
  });
});

describe('the commit that undoes a published change', () => {
  it('puts back what the change changed, keeping a later change to another field of the same file', async () => {
    const { author, teammate } = sharedSite();
    editJsonFile(teammate, HOME, (home) => (home.sections[0].heading = 'Undo me'));
    const change = commitAndPush(teammate, 'Kofi', 'Home page: heading changed');
    editJsonFile(teammate, HOME, (home) => (home.sections[0].text = 'Keep me'));
    commitAndPush(teammate, 'Esi', 'Home page: text changed');
    const { repo, live } = await fetched(author);
    const plan = await planUndo(historyOnDisk(repo), change, undefined, live);
    const home = JSON.parse(new TextDecoder().decode(plan.files.get(HOME)!));
    expect(home.sections[0].heading).toBe(JSON.parse(git(author, 'show', `${change}^:${HOME}`)).sections[0].heading);
    expect(home.sections[0].text).toBe('Keep me');
    expect(plan.subject).toBe('Undo: Home page: heading changed');
    expect(plan.message).toContain(`This undoes what ${change} changed in config/ and public/media/.`);
    expect(plan.kept).toBe('');
  });

  it('refuses, naming the field, the later change and its author, when a later change made the same field', async () => {
    const { author, teammate } = sharedSite();
    editJsonFile(teammate, HOME, (home) => (home.sections[0].heading = 'First'));
    const change = commitAndPush(teammate, 'Kofi', 'First heading');
    editJsonFile(teammate, HOME, (home) => (home.sections[0].heading = 'Second'));
    commitAndPush(teammate, 'Esi', 'Second heading');
    const { repo, live } = await fetched(author);
    await expect(planUndo(historyOnDisk(repo), change, undefined, live)).rejects.toThrow(
      'This change cannot be undone by itself: later changes were made to the same field (Home page: sections 1 (video-hero).heading, in “Second heading”, by Esi). Change it back in the editor instead.',
    );
  });

  it('undoes one file of a change alone, and refuses a file the change did not touch', async () => {
    const { author, teammate } = sharedSite();
    editJsonFile(teammate, HOME, (home) => (home.sections[0].heading = 'Home too'));
    editJsonFile(teammate, ABOUT, (about) => (about.title = 'About too | {name}'));
    writeFileSync(join(teammate, 'README.md'), '# Code too\n');
    const change = commitAndPush(teammate, 'Kofi', 'Two pages and the readme');
    const { repo, live } = await fetched(author);
    const part = await planUndo(historyOnDisk(repo), change, [ABOUT], live);
    expect([...part.files.keys()]).toEqual([ABOUT]);
    expect(part.message).toContain(`in ${ABOUT} (one part of “Two pages and the readme”)`);
    const whole = await planUndo(historyOnDisk(repo), change, undefined, live);
    expect([...whole.files.keys()].sort()).toEqual([ABOUT, HOME].sort());
    expect(whole.kept).toBe('Its changes to one other file (README.md) stay as they are.');
    await expect(planUndo(historyOnDisk(repo), change, ['config/site.json'], live)).rejects.toThrow(
      'That file was not part of this change.',
    );
    await expect(planUndo(historyOnDisk(repo), change, [], live)).rejects.toThrow(
      'That file was not part of this change.',
    );
  });

  it('refuses what is not a change of the published site, and the site’s first version', async () => {
    const { author } = sharedSite();
    const { repo, live } = await fetched(author);
    expect(() => assertCommitId('HEAD')).toThrow('That is not a change from the history.');
    expect(() => assertCommitId(['a'.repeat(40)])).toThrow('That is not a change from the history.');
    await expect(planUndo(historyOnDisk(repo), live, undefined, live)).rejects.toThrow(
      'The first version of the site cannot be undone.',
    );
    editJsonFile(author, HOME, (home) => (home.sections[0].heading = 'Never published'));
    git(author, '-c', 'user.name=Dev', '-c', 'user.email=d@example.org', 'commit', '--quiet', '-am', 'Local');
    await expect(planUndo(historyOnDisk(repo), await repo.commitOf('HEAD'), undefined, live)).rejects.toThrow(
      'That change is not part of the published site.',
    );
  });
});
