/**
 * Publishing with real git: a bare repository on disk as the place the site is kept, the author's copy the editor
 * publishes from, and a teammate's clone that publishes too. Nothing of git is imitated.
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
const ABOUT = 'config/pages/about.json';
const read = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, any>;
const remoteFile = (file: string, ref = 'main') => git(site.remote, 'show', `${ref}:${file}`);
const remoteLog = (ref = 'main') => git(site.remote, 'log', '--format=%an|%s', ref).split('\n');
const changedInRemoteCommit = (ref = 'main') =>
  git(site.remote, 'diff', '--name-only', `${ref}~1`, ref).split('\n').filter(Boolean).sort();
const isSteady = (dir: string) =>
  ['MERGE_HEAD', 'rebase-merge', 'rebase-apply'].every((name) => !existsSync(join(dir, '.git', name)));

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

  it("commits exactly the saved changes, in words, under the author's name, and the remote then holds them", async () => {
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Stories That Move Accra'));
    writeFileSync(
      join(site.author, 'public/media/new-poster.jpg'),
      readFileSync(join(site.author, 'public/media/hero-poster.jpg')),
    );
    edit(site.author, HOME, (home) => (home.sections[0].video.poster = '/media/new-poster.jpg'));
    const status = await publisher.status();
    expect(status.problem).toBeUndefined();
    const heading = read(SPEC_SITE_DIR, HOME).sections[0].heading;
    expect(status.changes.map((change) => change.words).sort()).toEqual([
      `Home page: heading of "${heading}" changed, poster of "${heading}" changed`,
      'New picture: new-poster.jpg',
    ]);

    const published = await publisher.publish({ message: 'New headline and poster for the home page' });
    expect(published.status).toBe('published');
    expect(remoteLog()[0]).toBe('Ama Mensah|New headline and poster for the home page');
    expect(changedInRemoteCommit()).toEqual([HOME, 'public/media/new-poster.jpg']);
    expect(JSON.parse(remoteFile(HOME)).sections[0].heading).toBe('Stories That Move Accra');
    // This copy now stands where the site does, with nothing left to publish and nothing else touched.
    expect(git(site.author, 'status', '--porcelain')).toBe('');
    expect(git(site.author, 'rev-parse', 'HEAD')).toBe(git(site.remote, 'rev-parse', 'main'));
    expect((await publisher.status()).changes).toEqual([]);
  });

  it('leaves out what the author leaves out, and the check judges the config exactly as it would go live', async () => {
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Published heading'));
    edit(site.author, ABOUT, (about) => (about.title = 'Not yet | {name}'));
    await publisher.publish({ leaveOut: [ABOUT] });
    expect(changedInRemoteCommit()).toEqual([HOME]);
    expect(git(site.author, 'status', '--porcelain')).toBe(`M ${ABOUT}`);

    // A new picture used by the home page, but the picture left out: the published config would name a missing file.
    writeFileSync(
      join(site.author, 'public/media/team.jpg'),
      readFileSync(join(site.author, 'public/media/hero-poster.jpg')),
    );
    edit(site.author, HOME, (home) => (home.sections[0].video.poster = '/media/team.jpg'));
    const before = git(site.remote, 'rev-parse', 'main');
    const refused = await publisher.publish({ leaveOut: ['public/media/team.jpg', ABOUT] });
    expect(refused.status).toBe('invalid');
    expect(refused.status === 'invalid' && refused.problems.map((problem) => problem.message).join(' ')).toMatch(
      /team\.jpg/,
    );
    expect(git(site.remote, 'rev-parse', 'main')).toBe(before);
    expect(read(site.author, HOME).sections[0].video.poster).toBe('/media/team.jpg');
  });

  it('refuses an invalid config and publishes nothing, keeping every saved change', async () => {
    edit(site.author, HOME, (home) => (home.sections[0].type = 'video-heroo'));
    const before = git(site.remote, 'rev-parse', 'main');
    const result = await publisher.publish();
    expect(result.status).toBe('invalid');
    expect(result.status === 'invalid' && result.problems[0]!.file).toBe(HOME);
    expect(git(site.remote, 'rev-parse', 'main')).toBe(before);
    expect(read(site.author, HOME).sections[0].type).toBe('video-heroo');
  });

  it('refuses while files outside config/ and public/media/ are changed, naming them', async () => {
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Changed'));
    writeFileSync(join(site.author, 'README.md'), '# Changed by hand\n');
    writeFileSync(join(site.author, 'notes.txt'), 'a new file\n');
    const status = await publisher.status();
    expect(status.outside).toEqual(['README.md', 'notes.txt']);
    const refusal = await publisher.publish().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Refused);
    expect((refusal as Refused).details.outside).toEqual(['README.md', 'notes.txt']);
    expect(remoteLog()).toHaveLength(1);
    // Not the author's saved change, so not theirs to undo from the editor: said so, and the file stays.
    await expect(publisher.discard('README.md')).rejects.toThrow(
      /^README\.md is not a file the editor edits: it changes only files in config\/ and public\/media\/\./,
    );
    expect(readFileSync(join(site.author, 'README.md'), 'utf8')).toBe('# Changed by hand\n');
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

describe('publishing exactly what the author was shown', () => {
  it('refuses a list that moved since it was shown (a save in another tab), publishing nothing', async () => {
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Shown'));
    const shown = await publisher.status();
    const before = git(site.remote, 'rev-parse', 'main');
    // Another tab saves after the dialog opened.
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Saved after'));
    await expect(publisher.publish({ listId: shown.listId })).rejects.toMatchObject({
      message: expect.stringContaining('nothing was published'),
      details: { listMoved: true },
    });
    expect(git(site.remote, 'rev-parse', 'main')).toBe(before);
    const again = await publisher.status();
    expect(again.listId).not.toBe(shown.listId);
    expect((await publisher.publish({ listId: again.listId })).status).toBe('published');
    expect(JSON.parse(remoteFile(HOME)).sections[0].heading).toBe('Saved after');
  });

  it('a publish tried again after its answer was lost finds its own commit: answered as published, sent once', async () => {
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Sent once'));
    const attempt = { id: '6f1c1d1e-2f3a-4b5c-8d9e-0a1b2c3d4e5f' };
    const first = await publisher.publish({ attempt, message: 'Sent once' });
    expect(first.status).toBe('published');
    expect(git(site.remote, 'log', '-1', '--format=%B', 'main')).toContain(`Site-Editor-Operation: ${attempt.id}`);
    // The page never heard the answer, and asks again with the same id.
    const again = await publisher.publish({ attempt, message: 'Sent once' });
    expect(again).toMatchObject({ status: 'published', commit: first.status === 'published' ? first.commit : '' });
    expect(remoteLog().filter((line) => line.endsWith('|Sent once'))).toHaveLength(1);
    // History shows the author's message, not the id.
    expect((await publisher.history())[0]!.message).toBe('Sent once');
  });
});

describe('only plain content files come in, and every stop is put right', () => {
  it("refuses a teammate's link, before touching the working tree, naming the file and who committed it", async () => {
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Mine, saved'));
    git(site.teammate, 'pull', '--quiet', '--ff-only');
    rmSync(join(site.teammate, HOME));
    symlinkSync('/etc/passwd', join(site.teammate, HOME));
    commitAndPush(site.teammate, 'Kofi Boateng', 'A link where the home page was');
    const before = git(site.author, 'rev-parse', 'HEAD');
    await expect(publisher.getLatest()).rejects.toThrow(
      /^"config\/pages\/home\.json" is a link, not a file, and came in a commit by Kofi Boateng\. .*nothing was brought in and your saved changes are all still here/,
    );
    await expect(publisher.publish()).rejects.toThrow(/is a link, not a file, and came in a commit by Kofi Boateng/);
    expect(git(site.author, 'rev-parse', 'HEAD')).toBe(before);
    expect(read(site.author, HOME).sections[0].heading).toBe('Mine, saved');
    expect(existsSync(join(site.author, '.git/site-editor/journal'))).toBe(false);
    // The status and the undo of a saved change still answer, in words.
    expect((await publisher.status()).problem).toBeUndefined();
    await publisher.discard(HOME);
    expect(read(site.author, HOME).sections[0].heading).not.toBe('Mine, saved');
  });

  it.each([
    ['public', 'a link', 'is a link, not a folder'],
    ['config', 'a link', 'is a link, not a folder'],
    ['public/media', 'a link', 'is a link, not a folder'],
    ['public/media', 'a file', 'is a file where the site needs a folder'],
  ])(
    "refuses a teammate's %s replaced by %s, before anything is written, in the same words as any file",
    async (folder, what, problem) => {
      edit(site.author, HOME, (home) => (home.sections[0].heading = 'Mine, saved'));
      const outside = join(site.author, '..', 'outside');
      mkdirSync(join(outside, 'media'), { recursive: true });
      writeFileSync(join(outside, 'media', 'secret.jpg'), 'not the site');
      git(site.teammate, 'pull', '--quiet', '--ff-only');
      rmSync(join(site.teammate, folder), { recursive: true });
      if (what === 'a link') symlinkSync(outside, join(site.teammate, folder));
      else writeFileSync(join(site.teammate, folder), 'a file');
      commitAndPush(site.teammate, 'Kofi Boateng', `${folder} elsewhere`);
      const before = git(site.author, 'rev-parse', 'HEAD');
      const words = new RegExp(
        `^"${folder.replace('/', '\\/')}" ${problem}, and came in a commit by Kofi Boateng\\. .*nothing was brought in and your saved changes are all still here`,
      );
      await expect(publisher.getLatest()).rejects.toThrow(words);
      await expect(publisher.publish()).rejects.toThrow(words);
      expect(git(site.author, 'rev-parse', 'HEAD')).toBe(before);
      expect(lstatSync(join(site.author, folder)).isDirectory()).toBe(true);
      expect(read(site.author, HOME).sections[0].heading).toBe('Mine, saved');
    },
  );

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

  it('refuses a name some computers cannot hold, wherever it is', async () => {
    git(site.teammate, 'pull', '--quiet', '--ff-only');
    writeFileSync(join(site.teammate, 'public/media/poster\nnew.jpg'), 'x');
    commitAndPush(site.teammate, 'Kofi Boateng', 'An odd name');
    await expect(publisher.getLatest()).rejects.toThrow(
      /^"public\/media\/poster\\nnew\.jpg" has a line break, .*came in a commit by Kofi Boateng/,
    );
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

describe('publishing for review', () => {
  it('sends the changes to a branch of their own, leaves main as it is, and gives the review link', async () => {
    writeFileSync(
      join(site.author, 'config/publishing.json'),
      '{ "$schema": "../schemas/publishing.schema.json", "mode": "review", "branch": "main" }\n',
    );
    git(site.author, 'add', 'config/publishing.json');
    git(site.author, 'commit', '--quiet', '-m', 'Publish for review');
    git(site.author, 'push', '--quiet', 'origin', 'main');
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Please review'));
    const main = git(site.remote, 'rev-parse', 'main');
    const result = await publisher.publish();
    expect(result.status === 'invalid' ? result.problems : []).toEqual([]);
    expect(result.status).toBe('sent-for-review');
    if (result.status !== 'sent-for-review') return;
    expect(result.branch).toMatch(/^site-editor\/\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-home-page-heading-of-[a-z0-9-]+$/);
    expect(git(site.remote, 'rev-parse', 'main')).toBe(main);
    expect(JSON.parse(remoteFile(HOME, result.branch)).sections[0].heading).toBe('Please review');
    expect(changedInRemoteCommit(result.branch)).toEqual([HOME]);
    // A remote on disk has no review page.
    expect(result.link).toBeUndefined();
  });
});

describe('getting the latest', () => {
  it("brings in a teammate's change to another file and keeps the author's saved change on top", async () => {
    edit(site.teammate, ABOUT, (about) => (about.title = 'About the Team | {name}'));
    commitAndPush(site.teammate, 'Teammate', 'About page: title changed');
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Mine'));
    expect(await publisher.getLatest()).toEqual({ status: 'updated', brought: ['About the Team page: title changed'] });
    expect(read(site.author, ABOUT).title).toBe('About the Team | {name}');
    expect(read(site.author, HOME).sections[0].heading).toBe('Mine');
    expect(git(site.author, 'status', '--porcelain')).toBe(`M ${HOME}`);
    expect(isSteady(site.author)).toBe(true);
    expect(await publisher.getLatest()).toEqual({ status: 'up-to-date' });
  });

  it('merges field by field in the same file, and publishing gets the latest first', async () => {
    edit(site.teammate, HOME, (home) => (home.sections[0].text = "The teammate's text"));
    commitAndPush(site.teammate, 'Teammate', 'Home page: text changed');
    edit(site.author, HOME, (home) => (home.sections[0].heading = "The author's heading"));
    const result = await publisher.publish();
    expect(result.status).toBe('published');
    const live = JSON.parse(remoteFile(HOME)).sections[0];
    expect([live.heading, live.text]).toEqual(["The author's heading", "The teammate's text"]);
    expect(remoteLog().map((line) => line.split('|')[0])).toEqual(['Ama Mensah', 'Teammate', 'Developer']);
  });

  it("shows both values when a teammate changed the same field, changes nothing, and keeps the author's until they choose", async () => {
    edit(site.teammate, HOME, (home) => (home.sections[0].heading = "Teammate's heading"));
    commitAndPush(site.teammate, 'Teammate', 'Home page: heading changed');
    edit(site.author, HOME, (home) => (home.sections[0].heading = "Author's heading"));
    edit(site.author, ABOUT, (about) => (about.title = 'Kept | {name}'));
    const head = git(site.author, 'rev-parse', 'HEAD');

    const first = await publisher.getLatest();
    expect(first.status).toBe('conflicts');
    if (first.status !== 'conflicts') return;
    expect(first.conflicts).toEqual([
      {
        id: `${HOME}#["sections",0,"heading"]`,
        file: HOME,
        fileName: 'Home page',
        field: 'sections 1 (video-hero).heading',
        mine: "Author's heading",
        theirs: "Teammate's heading",
        before: JSON.parse(git(site.author, 'show', `${head}:${HOME}`)).sections[0].heading,
        by: 'Teammate',
      },
    ]);
    expect(git(site.author, 'rev-parse', 'HEAD')).toBe(head);
    expect(read(site.author, HOME).sections[0].heading).toBe("Author's heading");
    // Publishing stops at the same question, and publishes nothing.
    expect((await publisher.publish()).status).toBe('conflicts');
    expect(remoteLog()).toHaveLength(2);

    expect((await publisher.getLatest({ [first.conflicts[0]!.id]: 'theirs' })).status).toBe('updated');
    expect(read(site.author, HOME).sections[0].heading).toBe("Teammate's heading");
    expect(read(site.author, ABOUT).title).toBe('Kept | {name}');
    expect(git(site.author, 'status', '--porcelain')).toBe(`M ${ABOUT}`);
    expect(isSteady(site.author)).toBe(true);
  });

  it("keeps the author's value when they choose theirs, as a change still to publish", async () => {
    edit(site.teammate, HOME, (home) => (home.sections[0].heading = "Teammate's heading"));
    commitAndPush(site.teammate, 'Teammate', 'Home page: heading changed');
    edit(site.author, HOME, (home) => (home.sections[0].heading = "Author's heading"));
    const conflicts = await publisher.getLatest();
    const id = conflicts.status === 'conflicts' ? conflicts.conflicts[0]!.id : '';
    expect((await publisher.getLatest({ [id]: 'mine' })).status).toBe('updated');
    expect(read(site.author, HOME).sections[0].heading).toBe("Author's heading");
    expect((await publisher.status()).changes.map((change) => change.words)).toEqual([
      `Home page: heading of "Teammate's heading" changed`,
    ]);
    expect(git(site.author, 'rev-parse', 'HEAD')).toBe(git(site.remote, 'rev-parse', 'main'));
  });
});

describe('history and undo', () => {
  it('lists published content changes with who, when and what, and undoes one with a commit that passes the check', async () => {
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'A heading to undo'));
    await publisher.publish({ message: 'Try a new heading' });
    git(site.teammate, 'pull', '--quiet', '--ff-only');
    edit(site.teammate, ABOUT, (about) => (about.title = 'Later | {name}'));
    commitAndPush(site.teammate, 'Teammate', 'About page: title changed');
    await publisher.getLatest();

    const history = await publisher.history();
    expect(history.map((entry) => [entry.author, entry.message, entry.changes.map((change) => change.words)])).toEqual([
      ['Teammate', 'About page: title changed', ['Later page: title changed']],
      [
        'Ama Mensah',
        'Try a new heading',
        [`Home page: heading of "${read(SPEC_SITE_DIR, HOME).sections[0].heading}" changed`],
      ],
      ['Developer', 'The site as it went live', expect.arrayContaining(['New page: Home page'])],
    ]);
    expect(Date.parse(history[0]!.date)).toBeGreaterThan(Date.now() - 60_000);

    const undone = await publisher.undo(history[1]!.commit);
    expect(undone.status).toBe('published');
    expect(remoteLog()[0]).toBe('Ama Mensah|Undo: Try a new heading');
    expect(JSON.parse(remoteFile(HOME)).sections[0].heading).toBe(read(SPEC_SITE_DIR, HOME).sections[0].heading);
    expect(JSON.parse(remoteFile(ABOUT)).title).toBe('Later | {name}');
    expect(validateConfig(siteFolders(site.author)).problems.filter((problem) => problem.severity === 'error')).toEqual(
      [],
    );
    expect(read(site.author, HOME).sections[0].heading).toBe(read(SPEC_SITE_DIR, HOME).sections[0].heading);
    expect(git(site.author, 'status', '--porcelain')).toBe('');
  });

  it("says exactly what an undo undoes: a change that also touched the site's code has only its content put back", async () => {
    // A developer's commit that changes the code and the home page together.
    git(site.teammate, 'pull', '--quiet', '--ff-only');
    edit(site.teammate, HOME, (home) => (home.sections[0].heading = 'With the new code'));
    writeFileSync(join(site.teammate, 'README.md'), '# The site, with notes\n');
    const mixed = commitAndPush(site.teammate, 'Developer', 'New heading and notes');
    await publisher.getLatest();
    const entry = (await publisher.history()).find((candidate) => candidate.commit === mixed)!;
    expect([entry.changes.map((change) => change.words), entry.otherFiles]).toEqual([
      [`Home page: heading of "${read(SPEC_SITE_DIR, HOME).sections[0].heading}" changed`],
      ['README.md'],
    ]);

    const undone = await publisher.undo(mixed);
    expect(undone).toMatchObject({
      status: 'published',
      kept: 'Its changes to one other file (README.md) stay as they are.',
    });
    expect(git(site.remote, 'log', '-1', '--format=%B', 'main')).toBe(
      `Undo: New heading and notes\n\nThis undoes what ${mixed} changed in config/ and public/media/. Its changes to one other file (README.md) stay as they are.`,
    );
    expect(JSON.parse(remoteFile(HOME)).sections[0].heading).toBe(read(SPEC_SITE_DIR, HOME).sections[0].heading);
    expect(remoteFile('README.md')).toBe('# The site, with notes');
  });

  it('refuses, in words, to undo a change a later change builds on', async () => {
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'First'));
    await publisher.publish();
    const first = (await publisher.history())[0]!.commit;
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Second'));
    await publisher.publish();
    const refusal = (await publisher.undo(first).catch((error: unknown) => error)) as Refused;
    expect(refusal).toBeInstanceOf(Refused);
    expect(refusal.refusal).toBe('undoBlocked');
    expect(refusal.message).toMatch(
      /later changes were made to the same field \(Home page: sections 1 \(video-hero\)\.heading, in “.*”, by Ama Mensah\)/,
    );
    expect(remoteLog()).toHaveLength(3);
  });

  it('undoes one change of many published together, leaving the others, even one a later change touched elsewhere', async () => {
    const PRESS = 'config/pages/press.json';
    writeFileSync(
      join(site.author, PRESS),
      `${JSON.stringify({ ...read(site.author, ABOUT), route: '/press', title: 'Press | {name}' }, null, 2)}\n`,
    );
    expect((await publisher.publish({ message: 'A press page' })).status).toBe('published');
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'A new heading'));
    edit(site.author, ABOUT, (about) => (about.title = 'About the agency | {name}'));
    rmSync(join(site.author, PRESS));
    expect((await publisher.publish({ message: 'Spring clean' })).status).toBe('published');
    // A later change to another field of the same file.
    edit(site.author, ABOUT, (about) => (about.description = 'Who we are.'));
    expect((await publisher.publish({ message: 'About: description' })).status).toBe('published');
    const entry = (await publisher.history()).find((candidate) => candidate.message === 'Spring clean')!;
    expect(entry.changes.map((change) => change.path).sort()).toEqual([ABOUT, HOME, PRESS].sort());

    const about = entry.changes.find((change) => change.path === ABOUT)!;
    expect((await publisher.undo(entry.commit, [ABOUT])).status).toBe('published');
    expect(remoteLog()[0]).toBe(`Ama Mensah|Undo: ${about.words}`);
    expect(JSON.parse(remoteFile(ABOUT))).toMatchObject({
      title: read(SPEC_SITE_DIR, ABOUT).title,
      description: 'Who we are.',
    });
    expect(JSON.parse(remoteFile(HOME)).sections[0].heading).toBe('A new heading');

    // A file the change removed, and that is still gone, comes back.
    expect((await publisher.undo(entry.commit, [PRESS])).status).toBe('published');
    expect(existsSync(join(site.author, PRESS))).toBe(true);
    expect(JSON.parse(remoteFile(PRESS)).route).toBe('/press');
    await expect(publisher.undo(entry.commit, ['config/site.json'])).rejects.toThrow(
      'That file was not part of this change.',
    );
  });

  it('refuses an undo whose result fails the check: a later link points to the page it would remove', async () => {
    const team = read(site.author, ABOUT);
    writeFileSync(
      join(site.author, 'config/pages/team.json'),
      `${JSON.stringify({ ...team, route: '/team', title: 'Our Team | {name}' }, null, 2)}\n`,
    );
    expect((await publisher.publish({ message: 'A page for the team' })).status).toBe('published');
    const added = (await publisher.history())[0]!.commit;
    edit(site.author, 'config/site.json', (settings) => settings.footer.links.push({ label: 'Team', href: '/team' }));
    expect((await publisher.publish({ message: 'Link to the team' })).status).toBe('published');
    const result = await publisher.undo(added);
    expect(result.status).toBe('invalid');
    expect(
      result.status === 'invalid' && result.problems.map((problem) => `${problem.file} ${problem.message}`).join(' '),
    ).toMatch(/config\/site\.json .*\/team/);
    expect(remoteLog()[0]).toBe('Ama Mensah|Link to the team');
  });
});

describe('media and saved changes', () => {
  it('offers published media that nothing uses for removal, and does not publish new media nothing uses', async () => {
    // A picture that went live once and that nothing uses any more.
    writeFileSync(
      join(site.author, 'public/media/old-logo.png'),
      readFileSync(join(site.author, 'public/media/hero-poster.jpg')),
    );
    commitAndPush(site.author, 'Developer', 'An old logo');
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Tidy'));
    writeFileSync(
      join(site.author, 'public/media/spare.jpg'),
      readFileSync(join(site.author, 'public/media/hero-poster.jpg')),
    );
    const status = await publisher.status();
    expect(status.unusedMedia).toEqual(['public/media/old-logo.png']);
    expect(status.changes.find((change) => change.path === 'public/media/spare.jpg')).toMatchObject({
      unused: true,
      words: expect.stringMatching(/^New picture: spare\.jpg \(nothing uses it yet/),
    });
    await publisher.publish({ removeMedia: ['public/media/old-logo.png'] });
    expect(changedInRemoteCommit()).toEqual([HOME, 'public/media/old-logo.png']);
    expect(remoteLog()[0]).toMatch(/Removed picture: old-logo\.png/);
    expect(existsSync(join(site.author, 'public/media/old-logo.png'))).toBe(false);
    expect(existsSync(join(site.author, 'public/media/spare.jpg'))).toBe(true);
    expect(git(site.remote, 'ls-tree', '--name-only', 'main', 'public/media/')).not.toContain('spare.jpg');
  });

  it('undoes a saved change before it is published: a changed file gets its live version back, a new one goes', async () => {
    const live = readFileSync(join(site.author, HOME), 'utf8');
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Second thoughts'));
    writeFileSync(join(site.author, 'config/pages/new.json'), '{}\n');
    await publisher.discard(HOME);
    await publisher.discard('config/pages/new.json');
    expect(readFileSync(join(site.author, HOME), 'utf8')).toBe(live);
    expect(existsSync(join(site.author, 'config/pages/new.json'))).toBe(false);
    expect(git(site.author, 'status', '--porcelain')).toBe('');
    await expect(publisher.discard('README.md')).rejects.toThrow(/^README\.md is not a file the editor edits/);
  });
});
