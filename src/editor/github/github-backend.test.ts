/**
 * What only the editor at /admin/ has, on GitHub: its account's token and GitHub's answers to it, uploads held in the
 * browser through a reload, the schemas built into the editor whatever a branch holds, files someone else pushed to the
 * author's drafts and taking them off, a drafts branch a rule protects, and the requests it makes of the stand-in.
 * Saving, Delete and uploads are tried on both editors by src/editor/site-stores.test.ts and both-editors.test.ts;
 * publishing, Get latest, History and Undo, with their faults, by src/editor/publishing-contract.test.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_SCHEMAS } from '../../checker/project-folders.ts';
import { readSchemas } from '../../checker/read-config-files.ts';
import { newOperationId } from '../model/operations.ts';
import { notPlainStray } from '../model/stray-files.ts';
import { DRAFTS_FOLDER } from '../model/drafts-branch.ts';
import { refusalWords } from '../protocol/refusals.ts';
import { editorSchemas } from '../server/editor-schemas.ts';
import { editJsonFile, git } from '../../testing/git-sites.ts';
import { checkHere, DRAFTS, githubSitePerTest, pushedToDrafts } from '../../testing/editor-github-site.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { notRefused } from '../../testing/editor-answers.ts';
import { GitHubApi } from './github-api.ts';
import { GitHubBackend } from './github-backend.ts';
import type { UploadShelf } from '../model/browser-uploads.ts';

// The editor's backend as it runs from the site's address, talking to the GitHub stand-in on a real bare repository.
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

describe('the editor from the browser, on GitHub', () => {
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
    // Another device, or the next session, opens the drafts as saved.
    expect(JSON.parse((await notRefused((await backend()).openFile(HOME))).text).sections[0].video.poster).toBe(
      upload.src,
    );
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

  it('takes files someone pushed to the drafts off them in one commit, a link among them, each as main has it; a try after a lost answer finds its own', async () => {
    const editor = await backend();
    await edit(editor, FAQS, (faqs) => (faqs.faqs[0].question = 'Mine, saved'));
    pushedToDrafts(shared(), 'Mallory', {
      '.github/workflows/steal.yml': 'on: push\n',
      'schemas/page.schema.json': '{ "type": "object" }\n',
      'public/media/badge.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n',
      // A picture the site can have is the author's to use or leave: not stray.
      'public/media/stray.png': readFileSync(join(SPEC_SITE_DIR, 'public/media/hero-poster.jpg')),
      // A link where the author's saves go, which nothing else would show.
      'public/media/poster.jpg': { link: '/etc/passwd' },
    });

    const reopened = await backend();
    const { files, listedAt } = await notRefused(reopened.strayFiles());
    expect(files.map((file) => [file.path, file.change, file.by?.name])).toEqual([
      ['.github/workflows/steal.yml', 'added', 'Mallory'],
      ['public/media/badge.svg', 'added', 'Mallory'],
      ['schemas/page.schema.json', 'changed', 'Mallory'],
      ['public/media/poster.jpg', 'added', 'Mallory'],
    ]);
    expect(files.find((file) => file.path === 'public/media/poster.jpg')?.why).toBe(notPlainStray('link'));
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

  it('says in words why nothing can be written to drafts a rule protects: a save, a change put back, strays taken off; nothing is written', async () => {
    const editor = await backend();
    await edit(editor, HOME, (home) => (home.sections[0].heading = 'Kept'));
    pushedToDrafts(shared(), 'Mallory', { '.github/workflows/steal.yml': 'on: push\n' });
    const reopened = await backend();
    const { files, listedAt } = await notRefused(reopened.strayFiles());
    const drafts = git(shared().remote, 'rev-parse', DRAFTS);
    expect(listedAt).toBe(drafts);
    current().github.protectedBranches.add(DRAFTS);
    // A refusal in words, the save's answer as on npm run edit; not a failure.
    expect(await edit(reopened, HOME, (home) => (home.sections[0].heading = 'Not saved'))).toEqual({
      error: expect.stringContaining(
        `GitHub does not let the editor save to your drafts (the branch ${DRAFTS}): a rule of the repository protects it.`,
      ),
    });
    const protectedWords = { error: refusalWords('draftsProtected', DRAFTS, DRAFTS_FOLDER) };
    expect(await reopened.discardChange(HOME)).toEqual(protectedWords);
    expect(await reopened.takeOffDrafts({ paths: files.map((file) => file.path), listedAt: listedAt! })).toEqual(
      protectedWords,
    );
    expect(git(shared().remote, 'rev-parse', DRAFTS)).toBe(drafts);
  });
});
