/**
 * Publishing at npm run edit with real git (a bare repository on disk as the place the site is kept, the author's
 * copy the editor publishes from, and a teammate's clone that publishes too): what SitePublisher itself adds to the
 * core, which only a working copy on the disk has — its locks, the author's name for git, git's own refusals in words
 * (a remote that takes no branch of the author's, a remote out of reach), the disk's own states (a folder made a link
 * by hand in the copy, a link planted in .git, a name git prints on several lines), and the journal after a stop. What
 * publishing decides (the list, merges, clashes, a teammate's link or file in place of a site folder, review, History
 * and Undo, who removed a file, lost answers) is tried once on both editors by src/editor/publishing-contract.test.ts,
 * and putting a saved change back by src/editor/both-editors.test.ts.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { siteFolders } from '../../checker/project-folders.ts';
import { validateConfig } from '../../checker/validate-config.ts';
import {
  commitAndPush,
  editJsonFile as edit,
  git,
  sharedSitePerTest,
  type SharedSite,
} from '../../testing/git-sites.ts';
import { journaledPublish } from '../../testing/editor-journals.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { LockQueue } from './lock-queue.ts';
import { SitePublisher } from './publishing.ts';
import type { Journal } from './publish-journal.ts';
import { Refused } from '../protocol/refusals.ts';
import { SiteRepository } from './site-repository.ts';

const sharedSite = sharedSitePerTest(SPEC_SITE_DIR);
let site: SharedSite;
let publisher: SitePublisher;

/** The one validator, run here in the test's own thread (the editor runs it in its checking thread). */
const validateFolder = async (dir: string) => ({ problems: validateConfig(siteFolders(dir)).problems });

const HOME = 'config/pages/home.json';
const read = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, any>;
const remoteFile = (file: string, ref = 'main') => git(site.remote, 'show', `${ref}:${file}`);
const remoteLog = (ref = 'main') => git(site.remote, 'log', '--format=%an|%s', ref).split('\n');
const changedInRemoteCommit = (ref = 'main') =>
  git(site.remote, 'diff', '--name-only', `${ref}~1`, ref).split('\n').filter(Boolean).sort();

beforeEach(async () => {
  site = sharedSite();
  publisher = new SitePublisher(site.author, new LockQueue(), validateFolder);
  await publisher.setIdentity('Ama Mensah', 'ama@loommedia.example');
});

