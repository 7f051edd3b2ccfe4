/**
 * The contract of the editor's store (model/site-store.ts) and of saving over it (model/save.ts), each behaviour stated
 * once and run against both stores: the author's working copy on the disk (npm run edit) and their drafts branch on
 * GitHub (the editor at /admin/, on the GitHub stand-in over a real bare repository). Each store meets the faults of
 * its own world: on the disk, another program writing the same file, and a link planted in the site; on GitHub,
 * another tab or device committing to the branch, a protected branch, and an answer lost on the way back. Where the
 * two differ, the test says so and why. Delete, a removed creator's record, and a save beside files the site cannot
 * have or an upload held under a name it cannot have are tried once, through the page, in both-editors.test.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkHere, DRAFTS, githubSitePerTest, savedToDrafts, siteRepository } from '../testing/editor-github-site.ts';
import { copyOfSpecSite } from '../testing/edited-site.ts';
import { SPEC_SITE_DIR } from '../testing/sites.ts';
import { git, setEnvironment } from '../testing/git-sites.ts';
import { BranchStore } from './model/branch-store.ts';
import { BranchSite } from './model/branch-site.ts';
import type { Attempt } from './protocol/attempt.ts';
import { newEntryOn } from './model/new-entries.ts';
import { saveChanges } from './model/save.ts';
import type { SiteState, SiteStore } from './model/site-store.ts';
import type { Change } from './protocol/files.ts';
import { DiskStore } from './git/disk-store.ts';
import { editorSchemas } from './server/editor-schemas.ts';
import { ensureHeldMediaFolder } from './git/held-media.ts';

const HOME = 'config/pages/home.json';
const FAQS = 'config/collections/faqs.json';
const INFLUENCERS = 'config/collections/influencers.json';

/** One store as the tests drive it, and how the world around it plays on it. */
interface StoreUnderTest {
  /** The store, as the editor makes it for one save: holding the uploads held so far. */
  readonly store: () => Promise<SiteStore>;
  /** A file's text as the store keeps it now (undefined when it has none): on the disk, or on the branch. */
  readonly stored: (path: string) => string | undefined;
  /** An upload the author made, held for the save that names it (public/media/…). */
  readonly hold: (path: string, bytes: Uint8Array) => void;
  /** Someone else (another program, another tab) saves a change to a file now. */
  readonly elsewhere: (path: string, change: (data: Record<string, any>) => void) => Promise<void>;
  /** A file is put at a path of public/ by someone else now. */
  readonly putElsewhere: (path: string, bytes: Uint8Array) => Promise<void>;
  /** The store refuses what is asked next, in words: a link planted in the site, or a branch a rule protects. */
  readonly refuses: () => Promise<void>;
  /** What changes whenever the store writes anything: the file's inode on the disk, the branch's head on GitHub. */
  readonly written: () => string;
  /** The next commit is made and its answer lost on the way back; only where an answer travels (GitHub). */
  readonly loseNextCommitAnswer?: () => void;
}

/** The working copy on the disk, with uploads held under a cache folder of the test's own. */
function onDisk(): () => StoreUnderTest {
  let site: { root: string; remove: () => void } | undefined;
  let restore: (() => void) | undefined;
  let cache = '';
  beforeEach(() => {
    site = copyOfSpecSite();
    cache = mkdtempSync(join(tmpdir(), 'held-uploads-'));
    restore = setEnvironment({ XDG_CACHE_HOME: cache });
  });
  afterEach(() => {
    restore?.();
    site?.remove();
    rmSync(cache, { recursive: true, force: true });
  });
  return () => {
    const root = site!.root;
    const edit = (path: string, change: (data: Record<string, any>) => void) => {
      const data = JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, any>;
      change(data);
      writeFileSync(join(root, path), `${JSON.stringify(data, null, 2)}\n`);
    };
    return {
      store: async () => new DiskStore(root),
      // A write goes to a new file renamed over the old one: a new inode.
      written: () => String(statSync(join(root, HOME)).ino),
      stored: (path) => {
        try {
          return readFileSync(join(root, path), 'utf8');
        } catch {
          return undefined;
        }
      },
      hold: (path, bytes) =>
        writeFileSync(join(ensureHeldMediaFolder(root), path.slice('public/media/'.length)), bytes),
      elsewhere: async (path, change) => edit(path, change),
      putElsewhere: async (path, bytes) => {
        mkdirSync(join(root, 'public/media'), { recursive: true });
        writeFileSync(join(root, path), bytes);
      },
      refuses: async () => {
        // A teammate's commit left the home page as a link to a file outside the site: never read or written through.
        const outside = mkdtempSync(join(tmpdir(), 'outside-'));
        writeFileSync(join(outside, 'home.json'), readFileSync(join(root, HOME)));
        rmSync(join(root, HOME));
        symlinkSync(join(outside, 'home.json'), join(root, HOME));
      },
    };
  };
}

