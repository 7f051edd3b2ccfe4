/** The repository's state as publishing reads it, on a real repository with a bare one as the remote. */
import {
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commitAndPush, editJsonFile, git, sharedSitePerTest } from '../../testing/git-sites.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { DEFAULT_SETTINGS } from './publish-settings.ts';
import { RefusedPath } from './safe-path.ts';
import { Git } from './git.ts';
import { SiteRepository } from './site-repository.ts';
import { GitRepository } from './git-repository.ts';
import { LockQueue } from './lock-queue.ts';
import { publishingOnDisk } from './publishing.ts';
import { publishedHead } from '../model/get-latest.ts';
import { Refused } from '../protocol/refusals.ts';
import { identityOf, setIdentity } from './git-identity.ts';

const sharedSite = sharedSitePerTest(SPEC_SITE_DIR);
const HOME = 'config/pages/home.json';

afterEach(() => vi.restoreAllMocks());

/** The git commands the store runs from here on, each as one line. */
const watchGit = () => {
  const run = vi.spyOn(Git.prototype, 'run');
  return () => run.mock.calls.map(([args]) => args.join(' '));
};

describe('files as a commit holds them', () => {
  it('reads each named file of a commit, and says which the commit does not have', async () => {
    const { author } = sharedSite();
    const before = readFileSync(join(author, HOME));
    editJsonFile(author, HOME, (home) => (home.sections[0].heading = 'Not committed'));
    const found = await (await SiteRepository.open(author)).blobsAt('HEAD', [HOME, 'config/pages/none.json']);
    expect(found.get(HOME)?.equals(before)).toBe(true);
    expect(found.has('config/pages/none.json')).toBe(true);
    expect(found.get('config/pages/none.json')).toBeUndefined();
  });

  it('lists the files a commit changed, and every file of a first commit', async () => {
    const { author, teammate } = sharedSite();
    const first = git(author, 'rev-parse', 'HEAD');
    editJsonFile(teammate, HOME, (home) => (home.sections[0].heading = 'By a teammate'));
    writeFileSync(join(teammate, 'README.md'), '# Changed\n');
    const second = commitAndPush(teammate, 'Kofi', 'Home heading');
    git(author, 'fetch', '--quiet');
    const repo = await SiteRepository.open(author);
    expect((await repo.filesIn(second, first)).sort()).toEqual([HOME, 'README.md'].sort());
    expect(await repo.filesIn(first)).toContain(HOME);
  });
});

