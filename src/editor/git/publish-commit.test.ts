/**
 * Committing and pushing, on a real repository with a bare one as the remote: a commit of exactly the files given,
 * the check of the site as that commit holds it, the push to the live branch or a review branch, and the end of a
 * publish that reached the site.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { siteFolders } from '../../checker/project-folders.ts';
import { validateConfig } from '../../checker/validate-config.ts';
import { editJsonFile, git, sharedSitePerTest } from '../../testing/git-sites.ts';
import { journaledPublish } from '../../testing/editor-journals.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { reviewBranchOf } from '../model/review-branch.ts';
import { newOperationId } from '../model/operations.ts';
import { commitFiles, problemsOfCommit, settlePublish } from './publish-commit.ts';
import { Git } from './git.ts';
import { SiteRepository } from './site-repository.ts';
import { setIdentity } from './git-identity.ts';

const sharedSite = sharedSitePerTest(SPEC_SITE_DIR);
const HOME = 'config/pages/home.json';
const ABOUT = 'config/pages/about.json';
/** The author's copy, with the name git signs their commits with. */
async function authorsRepository(dir: string): Promise<SiteRepository> {
  const repo = await SiteRepository.open(dir);
  await setIdentity(repo, 'Ama Mensah', 'ama@loommedia.example');
  return repo;
}
const validateFolder = async (dir: string) => ({ problems: validateConfig(siteFolders(dir)).problems });
const withHeading = (dir: string, heading: string) => {
  const home = JSON.parse(readFileSync(join(dir, HOME), 'utf8'));
  home.sections[0].heading = heading;
  return Buffer.from(`${JSON.stringify(home, null, 2)}\n`);
};

describe('a commit of exactly the files given', () => {
  it('holds those files on its parent, and leaves the author’s files and git’s index as they were', async () => {
    const { author } = sharedSite();
    editJsonFile(author, ABOUT, (about) => (about.title = 'Saved, not given | {name}'));
    const status = git(author, 'status', '--porcelain');
    const repo = await authorsRepository(author);
    const head = await repo.commitOf('HEAD');
    const files = new Map([
      [HOME, withHeading(author, 'Committed')],
      ['public/media/hero.webm', undefined],
    ]);
    const commit = await commitFiles(repo, head, files, 'Home page: heading changed\n');
    expect(git(author, 'rev-parse', `${commit}^`)).toBe(head);
    expect(git(author, 'diff', '--name-only', head, commit).split('\n').sort()).toEqual([
      HOME,
      'public/media/hero.webm',
    ]);
    expect(JSON.parse(git(author, 'show', `${commit}:${HOME}`)).sections[0].heading).toBe('Committed');
    expect(git(author, 'log', '-1', '--format=%s', commit)).toBe('Home page: heading changed');
    expect(git(author, 'status', '--porcelain')).toBe(status);
    expect(await repo.commitOf('HEAD')).toBe(head);
    // The scratch index is gone.
    expect(readdirSync(await repo.workFolder()).filter((name) => name.startsWith('index-'))).toEqual([]);
  });
  it('is made, in one operation, on the tree already made of the same files on the same commit', async () => {
    const { author } = sharedSite();
    const repo = await authorsRepository(author);
    const head = await repo.commitOf('HEAD');
    const run = vi.spyOn(Git.prototype, 'run');
    const treesWritten = () => run.mock.calls.filter(([args]) => args[0] === 'write-tree').length;
    const commitOf = (target: SiteRepository, heading: string, message: string) =>
      commitFiles(target, head, new Map([[HOME, withHeading(author, heading)]]), message);
    const checked = await commitOf(repo, 'Same', 'The site as it would be published\n');
    const published = await commitOf(repo, 'Same', 'Home page: heading changed\n');
    expect(treesWritten()).toBe(1);
    expect(published).not.toBe(checked);
    expect(git(author, 'rev-parse', `${published}^{tree}`)).toBe(git(author, 'rev-parse', `${checked}^{tree}`));
    expect(git(author, 'log', '-1', '--format=%s', published)).toBe('Home page: heading changed');
    // Other files, or another operation, make their own.
    const other = await commitOf(repo, 'Other', 'Other\n');
    expect(JSON.parse(git(author, 'show', `${other}:${HOME}`)).sections[0].heading).toBe('Other');
    await commitOf(await SiteRepository.open(author), 'Same', 'Again\n');
    expect(treesWritten()).toBe(3);
    run.mockRestore();
  });
});

