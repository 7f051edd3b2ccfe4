/**
 * This copy taking in a published commit (get-latest.ts), on a real repository with a bare one as the remote: what
 * the journal puts back when the editor stopped before the move, and a copy another program changed meanwhile left
 * alone. What comes in and how it merges are the core's,
 * tried on both editors by src/editor/publishing-contract.test.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commitAndPush, editJsonFile, git, sharedSitePerTest } from '../../testing/git-sites.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { rollBack } from './get-latest.ts';
import { GitDrafts } from './git-drafts.ts';
import { LockQueue } from './lock-queue.ts';
import type { LatestJournal } from './publish-journal.ts';
import { SiteRepository } from './site-repository.ts';

const HOME = 'config/pages/home.json';
const ABOUT = 'config/pages/about.json';
const sharedSite = sharedSitePerTest(SPEC_SITE_DIR);

afterEach(() => vi.restoreAllMocks());

describe('a move to what a teammate published, stopped in the middle', () => {
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

describe('a move to what a teammate published, while another program changes the copy', () => {
  /**
   * The author's copy with a saved change to the about page and a teammate's commit fetched that changes the home page
   * and the README; `meanwhile` runs while the drafts read the author's saved files, before anything is written.
   */
  const takeInWhile = async (meanwhile: (author: string) => void) => {
    const { author, teammate } = sharedSite();
    editJsonFile(teammate, HOME, (home) => (home.sections[0].text = 'By Kofi'));
    writeFileSync(join(teammate, 'README.md'), '# Newer\n');
    const target = commitAndPush(teammate, 'Kofi', 'Text and readme');
    git(author, 'fetch', '--quiet');
    editJsonFile(author, ABOUT, (about) => (about.title = 'About Ama'));
    const repo = await SiteRepository.open(author);
    const drafts = new GitDrafts(repo, new LockQueue());
    const state = await drafts.state(target);
    const working = repo.working.bind(repo);
    vi.spyOn(repo, 'working').mockImplementationOnce((path) => {
      meanwhile(author);
      return working(path);
    });
    return { author, answer: await drafts.takeIn(state, target, new Map()) };
  };

  it('says it moved, and writes nothing, when a file the commit changes was saved meanwhile', async () => {
    let autosaved = '';
    const { author, answer } = await takeInWhile((author) => {
      editJsonFile(author, HOME, (home) => (home.sections[0].heading = 'Autosaved'));
      autosaved = readFileSync(join(author, HOME), 'utf8');
    });
    expect(answer).toBe('moved');
    expect(readFileSync(join(author, HOME), 'utf8')).toBe(autosaved);
  });

  it('says it moved, and puts back nothing, when the copy was committed to meanwhile', async () => {
    const { author, answer } = await takeInWhile((author) => {
      writeFileSync(join(author, 'README.md'), '# By Ama in a terminal\n');
      git(
        author,
        '-c',
        'user.name=Ama',
        '-c',
        'user.email=ama@example.org',
        'commit',
        '-qm',
        'Readme',
        '--',
        'README.md',
      );
    });
    expect(answer).toBe('moved');
    expect(readFileSync(join(author, 'README.md'), 'utf8')).toBe('# By Ama in a terminal\n');
    expect(git(author, 'status', '--porcelain', '--', 'README.md')).toBe('');
  });
});