describe('what ids decide', () => {
  it('is asked of git once while the editor runs, operation after operation, and anew in another copy', async () => {
    const { author, teammate } = sharedSite();
    const first = git(author, 'rev-parse', 'HEAD');
    editJsonFile(teammate, HOME, (home) => (home.sections[0].heading = 'By a teammate'));
    const second = commitAndPush(teammate, 'Kofi', 'Home heading');
    git(author, 'fetch', '--quiet');
    const asked = watchGit();
    const answers = async (site: string) => {
      const repo = await SiteRepository.open(site);
      return [
        (await repo.blobsAt(second, [HOME])).get(HOME)?.toString('utf8'),
        await repo.filesIn(second, first),
        await repo.isAncestor(first, second),
        await repo.isAncestor(second, first),
      ];
    };
    const once = await answers(author);
    expect(once).toEqual([readFileSync(join(teammate, HOME), 'utf8'), [HOME], true, false]);
    const byFirst = asked().length;
    expect(await answers(author)).toEqual(once);
    // The second operation asked only where the repository is.
    expect(asked().slice(byFirst)).toEqual(['rev-parse --show-toplevel --absolute-git-dir']);
    expect(await answers(teammate)).toEqual(once);
    const inTheOther = asked().slice(byFirst + 1, -1);
    expect(new Set(inTheOther.map((command) => command.split(' ')[0]))).toEqual(
      new Set(['rev-parse', 'ls-tree', 'cat-file', 'diff', 'merge-base']),
    );
  });

  it('is asked again where a commit was not there yet', async () => {
    const { author, teammate } = sharedSite();
    const first = git(author, 'rev-parse', 'HEAD');
    editJsonFile(teammate, HOME, (home) => (home.sections[0].heading = 'Not fetched yet'));
    const second = commitAndPush(teammate, 'Kofi', 'Home heading');
    const repo = await SiteRepository.open(author);
    expect([await repo.hasCommit(second), await repo.isAncestor(first, second)]).toEqual([false, false]);
    git(author, 'fetch', '--quiet');
    expect([await repo.hasCommit(second), await repo.isAncestor(first, second)]).toEqual([true, true]);
  });

  it('does not decide whether the copy has a commit: a folder cloned again at the same path may lack it', async () => {
    const { author, remote } = sharedSite();
    writeFileSync(join(author, 'README.md'), '# Not pushed\n');
    git(author, '-c', 'user.name=Ama', '-c', 'user.email=ama@example.org', 'commit', '-qam', 'Not pushed');
    const local = git(author, 'rev-parse', 'HEAD');
    expect(await (await SiteRepository.open(author)).hasCommit(local)).toBe(true);
    rmSync(author, { recursive: true });
    git(join(author, '..'), 'clone', '--quiet', remote, author);
    expect(await (await SiteRepository.open(author)).hasCommit(local)).toBe(false);
  });

  it('keeps no large file: a video is read again', async () => {
    const { author } = sharedSite();
    const video = 'public/media/large.mp4';
    writeFileSync(join(author, video), Buffer.alloc(2 * 1024 * 1024, 7));
    writeFileSync(join(author, 'public/media/small.txt'), 'small');
    git(author, 'add', '--', 'public/media');
    git(author, '-c', 'user.name=Ama', '-c', 'user.email=ama@loommedia.example', 'commit', '--quiet', '-m', 'Media');
    const head = git(author, 'rev-parse', 'HEAD');
    const asked = watchGit();
    for (let time = 0; time < 2; time++) {
      const read = await (await SiteRepository.open(author)).blobsAt(head, [video, 'public/media/small.txt']);
      expect(read.get(video)?.length).toBe(2 * 1024 * 1024);
      expect(read.get('public/media/small.txt')?.toString('utf8')).toBe('small');
    }
    const readObjects = asked().filter((command) => command.startsWith('cat-file --batch'));
    expect(readObjects).toHaveLength(2);
  });
});

describe('this copy as it stands', () => {
  it('is its commit and every changed, added or removed file, any name, from one git command', async () => {
    const { author } = sharedSite();
    editJsonFile(author, HOME, (home) => (home.sections[0].heading = 'Changed'));
    const staged = 'config/pages/about.json';
    editJsonFile(author, staged, (about) => (about.title = 'Staged | {name}'));
    git(author, 'add', staged);
    editJsonFile(author, staged, (about) => (about.title = 'Staged, then changed | {name}'));
    const removed = git(author, 'ls-files', 'public/media').split('\n')[0]!;
    rmSync(join(author, removed));
    const odd = ['config/pages/with space.json', 'config/pages/line\nbreak.json', 'notes/deep/new.md'];
    for (const path of odd) {
      mkdirSync(join(author, path, '..'), { recursive: true });
      writeFileSync(join(author, path), '{}');
    }
    // A save under way: never listed.
    writeFileSync(join(author, 'config/pages/.home.json.0123456789abcdef.saving'), '{');
    const asked = watchGit();
    const { head, changed } = await (await SiteRepository.open(author)).standing();
    expect(head).toBe(git(author, 'rev-parse', 'HEAD'));
    expect(changed.sort()).toEqual([HOME, staged, removed, ...odd].sort());
    expect(asked().filter((command) => !command.startsWith('rev-parse --show-toplevel'))).toHaveLength(1);
  });

  it('without a commit yet, is refused as git refuses it', async () => {
    const { author } = sharedSite();
    const empty = join(author, '..', 'empty');
    mkdirSync(empty);
    git(empty, 'init', '--quiet');
    const repo = await SiteRepository.open(empty);
    expect(await repo.changedPaths()).toEqual([]);
    await expect(repo.standing()).rejects.toThrow(/HEAD/);
  });
});