/** The author's drafts branch on GitHub, through the stand-in, with uploads held by the page. */
function onGitHub(): () => StoreUnderTest {
  const github = githubSitePerTest();
  let uploads = new Map<string, Uint8Array>();
  beforeEach(() => {
    uploads = new Map();
  });
  return () => {
    const { api, github: standIn, site } = github();
    const stored = (path: string) => {
      try {
        return git(site.remote, 'show', `${DRAFTS}:${path}`);
      } catch {
        return undefined;
      }
    };
    return {
      store: async () => {
        const repository = siteRepository(api);
        return new BranchStore(repository, DRAFTS, await BranchSite.load(repository, DRAFTS), checkHere, uploads);
      },
      // git show ends a file's text without its last newline; the store's own read keeps it.
      stored: (path) => {
        const text = stored(path);
        return text === undefined ? undefined : `${text}\n`;
      },
      written: () => git(site.remote, 'rev-parse', DRAFTS),
      hold: (path, bytes) => void uploads.set(path, bytes),
      elsewhere: async (path, change) => {
        // Another tab of the author's, saving to the same drafts.
        expect((await savedToDrafts(api, path, change)).status).toBe('saved');
      },
      putElsewhere: async (path, bytes) => {
        const head = (await api.head(DRAFTS))!;
        await api.commit({ branch: DRAFTS, expectedHead: head, headline: `Add ${path}`, changes: [{ path, bytes }] });
      },
      refuses: async () => void standIn.protectedBranches.add(DRAFTS),
      loseNextCommitAnswer: () => standIn.faults.push({ kind: 'lose-answer', body: `"branchName":"${DRAFTS}"` }),
    };
  };
}

const headingOf = (text: string | undefined) =>
  (JSON.parse(text!) as { sections: { heading: string }[] }).sections[0]!.heading;

/** A change of the home page's first heading, made on the version `state` holds. */
function headingChange(state: SiteState, heading: string, data?: (home: any) => void): Change {
  const opened = state.read(HOME)!;
  const home = JSON.parse(opened.text) as any;
  home.sections[0].heading = heading;
  data?.(home);
  return { path: HOME, data: home, baseVersion: opened.version };
}

/** A real WebM video: the spec site's own. */
const VIDEO = new Uint8Array(readFileSync(join(SPEC_SITE_DIR, 'public/media/hero.webm')));

