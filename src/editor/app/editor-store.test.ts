import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyOfSpecSite } from '../../testing/edited-site.ts';
import { editorSchemas } from '../server/editor-schemas.ts';
import { configFileEntry, GROUP_ORDER } from '../model/config-file-entries.ts';
import { DiskStore } from '../git/disk-store.ts';
import { newEntryOn } from '../model/new-entries.ts';
import { checkChanges, listConfigFiles, readConfigFile, saveConfigFiles } from '../server/workspace.ts';
import { EditorStore, type DraftPlace } from './editor-store.ts';
import { asideInWords } from '../model/drafts.ts';
import { MemoryShelf } from '../../testing/editor-memory-shelf.ts';
import { canStep, current } from './file-history.ts';
import type { CheckResult } from '../protocol/files.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';
import { refusalWords } from '../protocol/refusals.ts';

let schemas: Record<string, object>;
beforeAll(async () => {
  schemas = (await editorSchemas()) as Record<string, object>;
});

let site: ReturnType<typeof copyOfSpecSite> | undefined;
afterEach(() => site?.remove());

/**
 * The editor's backend as npm run edit answers it, run in this process on a copy of the fixture site: the same
 * workspace functions the server calls, without HTTP. `held` lets a test hold the answer to a check back.
 */
function siteBackend(root: string, held: { check?: Promise<void> } = {}, login = 'ama'): EditorBackend {
  const answers: Partial<EditorBackend> = {
    openSession: async () => undefined,
    account: async () => ({ login, name: login }),
    whoRemoved: async () => 'Kofi Boateng',
    listFiles: async () => ({ groups: [...GROUP_ORDER], files: listConfigFiles(root) }),
    openFile: async (path) => readConfigFile(root, path),
    loadSchemas: async () => schemas,
    checkChanges: async (changes): Promise<CheckResult> => {
      const answer = { problems: checkChanges(root, changes).problems };
      const wait = held.check;
      held.check = undefined;
      await wait;
      return answer;
    },
    saveChanges: async (changes) => saveConfigFiles(root, changes),
    savedWhere: 'on disk',
    createEntry: async (request, changes) => {
      const made = await newEntryOn(new DiskStore(root), request, changes, schemas as Parameters<typeof newEntryOn>[3]);
      return { ...made, file: configFileEntry(made.path, made.data)! };
    },
    noticeAtStart: async () => undefined,
    failureWords: (failure, doing) => `${doing}: ${failure.message}`,
  };
  // The rest (media, publishing, history, deleting) only the page's components ask: the store asking it fails its test.
  return new Proxy(answers, {
    get: (target, name: keyof EditorBackend) =>
      target[name] ??
      (() => {
        throw new Error(`The store asked its backend's ${name}, which only components ask.`);
      }),
  }) as EditorBackend;
}

/** A browser's drafts, in memory: `tab` names the tab the store runs in, which is open (live) until closed. */
function tabOf(shelf: MemoryShelf, tab: string): DraftPlace {
  shelf.open?.add(tab);
  return { shelf, tab: async () => tab };
}

const HOME = 'config/pages/home.json';
type Page = { sections: { heading: string }[] };

async function startedStore(shelf = new MemoryShelf(), held?: { check?: Promise<void> }) {
  site = copyOfSpecSite();
  const store = new EditorStore(siteBackend(site.root, held), tabOf(shelf, 'first'), { checkDelayMs: 0 });
  await store.start();
  await store.checked();
  return { store, root: site.root, shelf };
}

/** The drafts a shelf keeps for an account, by tab and path. */
const keptOn = async (shelf: MemoryShelf, account = 'ama') =>
  (await shelf.list(account)).map((kept) => [kept.tab, kept.path, kept.aside?.kind ?? 'open'] as const);

const headingOf = (data: unknown) => (data as Page).sections[0]!.heading;
const withHeading = (data: unknown, heading: string) => {
  const copy = structuredClone(data) as Page;
  copy.sections[0]!.heading = heading;
  return copy;
};
const shown = (store: EditorStore) => current(store.getState().open[store.getState().selected!]!);

