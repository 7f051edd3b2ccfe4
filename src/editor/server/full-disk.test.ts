/**
 * A disk that refuses a write (full, a quota spent), met at the one call every byte the editor's server writes goes
 * through (git/safe-path.ts): each action says so in words with what was not done and what is kept, leaves none of its
 * temporary files behind, and goes on once there is space. The site is a real repository with a bare one as its
 * remote; only the failing write is made up.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteFolders } from '../../checker/project-folders.ts';
import { validateConfig } from '../../checker/validate-config.ts';
import { commitAndPush, editJsonFile, git, sharedSitePerTest, type SharedSite } from '../../testing/git-sites.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { refusalWords } from '../protocol/refusals.ts';
import { EDITOR_ROUTES, type EditorRouteName } from '../protocol/routes.ts';
import { unfinishedOf } from '../git/failure-words.ts';
import { LockQueue } from '../git/lock-queue.ts';
import { PreviewBuilder } from './preview.ts';
import { SitePublisher } from '../git/publishing.ts';
import { fileWrites } from '../git/safe-path.ts';
import { versionOf } from './workspace.ts';
import { answerForError, runJob, type WorkspaceJob } from './workspace-jobs.ts';

const ABOUT = 'config/pages/about.json';
const HOME = 'config/pages/home.json';
const sharedSite = sharedSitePerTest(SPEC_SITE_DIR);
let site: SharedSite;
let publisher: SitePublisher;

const validateFolder = async (dir: string) => ({ problems: validateConfig(siteFolders(dir)).problems });

/** Every write fails as on a full disk, until the test frees some space. */
function fillTheDisk(): void {
  vi.spyOn(fileWrites, 'writeSync').mockImplementation(() => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
    });
  });
}
const freeSomeSpace = () => vi.restoreAllMocks();

const run = (kind: WorkspaceJob['kind'], body: unknown) =>
  runJob({ kind, siteDir: site.author, body: JSON.stringify(body) }, new PreviewBuilder(), async () => ({}));

/** A save of the about page with its title changed, as the page sends it. */
function aboutSave(title: string) {
  const text = readFileSync(join(site.author, ABOUT), 'utf8');
  const data = { ...JSON.parse(text), title };
  return { changes: [{ path: ABOUT, data, baseVersion: versionOf(text) }] };
}

/** Files whose names mark them as the editor's own, half written, anywhere in the site's content. */
const temporaries = () =>
  ['config', 'public'].flatMap((folder) =>
    readdirSync(join(site.author, folder), { recursive: true, encoding: 'utf8' }).filter((path) =>
      /\.(saving|uploading)$/.test(path),
    ),
  );

beforeEach(async () => {
  site = sharedSite();
  publisher = new SitePublisher(site.author, new LockQueue(), validateFolder);
  await publisher.setIdentity('Ama Mensah', 'ama@loommedia.example');
});
afterEach(freeSomeSpace);