describe.each([
  ['the working copy on the disk (npm run edit)', onDisk()],
  ['the drafts branch on GitHub (the editor at /admin/)', onGitHub()],
])('%s', (_, under) => {
  describe('the store', () => {
    it('reads each config file with a version, and a write on the state read writes it, with a new version', async () => {
      const site = under();
      const store = await site.store();
      const state = await store.state();
      expect(state.configPaths()).toContain(HOME);
      const before = state.read(HOME)!;
      expect(before.text).toBe(site.stored(HOME));
      const text = before.text.replace(/"heading": "[^"]*"/, '"heading": "Committed"');
      const after = await store.write(state, { texts: new Map([[HOME, text]]), uploads: [], headline: 'Heading' });
      expect(after).not.toBe('moved');
      expect((after as SiteState).read(HOME)).toEqual({ text, version: expect.not.stringMatching(before.version) });
      expect(site.stored(HOME)).toBe(text);
    });

    it('refuses a write on a state the file moved on from, and writes nothing', async () => {
      const site = under();
      const store = await site.store();
      const state = await store.state();
      const text = state.read(HOME)!.text.replace(/"heading": "[^"]*"/, '"heading": "Mine"');
      await site.elsewhere(HOME, (home) => (home.sections[0].heading = 'Theirs'));
      expect(await store.write(state, { texts: new Map([[HOME, text]]), uploads: [], headline: 'Heading' })).toBe(
        'moved',
      );
      expect(headingOf(site.stored(HOME))).toBe('Theirs');
    });
  });

  describe('saving', () => {
    it('saves a change on the version opened, checked with the whole site, and answers each file with its new version', async () => {
      const site = under();
      const store = await site.store();
      const answer = await saveChanges(store, [headingChange(await store.state(), 'Stories That Move Accra')]);
      expect(answer).toMatchObject({ status: 'saved', removed: [], noLongerUsed: [] });
      const [saved] = (answer as unknown as { files: { path: string; text: string; version: string }[] }).files;
      expect(saved).toMatchObject({ path: HOME, text: site.stored(HOME) });
      expect((await (await site.store()).state()).read(HOME)!.version).toBe(saved!.version);
    });

    it('answers a conflict with both texts when the file changed since it was opened, and writes nothing', async () => {
      const site = under();
      const mine = headingChange(await (await site.store()).state(), 'Mine');
      await site.elsewhere(HOME, (home) => (home.sections[0].heading = 'Theirs'));
      const answer = await saveChanges(await site.store(), [mine]);
      expect(answer.status).toBe('conflict');
      const [conflict] = (answer as unknown as { files: { path: string; text: string; yours: string }[] }).files;
      expect([conflict!.path, headingOf(conflict!.text), headingOf(conflict!.yours)]).toEqual([HOME, 'Theirs', 'Mine']);
      expect(headingOf(site.stored(HOME))).toBe('Theirs');
    });

    it('answers what the checker finds, at its field, and writes nothing while the site would be invalid', async () => {
      const site = under();
      const store = await site.store();
      const before = site.stored(HOME);
      const answer = await saveChanges(store, [headingChange(await store.state(), '')]);
      expect(answer).toMatchObject({
        status: 'invalid',
        problems: [expect.objectContaining({ file: HOME, at: ['sections', 0, 'heading'], severity: 'error' })],
      });
      expect(site.stored(HOME)).toBe(before);
    });

    it('refuses a path that is no config file, and the removal of a file the site needs', async () => {
      const store = await under().store();
      await expect(saveChanges(store, [{ path: 'src/app.tsx', data: {}, baseVersion: null }])).rejects.toThrow(
        'src/app.tsx is not a config file the site reads.',
      );
      await expect(
        saveChanges(store, [{ path: 'config/site.json', data: null, baseVersion: null, removed: true }]),
      ).rejects.toThrow('config/site.json is a file the site needs; it cannot be removed.');
    });

    it('writes nothing when every file already reads as the save would leave it, and answers it saved', async () => {
      const site = under();
      const store = await site.store();
      const opened = (await store.state()).read(HOME)!;
      const before = site.written();
      const answer = await saveChanges(store, [
        { path: HOME, data: JSON.parse(opened.text) as unknown, baseVersion: opened.version },
      ]);
      expect(answer).toEqual({
        status: 'saved',
        files: [{ path: HOME, text: opened.text, version: opened.version }],
        removed: [],
        noLongerUsed: [],
      });
      expect(site.written()).toBe(before);
    });

    it('goes through when another file changed meanwhile, keeping both changes', async () => {
      const site = under();
      const mine = headingChange(await (await site.store()).state(), 'Mine');
      await site.elsewhere(FAQS, (faqs) => (faqs.faqs[0].question = 'How fast can you start?'));
      expect((await saveChanges(await site.store(), [mine])).status).toBe('saved');
      expect(headingOf(site.stored(HOME))).toBe('Mine');
      expect(JSON.parse(site.stored(FAQS)!).faqs[0].question).toBe('How fast can you start?');
    });

    it('puts the uploads the saved files name into the site with them, tells what no file names any more, and keeps the rest held', async () => {
      const site = under();
      const opened = await (await site.store()).state();
      const change = headingChange(opened, 'Launch', (home) => {
        home.sections[0].video.webm = '/media/launch.webm';
      });
      // Not uploaded yet: the saved file would name a file that is not there.
      expect(await saveChanges(await site.store(), [change])).toMatchObject({
        status: 'invalid',
        problems: [expect.objectContaining({ at: ['sections', 0, 'video', 'webm'] })],
      });
      site.hold('public/media/launch.webm', VIDEO);
      site.hold('public/media/unused.webm', VIDEO);
      const store = await site.store();
      const answer = await saveChanges(store, [change]);
      expect(answer).toMatchObject({ status: 'saved', noLongerUsed: ['/media/hero.webm'] });
      const state = await (await site.store()).state();
      expect([state.has('public/media/launch.webm'), state.has('public/media/unused.webm')]).toEqual([true, false]);
    });

    it('never saves an upload over a file put under its name meanwhile: refused in words, nothing written', async () => {
      const site = under();
      site.hold('public/media/launch.webm', VIDEO);
      const change = headingChange(await (await site.store()).state(), 'Launch', (home) => {
        home.sections[0].video.webm = '/media/launch.webm';
      });
      await site.putElsewhere('public/media/launch.webm', new Uint8Array([1, 2, 3]));
      const before = site.stored(HOME);
      await expect(saveChanges(await site.store(), [change])).rejects.toThrow(
        /^Another file named \/media\/launch\.webm was put in public\/media\/ after you uploaded yours/,
      );
      expect(site.stored(HOME)).toBe(before);
    });
  });

  describe('new entries', () => {
    it('makes a new influencer with the next free id, counting unsaved ones, and a page under a free name; nothing written', async () => {
      const site = under();
      const schemas = (await editorSchemas()) as Parameters<typeof newEntryOn>[3];
      const store = await site.store();
      const ids = (JSON.parse(site.stored(INFLUENCERS)!) as { influencers: { id: number }[] }).influencers.map(
        (influencer) => influencer.id,
      );
      const first = await newEntryOn(store, { what: 'influencer', name: 'Kojo Mensah-Ansah' }, [], schemas);
      const second = await newEntryOn(store, { what: 'influencer', name: 'Esi Ofori' }, [first], schemas);
      const idsIn = (entry: Change) => (entry.data as { influencers: { id: number }[] }).influencers.map((i) => i.id);
      expect(idsIn(second)).toEqual([...ids, Math.max(...ids) + 1, Math.max(...ids) + 2]);
      expect(second.baseVersion).toBe((await store.state()).read(INFLUENCERS)!.version);
      const page = await newEntryOn(
        store,
        { what: 'page', route: '/work', title: 'Work again', sectionType: 'page-hero' },
        [],
        schemas,
      );
      expect(page).toMatchObject({ path: 'config/pages/work-2.json', baseVersion: null });
      expect(site.stored('config/pages/work-2.json')).toBeUndefined();
      expect(JSON.parse(site.stored(INFLUENCERS)!).influencers).toHaveLength(ids.length);
    });
  });

  describe('faults', () => {
    it('a store that refuses gives its reason in words and writes nothing', async () => {
      const site = under();
      const change = headingChange(await (await site.store()).state(), 'Refused');
      await site.refuses();
      await expect(saveChanges(await site.store(), [change])).rejects.toThrow(/\w+ \w+/);
      expect(headingOf(site.stored(HOME))).not.toBe('Refused');
    });

    it('a save whose answer was lost, tried again with its id, is recognised as its own: no conflict', async (context) => {
      const site = under();
      // On the disk nothing travels between the store and the save: an answer is lost only between the editor's page
      // and its server, where the page recognises its own save (both-editors.test.ts).
      if (!site.loseNextCommitAnswer) return context.skip();
      const opened = await (await site.store()).state();
      const attempt: Attempt = { id: 'c0ffee00-0000-4000-8000-000000000001' };
      site.loseNextCommitAnswer();
      await expect(saveChanges(await site.store(), [headingChange(opened, 'Sent once')], attempt)).rejects.toThrow();
      expect(headingOf(site.stored(HOME))).toBe('Sent once');
      const again = await saveChanges(await site.store(), [headingChange(opened, 'Sent once')], {
        id: 'c0ffee00-0000-4000-8000-000000000002',
        earlier: [attempt.id],
      });
      expect(again.status).toBe('saved');
      expect(headingOf(site.stored(HOME))).toBe('Sent once');
      // What landed is not committed again: no second, empty commit.
      const landed = site.written();
      expect(
        (
          await saveChanges(await site.store(), [headingChange(opened, 'Sent once')], {
            id: 'c0ffee00-0000-4000-8000-000000000003',
            earlier: [attempt.id],
          })
        ).status,
      ).toBe('saved');
      expect(site.written()).toBe(landed);
      // The author typed on, then saved from a page loaded again, naming the earlier try: it goes on from it.
      const typedOn = headingChange(opened, 'Sent once, then more');
      expect(
        (
          await saveChanges(await site.store(), [typedOn], {
            id: 'c0ffee00-0000-4000-8000-000000000004',
            earlier: [attempt.id],
          })
        ).status,
      ).toBe('saved');
      expect(headingOf(site.stored(HOME))).toBe('Sent once, then more');
      // A save on that version that names no earlier try meets it as a conflict, as it would a teammate's.
      const after = site.written();
      expect(
        (
          await saveChanges(await site.store(), [headingChange(opened, 'Other')], {
            id: 'c0ffee00-0000-4000-8000-000000000005',
          })
        ).status,
      ).toBe('conflict');
      expect([site.written(), headingOf(site.stored(HOME))]).toEqual([after, 'Sent once, then more']);
    });
  });
});