describe("the editor page's store", () => {
  it('opens the site with its files and schemas, and a file with its data', async () => {
    const { store, root } = await startedStore();
    expect(store.getState().files.map((file) => file.path)).toEqual(listConfigFiles(root).map((file) => file.path));
    expect(store.getState().status).toBe('Choose a file to edit.');
    await store.select(HOME);
    expect(store.getState()).toMatchObject({ selected: HOME, view: 'edit' });
    expect(headingOf(shown(store))).toBe(headingOf(JSON.parse(readFileSync(join(root, HOME), 'utf8'))));
  });

  it('edits, keeps the draft in the tab, and undoes and redoes word by word', async () => {
    const { store, shelf } = await startedStore();
    await store.select(HOME);
    const before = shown(store);
    store.edit(HOME, withHeading(before, 'Stories'), 0);
    store.edit(HOME, withHeading(before, 'Stories That'), 100);
    store.edit(HOME, withHeading(before, 'Stories That Move'), 5000);
    expect(headingOf(shown(store))).toBe('Stories That Move');
    await store.draftsKept();
    expect((await shelf.list('ama')).map((kept) => kept.draft.data)).toEqual([shown(store)]);
    store.step(-1);
    expect(headingOf(shown(store))).toBe('Stories That');
    store.step(-1);
    expect(shown(store)).toEqual(before);
    // Back where it was saved: nothing is kept as a draft.
    await store.draftsKept();
    expect(await shelf.list('ama')).toEqual([]);
    store.step(1);
    expect(headingOf(shown(store))).toBe('Stories That');
  });

  it("shows the checker's problems, refuses to save them in words, and says when they are fixed", async () => {
    const { store, root } = await startedStore();
    await store.select(HOME);
    const before = shown(store);
    const onDisk = readFileSync(join(root, HOME), 'utf8');
    store.edit(HOME, withHeading(before, ''), 0);
    await store.checked();
    expect(
      store
        .getState()
        .problems.filter((problem) => problem.severity === 'error')
        .map((problem) => problem.at),
    ).toEqual([['sections', 0, 'heading']]);
    await store.save();
    expect(store.getState().status).toBe('Not saved: 1 problem needs fixing first. Your changes are kept.');
    expect(readFileSync(join(root, HOME), 'utf8')).toBe(onDisk);
    store.edit(HOME, withHeading(before, 'Stories That Move'), 5000);
    await store.checked();
    expect(store.getState().status).toBe('The problems are fixed: Save writes your changes.');
  });

  it("drops a check's answer that arrives after a newer one's", async () => {
    let release!: () => void;
    const held: { check?: Promise<void> } = {};
    const { store } = await startedStore(new MemoryShelf(), held);
    await store.select(HOME);
    await store.checked();
    const before = shown(store);
    // The first check (the emptied heading) answers only after the second (the heading written) has.
    held.check = new Promise<void>((resolve) => (release = resolve));
    store.edit(HOME, withHeading(before, ''), 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    store.edit(HOME, withHeading(before, 'Stories That Move'), 5000);
    release();
    await store.checked();
    expect(store.getState().problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  });

  it('saves, keeping undo across the save, and lists the file as saved', async () => {
    const { store, root } = await startedStore();
    await store.select(HOME);
    store.edit(HOME, withHeading(shown(store), 'Stories That Move'), 0);
    await store.save();
    expect(store.getState().status).toBe(`Saved ${HOME}.`);
    expect(headingOf(JSON.parse(readFileSync(join(root, HOME), 'utf8')))).toBe('Stories That Move');
    expect(canStep(store.getState().open[HOME], -1)).toBe(true);
  });

  it('never overwrites a file changed on disk: shows both, then takes the one on disk, or keeps mine', async () => {
    const { store, root } = await startedStore();
    await store.select(HOME);
    const before = shown(store);
    const theirs = readFileSync(join(root, HOME), 'utf8').replace(headingOf(before), 'Written Elsewhere');
    writeFileSync(join(root, HOME), theirs);
    store.edit(HOME, withHeading(before, 'Mine'), 0);
    await store.save();
    expect(store.getState().conflicts.map((conflict) => [conflict.path, conflict.text])).toEqual([[HOME, theirs]]);
    expect(readFileSync(join(root, HOME), 'utf8')).toBe(theirs);
    await store.keepMine(HOME);
    expect(headingOf(JSON.parse(readFileSync(join(root, HOME), 'utf8')))).toBe('Mine');
    expect(store.getState().conflicts).toEqual([]);

    writeFileSync(join(root, HOME), theirs);
    store.edit(HOME, withHeading(before, 'Mine again'), 5000);
    await store.save();
    store.takeTheirs(HOME);
    expect(headingOf(shown(store))).toBe('Written Elsewhere');
    expect(store.getState().conflicts).toEqual([]);
  });

  it('restores the drafts a tab kept, and makes a new page as an unsaved file that survives a reload', async () => {
    const { store, shelf } = await startedStore();
    await store.create({ what: 'page', route: '/team', title: 'Team', sectionType: 'page-hero' });
    const made = store.getState().selected!;
    expect(store.getState().files.some((file) => file.path === made)).toBe(true);
    await store.draftsKept();
    // The same tab loaded again opens the same unsaved page.
    const again = new EditorStore(siteBackend(site!.root), tabOf(shelf, 'first'), { checkDelayMs: 0 });
    await again.start();
    expect(again.getState().status).toBe(`Restored your unsaved changes to ${made}.`);
    expect(again.getState().files.some((file) => file.path === made)).toBe(true);
  });

  it('follows the disk: a file removed there closes unless it holds unsaved changes', async () => {
    const { store, root } = await startedStore();
    await store.select(HOME);
    rmSync(join(root, HOME));
    await store.followSaved();
    expect(store.getState()).toMatchObject({ selected: undefined, status: `${HOME} was removed outside the editor.` });
    expect(store.getState().files.some((file) => file.path === HOME)).toBe(false);
  });

  it('never calls a file it just saved removed because a list asked for before the save came back after it', async () => {
    site = copyOfSpecSite();
    const backend = siteBackend(site.root);
    // The disk as listed when asked, its answer held back until the test lets it go.
    let release = () => {};
    const listed = backend.listFiles;
    let holdNext = false;
    backend.listFiles = async () => {
      const answer = await listed();
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return answer;
    };
    const store = new EditorStore(backend, tabOf(new MemoryShelf(), 'first'), { checkDelayMs: 0 });
    await store.start();
    await store.create({ what: 'page', route: '/team', title: 'Team', sectionType: 'page-hero' });
    const made = store.getState().selected!;
    const page = structuredClone(current(store.getState().open[made]!)) as {
      description: string;
      sections: { heading: string; text: string }[];
    };
    page.description = 'The people behind our stories.';
    page.sections[0]!.heading = 'Meet the Team';
    page.sections[0]!.text = 'Producers, strategists and creators in Accra.';
    store.edit(made, page, 0);

    holdNext = true;
    const following = store.followSaved();
    await store.save();
    expect(store.getState().status).toBe(`Saved ${made}.`);
    release();
    await following;
    expect(store.getState()).toMatchObject({ selected: made, status: `Saved ${made}.` });
    expect(store.getState().files.some((file) => file.path === made)).toBe(true);
  });
});

/**
 * A backend whose answers can fail as a network does (refused, or done but with the answer lost on the way), or whose
 * save is refused in the catalogue's words, as an answer.
 */
function faulty(backend: EditorBackend) {
  const faults: { save?: 'refused' | 'answer-lost' | 'refusal'; open?: boolean; list?: boolean } = {};
  const wrapped: EditorBackend = Object.create(backend) as EditorBackend;
  Object.assign(wrapped, {
    saveChanges: async (...args: Parameters<EditorBackend['saveChanges']>) => {
      const fault = faults.save;
      if (fault === 'refused') throw new Error('GitHub could not be reached.');
      if (fault === 'refusal') return { error: refusalWords('keptChanging') };
      const answer = await backend.saveChanges(...args);
      if (fault === 'answer-lost') throw new Error('GitHub could not be reached.');
      return answer;
    },
    openFile: async (path: string) => {
      if (faults.open) throw new Error('GitHub could not be reached.');
      return backend.openFile(path);
    },
    listFiles: async () => {
      if (faults.list) throw new Error('GitHub could not be reached.');
      return backend.listFiles();
    },
  });
  return { backend: wrapped, faults };
}

/** A store on a copy of the spec site, behind a backend that fails as told, with HOME open. */
async function faultyStore() {
  site = copyOfSpecSite();
  const { backend, faults } = faulty(siteBackend(site.root));
  const shelf = new MemoryShelf();
  const store = new EditorStore(backend, tabOf(shelf, 'tab'), { checkDelayMs: 0 });
  await store.start();
  await store.select(HOME);
  return { store, faults, shelf, root: site.root };
}

describe('nothing the author types is lost', () => {
  it('a save that fails says so in words and keeps the text; the next save goes through', async () => {
    const { store, faults, shelf, root } = await faultyStore();
    store.edit(HOME, withHeading(shown(store), 'Stories That Move'), 0);
    faults.save = 'refused';
    await store.save();
    expect(store.getState().status).toMatch(/^Not saved: GitHub could not be reached\. .*kept/);
    expect(headingOf(shown(store))).toBe('Stories That Move');
    await store.draftsKept();
    expect(await keptOn(shelf)).toEqual([['tab', HOME, 'open']]);
    faults.save = undefined;
    await store.save();
    expect(store.getState().status).toBe(`Saved ${HOME}.`);
    expect(headingOf(JSON.parse(readFileSync(join(root, HOME), 'utf8')))).toBe('Stories That Move');
  });

  it('a save refused in words is answered so: its words after "Not saved", the text kept; the next save goes through', async () => {
    const { store, faults, shelf, root } = await faultyStore();
    store.edit(HOME, withHeading(shown(store), 'Stories That Move'), 0);
    faults.save = 'refusal';
    await store.save();
    expect(store.getState().status).toBe(`Not saved: ${refusalWords('keptChanging')} Save again to try once more.`);
    await store.draftsKept();
    expect(await keptOn(shelf)).toEqual([['tab', HOME, 'open']]);
    faults.save = undefined;
    await store.save();
    expect(store.getState().status).toBe(`Saved ${HOME}.`);
    expect(headingOf(JSON.parse(readFileSync(join(root, HOME), 'utf8')))).toBe('Stories That Move');
  });

  it('a save whose answer was lost is recognised when tried again, even after a reload: no conflict with oneself', async () => {
    const { store, faults, shelf, root } = await faultyStore();
    store.edit(HOME, withHeading(shown(store), 'Stories'), 0);
    faults.save = 'answer-lost';
    await store.save();
    expect(store.getState().status).toMatch(/^Not saved:/);
    // The save did land; the author saves again, here and after a reload, and meets no conflict with themselves.
    faults.save = undefined;
    store.edit(HOME, withHeading(shown(store), 'Stories That Move'), 5000);
    await store.draftsKept();
    const again = new EditorStore(siteBackend(root), tabOf(shelf, 'tab'), { checkDelayMs: 0 });
    await again.start();
    await again.select(HOME);
    expect(headingOf(shown(again))).toBe('Stories That Move');
    await again.save();
    expect(again.getState()).toMatchObject({ status: `Saved ${HOME}.`, conflicts: [] });
    expect(headingOf(JSON.parse(readFileSync(join(root, HOME), 'utf8')))).toBe('Stories That Move');
  });

  it('text typed while a save is on its way stays, unsaved, with its draft', async () => {
    site = copyOfSpecSite();
    const backend = siteBackend(site.root);
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    // The first save's answer waits until the test lets it come.
    const slow = Object.create(backend) as EditorBackend;
    slow.saveChanges = async (...args) => {
      await arrived;
      return backend.saveChanges(...args);
    };
    const shelf = new MemoryShelf();
    const store = new EditorStore(slow, tabOf(shelf, 'tab'), { checkDelayMs: 0 });
    await store.start();
    await store.select(HOME);
    const before = shown(store);
    store.edit(HOME, withHeading(before, 'Stories'), 0);
    const saving = store.save();
    await new Promise((resolve) => setTimeout(resolve, 10));
    store.edit(HOME, withHeading(before, 'Stories That Move'), 100);
    arrive();
    await saving;
    expect(store.getState().status).toBe(
      `Saved ${HOME}. What you typed in ${HOME} while it was saving is not saved yet.`,
    );
    expect(headingOf(shown(store))).toBe('Stories That Move');
    expect(headingOf(JSON.parse(readFileSync(join(site.root, HOME), 'utf8')))).toBe('Stories');
    await store.draftsKept();
    expect((await shelf.list('ama')).map((kept) => headingOf(kept.draft.data))).toEqual(['Stories That Move']);
    // Undo goes back to what was saved, and Save writes the rest.
    await store.save();
    expect(headingOf(JSON.parse(readFileSync(join(site.root, HOME), 'utf8')))).toBe('Stories That Move');
  });

  it('opening while the site cannot be read forgets no draft, and opens them once it can', async () => {
    const { store, shelf, root } = await startedStore();
    await store.select(HOME);
    store.edit(HOME, withHeading(shown(store), 'Stories That Move'), 0);
    await store.draftsKept();
    const { backend, faults } = faulty(siteBackend(root));
    faults.list = true;
    const reloaded = new EditorStore(backend, tabOf(shelf, 'first'), { checkDelayMs: 0 });
    await reloaded.start();
    expect(reloaded.getState()).toMatchObject({ openFailed: true });
    expect(reloaded.getState().status).toMatch(/^Could not open the site: GitHub could not be reached\. .*kept/);
    // A file that cannot be read leaves its draft as it is.
    faults.list = false;
    faults.open = true;
    await reloaded.start();
    expect(reloaded.getState().status).toMatch(`Could not open ${HOME} to show your unsaved changes`);
    expect(await keptOn(shelf)).toEqual([['first', HOME, 'open']]);
    faults.open = false;
    const again = new EditorStore(backend, tabOf(shelf, 'first'), { checkDelayMs: 0 });
    await again.start();
    expect(again.getState().status).toBe(`Restored your unsaved changes to ${HOME}.`);
  });

  it('keeps drafts per tab and per account: a closed tab’s text goes to the next tab, never to another person', async () => {
    const { store: first, shelf, root } = await startedStore();
    await first.select(HOME);
    first.edit(HOME, withHeading(shown(first), 'From the first tab'), 0);
    await first.draftsKept();
    // A second tab, open beside it, edits the same file: neither overwrites the other.
    const second = new EditorStore(siteBackend(root), tabOf(shelf, 'second'), { checkDelayMs: 0 });
    await second.start();
    expect(second.getState().status).toBe('Choose a file to edit.');
    await second.select(HOME);
    second.edit(HOME, withHeading(shown(second), 'From the second tab'), 0);
    await second.draftsKept();
    expect((await keptOn(shelf)).sort()).toEqual([
      ['first', HOME, 'open'],
      ['second', HOME, 'open'],
    ]);
    // Another person signed in on the same browser sees neither.
    const other = new EditorStore(siteBackend(root, {}, 'kofi'), tabOf(shelf, 'kofi-tab'), { checkDelayMs: 0 });
    await other.start();
    expect(other.getState()).toMatchObject({ status: 'Choose a file to edit.', aside: [] });
    // The first tab closes; the second loads again and finds its own text, with the first's set aside beside it.
    shelf.open!.delete('first');
    const reloaded = new EditorStore(siteBackend(root), tabOf(shelf, 'second'), { checkDelayMs: 0 });
    await reloaded.start();
    expect(headingOf(current(reloaded.getState().open[HOME]!))).toBe('From the second tab');
    const [aside] = reloaded.getState().aside;
    expect(aside).toMatchObject({ path: HOME, reason: { kind: 'other-tab' } });
    expect(headingOf(aside!.draft.data)).toBe('From the first tab');
    // Choosing the first tab's text sets this tab's aside in its turn: neither is lost.
    await reloaded.restoreAside(aside!.slot);
    expect(headingOf(current(reloaded.getState().open[HOME]!))).toBe('From the first tab');
    expect(reloaded.getState().aside.map((kept) => headingOf(kept.draft.data))).toEqual(['From the second tab']);
    await reloaded.draftsKept();
    expect((await keptOn(shelf)).sort()).toEqual([
      ['second', HOME, 'open'],
      ['second', HOME, 'other-tab'],
    ]);
  });

  it('a file removed meanwhile keeps its draft aside, in words, to restore as a new file', async () => {
    const { store, shelf, root } = await startedStore();
    const about = 'config/pages/about.json';
    await store.select(about);
    const data = structuredClone(shown(store)) as { title: string };
    data.title = 'About us, rewritten';
    store.edit(about, data, 0);
    await store.draftsKept();
    rmSync(join(root, about));
    const reloaded = new EditorStore(siteBackend(root), tabOf(shelf, 'first'), { checkDelayMs: 0 });
    await reloaded.start();
    const [aside] = reloaded.getState().aside;
    expect(aside).toMatchObject({ path: about, reason: { kind: 'removed', by: 'Kofi Boateng' } });
    expect(asideInWords(aside!, 'About')).toBe(
      'Your unsaved text for About: the file was removed by Kofi Boateng. Restore it as a new file, copy it, or discard it.',
    );
    expect(reloaded.getState().status).toBe('1 unsaved text waits for your choice, below.');
    await reloaded.restoreAside(aside!.slot);
    expect(reloaded.getState().open[about]!.base.version).toBeNull();
    await reloaded.save();
    expect(JSON.parse(readFileSync(join(root, about), 'utf8'))).toMatchObject({ title: 'About us, rewritten' });
    expect(await keptOn(shelf)).toEqual([]);
  });

  it('a browser that cannot keep a very large text says so, and the editor goes on with it on screen', async () => {
    const { store, shelf } = await startedStore();
    await store.select(HOME);
    const full = new Error('The quota has been exceeded.');
    full.name = 'QuotaExceededError';
    shelf.refuse = full;
    const large = withHeading(shown(store), 'x'.repeat(6_000_000));
    expect(() => store.edit(HOME, large, 0)).not.toThrow();
    await store.draftsKept();
    expect(store.getState().status).toBe(
      `This browser could not keep your unsaved changes to ${HOME} (its storage for this site is full). They are still here on screen: save them, or copy them before you close this tab.`,
    );
    expect(headingOf(shown(store))).toHaveLength(6_000_000);
  });
});