describe("the author's files", () => {
  it('are never read or written through a link, and what the link points at stays as it was', async () => {
    const { author } = sharedSite();
    const elsewhere = join(author, '..', 'elsewhere.json');
    writeFileSync(elsewhere, '{"kept": true}\n');
    symlinkSync(elsewhere, join(author, 'config/pages/linked.json'));
    const repo = await SiteRepository.open(author);
    expect(() => repo.working('config/pages/linked.json')).toThrow(RefusedPath);
    expect(() => repo.put('config/pages/linked.json', Buffer.from('{}'))).toThrow(RefusedPath);
    expect(readFileSync(elsewhere, 'utf8')).toBe('{"kept": true}\n');
  });

  it('are written only inside config/ and public/media/', async () => {
    const repo = await SiteRepository.open(sharedSite().author);
    expect(() => repo.put('README.md', Buffer.from('no'))).toThrow(RefusedPath);
    expect(() => repo.put('config/../package.json', Buffer.from('no'))).toThrow(RefusedPath);
  });

  it('leave git’s index as they were after unstage, their changes kept in the files', async () => {
    const { author } = sharedSite();
    editJsonFile(author, HOME, (home) => (home.sections[0].heading = 'Staged by hand'));
    git(author, 'add', HOME);
    await (await SiteRepository.open(author)).unstage([HOME]);
    expect(git(author, 'diff', '--cached', '--name-only')).toBe('');
    expect(git(author, 'diff', '--name-only')).toBe(HOME);
  });
});

describe('a copy publishing cannot use, refused in words', () => {
  it('on another branch than the site publishes from', async () => {
    const { author } = sharedSite();
    git(author, 'checkout', '--quiet', '-b', 'experiment');
    await expect((await SiteRepository.open(author)).assertSteady(DEFAULT_SETTINGS)).rejects.toThrow(
      'This copy of the site is on the branch "experiment", not "main", which the site is published from.',
    );
  });

  it('in the middle of a merge started outside the editor', async () => {
    const { author } = sharedSite();
    writeFileSync(join(author, '.git/MERGE_HEAD'), `${git(author, 'rev-parse', 'HEAD')}\n`);
    await expect((await SiteRepository.open(author)).assertSteady(DEFAULT_SETTINGS)).rejects.toThrow(
      /in the middle of a git merge or rebase/,
    );
  });

  it('a folder that is not a repository', async () => {
    const { author } = sharedSite();
    const plain = join(author, '..', 'plain');
    mkdirSync(plain);
    await expect(SiteRepository.open(plain)).rejects.toBeInstanceOf(Refused);
    expect(await SiteRepository.find(plain)).toBeUndefined();
  });

  it('a folder inside another repository, which is named', async () => {
    const { author } = sharedSite();
    const inner = join(author, 'config', 'inner');
    mkdirSync(inner);
    await expect(SiteRepository.open(inner)).rejects.toThrow(
      `The site's folder is inside another repository (${realpathSync(author)}), so the editor does not publish from it.`,
    );
  });

  it('a folder inside another repository whose folder’s name holds a line break, which is named whole', async () => {
    const { author } = sharedSite();
    const outer = join(author, '..', 'outer\nsite');
    mkdirSync(join(outer, 'site'), { recursive: true });
    git(outer, 'init', '--quiet');
    await expect(SiteRepository.open(join(outer, 'site'))).rejects.toThrow(
      `The site's folder is inside another repository (${realpathSync(outer)}), so the editor does not publish from it.`,
    );
  });

  it('asked again by each operation: a .git taken away, put back elsewhere or made anew is noticed', async () => {
    const { author } = sharedSite();
    const gitDir = (await SiteRepository.open(author)).git.gitDir;
    expect(gitDir).toBe(join(realpathSync(author), '.git'));
    const moved = join(author, '..', 'moved.git');
    renameSync(join(author, '.git'), moved);
    expect(await SiteRepository.find(author)).toBeUndefined();
    // The folder's git folder elsewhere, named by a .git file (as `git clone --separate-git-dir` leaves it).
    writeFileSync(join(author, '.git'), `gitdir: ${moved}\n`);
    expect((await SiteRepository.open(author)).git.gitDir).toBe(realpathSync(moved));
    rmSync(join(author, '.git'));
    git(author, 'init', '--quiet');
    expect((await SiteRepository.open(author)).git.gitDir).toBe(gitDir);
  });
});