describe('a full disk', () => {
  it('refuses a save in words, leaves no temporary file, and the publish status counts nothing outside', async () => {
    const before = readFileSync(join(site.author, ABOUT));
    fillTheDisk();
    const answer = await run('save', aboutSave('About | {name}, full disk'));
    expect([answer.status, (answer.body as { error: string }).error]).toEqual([
      507,
      "Your computer's disk is full, so config/pages/about.json was not saved. Your changes are still in the editor: free some space, then save again.",
    ]);
    expect(readFileSync(join(site.author, ABOUT))).toEqual(before);
    expect(temporaries()).toEqual([]);
    freeSomeSpace();
    expect((await publisher.status()).outside).toEqual([]);
    expect((await run('save', aboutSave('About | {name}, saved'))).status).toBe(200);
    expect((await publisher.publish()).status).toBe('published');
  });

  it('stops a save of several files on the second one without changing any of them', async () => {
    const home = readFileSync(join(site.author, HOME), 'utf8');
    const about = readFileSync(join(site.author, ABOUT), 'utf8');
    const homeData = JSON.parse(home) as { sections: { heading: string }[] };
    homeData.sections[0]!.heading = 'Home, full disk';
    const save = {
      changes: [
        ...aboutSave('About | {name}, full disk').changes,
        { path: HOME, data: homeData, baseVersion: versionOf(home) },
      ],
    };
    // The first file's bytes fit; the disk is full by the second.
    const write = fileWrites.writeSync;
    let writes = 0;
    vi.spyOn(fileWrites, 'writeSync').mockImplementation((...args: Parameters<typeof write>) => {
      if (++writes > 1) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return write(...args);
    });
    expect((await run('save', save)).status).toBe(507);
    expect([readFileSync(join(site.author, HOME), 'utf8'), readFileSync(join(site.author, ABOUT), 'utf8')]).toEqual([
      home,
      about,
    ]);
    expect(temporaries()).toEqual([]);
  });

  it('says a disk that takes no writes at all (read-only) in words of its own', async () => {
    vi.spyOn(fileWrites, 'writeSync').mockImplementation(() => {
      throw Object.assign(new Error('EROFS: read-only file system, write'), { code: 'EROFS', syscall: 'write' });
    });
    const answer = await run('save', aboutSave('About | {name}, read-only'));
    expect([answer.status, (answer.body as { error: string }).error]).toEqual([
      409,
      expect.stringMatching(
        /^This computer does not let the editor write its files .*, so config\/pages\/about\.json was not saved\. Your changes are still in the editor: ask a developer/,
      ),
    ]);
    expect(temporaries()).toEqual([]);
  });

  it('never counts a temporary file a stopped save left as a change outside the editor’s folders', async () => {
    editJsonFile(site.author, HOME, (home) => (home.sections[0].heading = 'Saved'));
    writeFileSync(join(site.author, 'config/pages/.about.json.0123456789abcdef.saving'), '');
    writeFileSync(join(site.author, 'config/.site.json.fedcba9876543210.saving'), '{"half"');
    const status = await publisher.status();
    expect([status.outside, status.changes.map((change) => change.path)]).toEqual([[], [HOME]]);
    expect((await publisher.publish()).status).toBe('published');
  });

  it('refuses a Delete in words, and removes nothing', async () => {
    const plan = (await run('plan-removal', { changes: [], removal: { path: ABOUT } })).body as {
      version: string;
    };
    fillTheDisk();
    const answer = await run('remove', {
      changes: [],
      removal: { path: ABOUT, version: plan.version, places: { action: 'remove' } },
    });
    expect([answer.status, (answer.body as { error: string }).error]).toEqual([
      507,
      "Your computer's disk is full, so config/pages/about.json was not deleted. Your changes are still in the editor: free some space, then choose Delete again.",
    ]);
    expect(existsSync(join(site.author, ABOUT))).toBe(true);
    expect(git(site.author, 'status', '--porcelain')).toBe('');
  });

  it.each([
    ['latest', 'Get latest', () => publisher.getLatest()],
    ['publish', 'Publish', () => publisher.publish()],
  ] as const)('refuses %s in words, moves nothing, and leaves no journal', async (route, _, act) => {
    editJsonFile(site.author, HOME, (home) => (home.sections[0].heading = 'Mine, saved'));
    git(site.teammate, 'pull', '--quiet', '--ff-only');
    editJsonFile(site.teammate, HOME, (home) => (home.sections[0].text = 'By Kofi'));
    commitAndPush(site.teammate, 'Kofi', 'Home page: text');
    const head = git(site.author, 'rev-parse', 'HEAD');
    const remote = git(site.remote, 'rev-parse', 'main');
    fillTheDisk();
    const failure = await act().then(
      () => undefined,
      (error: unknown) => error,
    );
    const { status, body } = answerForError(failure, unfinishedOf(route));
    const unfinished = unfinishedOf(route);
    expect([status, (body as { error: string }).error]).toEqual([
      507,
      refusalWords('diskFull', unfinished.notDone, unfinished.kept, unfinished.again),
    ]);
    expect((body as { error: string }).error).toMatch(/^Your computer's disk is full, so .*saved changes are all/);
    expect([git(site.author, 'rev-parse', 'HEAD'), git(site.remote, 'rev-parse', 'main')]).toEqual([head, remote]);
    expect(JSON.parse(readFileSync(join(site.author, HOME), 'utf8')).sections[0].heading).toBe('Mine, saved');
    expect(readdirSync(join(site.author, '.git/site-editor')).filter((name) => name.startsWith('journal'))).toEqual([]);
    freeSomeSpace();
    expect(await publisher.getLatest()).toMatchObject({ status: 'updated' });
  });
});

describe('the words of a failure', () => {
  it('name what was not done for every route that may write, in words of its own', () => {
    const writing = (Object.keys(EDITOR_ROUTES) as EditorRouteName[]).filter((route) => EDITOR_ROUTES[route].writes);
    const generic = unfinishedOf('files');
    for (const route of writing) expect(unfinishedOf(route), route).not.toEqual(generic);
  });
});