describe('publishing straight to the live site', () => {
  it("takes the editor session's lock on the site's files: while a save holds it, even the panel's status waits", async () => {
    const siteFiles = new LockQueue();
    const shared = new SitePublisher(site.author, siteFiles, validateFolder);
    let release!: () => void;
    const save = siteFiles.run(() => new Promise<void>((resolve) => (release = resolve)));
    let answered = false;
    const status = shared.status().then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    release();
    await save;
    await status;
    expect(answered).toBe(true);
  });

  it("asks for the author's name once when git has none, and signs with it", async () => {
    rmSync(join(site.author, '.git/site-editor/identity.gitconfig'));
    expect((await publisher.status()).identity).toBeNull();
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Signed'));
    const refusal = (await publisher.publish().catch((error: unknown) => error)) as Refused;
    expect(refusal.details.needsIdentity).toBe(true);
    await publisher.setIdentity('Kofi "KB" Boateng', 'kofi@loommedia.example');
    expect((await publisher.status()).identity).toEqual({ name: 'Kofi "KB" Boateng', email: 'kofi@loommedia.example' });
    await publisher.publish();
    expect(git(site.remote, 'log', '-1', '--format=%an <%ae>', 'main')).toBe(
      'Kofi "KB" Boateng <kofi@loommedia.example>',
    );
  });

  it('never writes its own files through a link planted in .git: it refuses, and writes nothing there', async () => {
    const elsewhere = join(site.author, '..', 'elsewhere');
    mkdirSync(elsewhere);
    rmSync(join(site.author, '.git/site-editor'), { recursive: true });
    symlinkSync(elsewhere, join(site.author, '.git/site-editor'));
    await expect(publisher.setIdentity('Mallory', 'mallory@example.org')).rejects.toThrow(/not a plain folder/);
    // With a name set by hand, publishing goes as far as its scratch files, and stops there.
    git(site.author, 'config', 'user.name', 'Ama Mensah');
    git(site.author, 'config', 'user.email', 'ama@loommedia.example');
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Through a link'));
    await expect(publisher.publish()).rejects.toThrow(/not a plain folder/);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(remoteLog()).toHaveLength(1);
  });

  it('explains a push the remote refuses, and keeps every saved change', async () => {
    writeFileSync(
      join(site.remote, 'hooks/pre-receive'),
      '#!/bin/sh\necho "GH006: Protected branch update failed for refs/heads/main." >&2\nexit 1\n',
      {
        mode: 0o755,
      },
    );
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Refused'));
    const refusal = (await publisher.publish().catch((error: unknown) => error)) as Refused;
    expect(refusal.message).toMatch(/may not publish to the branch "main".*saved changes are all still here/);
    expect(read(site.author, HOME).sections[0].heading).toBe('Refused');
    expect(git(site.author, 'rev-parse', 'HEAD')).toBe(git(site.remote, 'rev-parse', 'main'));
    expect((await publisher.status()).changes.map((change) => change.path)).toEqual([HOME]);

    // Where the site is kept cannot be reached.
    unlinkSync(join(site.remote, 'hooks/pre-receive'));
    git(site.author, 'remote', 'set-url', 'origin', join(site.author, '..', 'nowhere.git'));
    const offline = (await publisher.publish().catch((error: unknown) => error)) as Refused;
    expect(offline.message).toMatch(/could not be reached/);
    expect(read(site.author, HOME).sections[0].heading).toBe('Refused');
  });
});