describe('the published branch', () => {
  it('is fetched to where the site now stands', async () => {
    const { author, teammate } = sharedSite();
    editJsonFile(teammate, HOME, (home) => (home.sections[0].heading = 'Newer'));
    const newer = commitAndPush(teammate, 'Kofi', 'Newer heading');
    const repo = await SiteRepository.open(author);
    expect(await new GitRepository(repo, DEFAULT_SETTINGS).head('main')).toBe(newer);
    expect(await repo.fetchedCommit('main')).toBe(newer);
    // Fetching moves nothing of the author's.
    expect(await repo.commitOf('HEAD')).not.toBe(newer);
  });

  it('that does not exist is said in words', async () => {
    const repo = await SiteRepository.open(sharedSite().author);
    const place = publishingOnDisk(
      repo,
      { ...DEFAULT_SETTINGS, branch: 'gone' },
      { siteFiles: new LockQueue(), validateFolder: async () => ({ problems: [] }) },
    );
    await expect(publishedHead(place)).rejects.toThrow('The branch "gone" does not exist where the site is kept.');
  });
});

describe("the author's name for git", () => {
  it('is unknown until set, refused when it is not a name or an email, and kept in this repository only', async () => {
    const { author } = sharedSite();
    const repo = await SiteRepository.open(author);
    expect(await identityOf(repo)).toBeNull();
    await expect(setIdentity(repo, 'Ama\nMensah', 'ama@loommedia.example')).rejects.toThrow(
      'Write your name, as colleagues know you.',
    );
    await expect(setIdentity(repo, 'Ama Mensah', 'not an email')).rejects.toThrow(/^Write your email address/);
    await setIdentity(repo, 'Ama "AM" Mensah', 'ama@loommedia.example');
    expect(await identityOf(repo)).toEqual({ name: 'Ama "AM" Mensah', email: 'ama@loommedia.example' });
    expect(readFileSync(process.env.GIT_CONFIG_GLOBAL!, 'utf8')).not.toContain('Ama');
    expect(readFileSync(join(author, '.git/config'), 'utf8')).not.toContain('Ama');
  });
});

describe('what a stopped step left behind', () => {
  it('is cleared: scratch folders and half-written files, never a file of the author’s', async () => {
    const { author } = sharedSite();
    const repo = await SiteRepository.open(author);
    const scratch = join(await repo.workFolder(), 'check-0123456789ab');
    mkdirSync(scratch);
    const halfWritten = join(author, 'config/pages/.home.json.0123456789abcdef.saving');
    writeFileSync(halfWritten, '{');
    const hiddenOfTheAuthor = join(author, 'config/.notes');
    writeFileSync(hiddenOfTheAuthor, 'mine');
    await repo.clearLeftovers();
    expect(existsSync(scratch)).toBe(false);
    expect(existsSync(halfWritten)).toBe(false);
    expect(readFileSync(hiddenOfTheAuthor, 'utf8')).toBe('mine');
  });

  it('refuses to write its scratch files through a link planted in .git', async () => {
    const { author } = sharedSite();
    const outside = join(author, '..', 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(author, '.git/site-editor'));
    await expect((await SiteRepository.open(author)).workFolder()).rejects.toThrow(
      /is not a plain folder \(a link\?\)/,
    );
  });
});