describe('the check of a commit', () => {
  it('judges the site as the commit holds it, not as the working files are', async () => {
    const { author } = sharedSite();
    editJsonFile(author, ABOUT, (about) => (about.sections = 'broken on disk only'));
    const repo = await authorsRepository(author);
    const head = await repo.commitOf('HEAD');
    const good = await commitFiles(repo, head, new Map([[HOME, withHeading(author, 'Fine')]]), 'Good\n');
    const errorsOf = async (commit: string) =>
      (await problemsOfCommit(repo, commit, validateFolder)).filter((problem) => problem.severity === 'error');
    expect(await errorsOf(good)).toEqual([]);

    const home = JSON.parse(readFileSync(join(author, HOME), 'utf8'));
    home.sections[0].type = 'video-heroo';
    const bad = await commitFiles(repo, head, new Map([[HOME, Buffer.from(JSON.stringify(home))]]), 'Bad\n');
    const problems = await errorsOf(bad);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.file.endsWith(HOME))).toBe(true);
    expect(readdirSync(await repo.workFolder()).filter((name) => name.startsWith('check-'))).toEqual([]);
  });
});

describe('a review branch', () => {
  it('names a review branch by the time, the change and the publish, in letters git and every host accept', () => {
    const id = 'c0ffee00-0000-4000-8000-000000000001';
    expect(reviewBranchOf('Home page: heading changed “Stories”', new Date('2026-11-26T09:30:12Z'), id)).toBe(
      'site-editor/2026-11-26-09-30-home-page-heading-changed-stories-c0ffee00',
    );
    expect(reviewBranchOf('¡¿', new Date('2026-11-26T09:30:12Z'), id)).toBe(
      'site-editor/2026-11-26-09-30-changes-c0ffee00',
    );
    // Two publishes with the same words in the same minute never ask for the same branch.
    const minute = new Date('2026-11-26T09:30:12Z');
    expect(reviewBranchOf('Same words', minute, newOperationId())).not.toBe(
      reviewBranchOf('Same words', minute, newOperationId()),
    );
  });
});

describe('a live publish the editor stopped in the middle of', () => {
  /** A publish of a new heading, journaled as Publish journals it before it sends. */
  const journaledSent = async (author: string) => journaledPublish(await authorsRepository(author), 'Sent');

  it('is finished once the site shows it: this copy stands where the site does, nothing left "saved"', async () => {
    const { author } = sharedSite();
    const { repo, journals, commit } = await journaledSent(author);
    git(author, 'push', '--quiet', 'origin', `${commit}:refs/heads/main`);
    // As the push updated what this copy knows of the site.
    git(author, 'update-ref', 'refs/remotes/origin/main', commit);
    expect(await settlePublish(repo, journals, false)).toBe('arrived');
    expect(await repo.commitOf('HEAD')).toBe(commit);
    expect(git(author, 'status', '--porcelain')).toBe('');
    expect(journals.read()).toBeUndefined();
  });

  it('is forgotten once a fetch shows it did not arrive, every saved change kept', async () => {
    const { author } = sharedSite();
    const { repo, journals, head } = await journaledSent(author);
    expect(await settlePublish(repo, journals, false)).toBeUndefined();
    expect(journals.read()?.step).toBe('published');
    expect(await settlePublish(repo, journals, true)).toBe('not-arrived');
    expect(journals.read()).toBeUndefined();
    expect(await repo.commitOf('HEAD')).toBe(head);
    expect(JSON.parse(readFileSync(join(author, HOME), 'utf8')).sections[0].heading).toBe('Sent');
    expect(existsSync(join(author, HOME))).toBe(true);
  });
});