describe('only plain content files come in, and every stop is put right', () => {
  it('brings no file into a folder that is a link in this copy, made by hand: it says which folder', async () => {
    const outside = join(site.author, '..', 'outside');
    mkdirSync(outside);
    rmSync(join(site.author, 'public/media'), { recursive: true });
    symlinkSync(outside, join(site.author, 'public/media'));
    git(site.teammate, 'pull', '--quiet', '--ff-only');
    writeFileSync(
      join(site.teammate, 'public/media/new.jpg'),
      readFileSync(join(SPEC_SITE_DIR, 'public/media/hero-poster.jpg')),
    );
    commitAndPush(site.teammate, 'Kofi Boateng', 'A new picture');
    const before = git(site.author, 'rev-parse', 'HEAD');
    await expect(publisher.getLatest()).rejects.toThrow(
      /^"public\/media\/new\.jpg" is inside public\/media\/, which is a link, not a folder, and came in a commit by Kofi Boateng\./,
    );
    expect(git(site.author, 'rev-parse', 'HEAD')).toBe(before);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('takes in a teammate’s folder put back in place of a link a copy took in by hand, and publishes again', async () => {
    const outside = join(site.author, '..', 'outside');
    mkdirSync(join(outside, 'media'), { recursive: true });
    writeFileSync(join(outside, 'media', 'secret.jpg'), 'not the site');
    git(site.teammate, 'pull', '--quiet', '--ff-only');
    rmSync(join(site.teammate, 'public'), { recursive: true });
    symlinkSync(outside, join(site.teammate, 'public'));
    commitAndPush(site.teammate, 'Kofi Boateng', 'public elsewhere');
    // Brought in by hand with git, which the editor would have refused.
    git(site.author, 'pull', '--quiet', '--ff-only');
    expect(lstatSync(join(site.author, 'public')).isSymbolicLink()).toBe(true);
    // Said in words while it stands: what it is, and what to do.
    expect((await publisher.status()).problem).toMatch(/^public\/ is a link, not a folder.*Get latest changes/);
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'While public is a link'));
    const refused = await publisher.publish();
    // Nothing is sent: the check, run on the site as it would be published, finds no plain public/ in it.
    expect(refused.status === 'invalid' && refused.problems.map((problem) => problem.file)).toContain('public/');
    expect(remoteLog()).toHaveLength(2);
    git(site.author, 'checkout', '--', HOME);
    // The teammate puts the folder back.
    git(site.teammate, 'revert', '--no-commit', 'HEAD');
    commitAndPush(site.teammate, 'Kofi Boateng', 'public back in place');
    expect(await publisher.getLatest()).toMatchObject({ status: 'updated' });
    expect(lstatSync(join(site.author, 'public')).isDirectory()).toBe(true);
    expect(existsSync(join(site.author, 'public/media/hero-poster.jpg'))).toBe(true);
    expect((await publisher.status()).problem).toBeUndefined();
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'After the folder came back'));
    expect((await publisher.publish()).status).toBe('published');
    expect(JSON.parse(remoteFile(HOME)).sections[0].heading).toBe('After the folder came back');
  });

  it('undoes nothing while a publish the editor stopped sending may still be on its way: the site is asked first', async () => {
    const repo = await SiteRepository.open(site.author);
    const journaled = async (heading: string) => (await journaledPublish(repo, heading)).commit;
    // The editor stopped once the push was under way, and the remote took it; nothing here knows yet.
    const sent = await journaled('Sent, maybe');
    git(site.author, 'push', '--quiet', 'origin', `${sent}:refs/heads/main`);
    git(site.author, 'update-ref', '-d', 'refs/remotes/origin/main');
    // The editor started again asks the site before the author's undo: the change is live, nothing is undone.
    const restarted = new SitePublisher(site.author, new LockQueue(), validateFolder);
    await expect(restarted.discard(HOME)).rejects.toThrow('has no saved change to undo');
    expect((await restarted.status()).notice).toMatch(/had reached the site/);
    expect(JSON.parse(remoteFile(HOME)).sections[0].heading).toBe('Sent, maybe');

    // With the site out of reach, it refuses in words rather than undo blind.
    await journaled('Second');
    git(site.author, 'remote', 'set-url', 'origin', join(site.author, '..', 'nowhere.git'));
    await expect(new SitePublisher(site.author, new LockQueue(), validateFolder).discard(HOME)).rejects.toThrow(
      /^Your last Publish may still be on its way to the site, and the editor could not find out/,
    );
    expect(read(site.author, HOME).sections[0].heading).toBe('Second');
  });

  it('puts a Get latest right at start even when this copy moved meanwhile: files back, nothing left open', async () => {
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Saved before the stop'));
    const saved = readFileSync(join(site.author, HOME));
    const repo = await SiteRepository.open(site.author);
    const head = await repo.commitOf('HEAD');
    const journals = await repo.journal();
    journals.begin((keep): Journal => ({
      step: 'get-latest',
      head,
      target: head,
      incoming: [HOME],
      files: [{ path: HOME, mine: keep(saved), result: keep(saved) }],
    }));
    // The stopped step had put the file back to the commit's, and someone committed by hand meanwhile.
    git(site.author, 'checkout', '--', HOME);
    git(site.author, 'commit', '--quiet', '--allow-empty', '-m', 'By hand');
    const notice = await new SitePublisher(site.author, new LockQueue(), validateFolder).recover();
    expect(notice).toMatch(/This copy of the site had moved since \(outside the editor\)/);
    expect(readFileSync(join(site.author, HOME))).toEqual(saved);
    expect(journals.read()).toBeUndefined();
  });
});

describe('file names git would print on several lines', () => {
  it('lists a new file whose name holds a line break, and publishes the rest, never refusing the whole panel', async () => {
    const odd = 'public/media/line\nbreak.jpg';
    writeFileSync(join(site.author, odd), readFileSync(join(site.author, 'public/media/hero-poster.jpg')));
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Around an odd name'));
    const status = await publisher.status();
    expect(status.problem).toBeUndefined();
    expect(status.changes.map((change) => [change.path, change.unused ?? false]).sort()).toEqual([
      [HOME, false],
      [odd, true],
    ]);
    expect((await publisher.publish()).status).toBe('published');
    expect(changedInRemoteCommit()).toEqual([HOME]);
    expect((await publisher.status()).changes.map((change) => change.path)).toEqual([odd]);
  });
});
