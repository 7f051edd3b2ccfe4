import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyOfSpecSite } from '../../testing/edited-site';
import { editorSchemas } from '../server/editor-schemas';
import { configFileEntry, GROUP_ORDER } from '../model/config-file-entries';
import { newEntry } from '../server/new-entries';
import { checkChanges, listConfigFiles, readConfigFile, saveConfigFiles } from '../server/workspace';
import type { CheckResult, PublishStatus } from './api';
import type { EditorBackend } from './backend';
import { EditorStore } from './editor-store';
import { canStep, current } from './file-history';

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
function siteBackend(root: string, held: { check?: Promise<void> } = {}): EditorBackend {
  const answers: Partial<EditorBackend> = {
    openSession: async () => undefined,
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
    createEntry: async (request, changes) => {
      const made = newEntry(root, request, changes, schemas as Parameters<typeof newEntry>[3]);
      return { ...made, file: configFileEntry(made.path, made.data)! };
    },
    publishStatus: async () => ({}) as PublishStatus,
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

/** A tab's storage, in memory. */
class TabStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear = () => this.#items.clear();
  getItem = (key: string) => this.#items.get(key) ?? null;
  key = (index: number) => [...this.#items.keys()][index] ?? null;
  removeItem = (key: string) => void this.#items.delete(key);
  setItem = (key: string, value: string) => void this.#items.set(key, value);
}

const HOME = 'config/pages/home.json';
type Page = { sections: { heading: string }[] };

async function startedStore(storage: Storage = new TabStorage(), held?: { check?: Promise<void> }) {
  site = copyOfSpecSite();
  const store = new EditorStore(siteBackend(site.root, held), storage, 0);
  await store.start();
  await store.checked();
  return { store, root: site.root, storage };
}

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
    const { store, storage } = await startedStore();
    await store.select(HOME);
    const before = shown(store);
    store.edit(HOME, withHeading(before, 'Stories'), 0);
    store.edit(HOME, withHeading(before, 'Stories That'), 100);
    store.edit(HOME, withHeading(before, 'Stories That Move'), 5000);
    expect(headingOf(shown(store))).toBe('Stories That Move');
    expect(JSON.parse(storage.getItem(`editor-draft:${HOME}`)!)).toMatchObject({ data: shown(store) });
    store.step(-1);
    expect(headingOf(shown(store))).toBe('Stories That');
    store.step(-1);
    expect(shown(store)).toEqual(before);
    // Back where it was saved: nothing is kept as a draft.
    expect(storage.getItem(`editor-draft:${HOME}`)).toBeNull();
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
    const { store } = await startedStore(new TabStorage(), held);
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
    const storage = new TabStorage();
    const { store } = await startedStore(storage);
    await store.create({ what: 'page', route: '/team', title: 'Team', sectionType: 'page-hero' });
    const made = store.getState().selected!;
    expect(store.getState().files.some((file) => file.path === made)).toBe(true);
    // A new tab with the same storage (a reload) opens the same unsaved page.
    const again = new EditorStore(siteBackend(site!.root), storage, 0);
    await again.start();
    expect(again.getState().status).toBe(`Restored your unsaved changes to ${made}.`);
    expect(again.getState().files.some((file) => file.path === made)).toBe(true);
  });

  it('opens the site when a draft the tab kept cannot be read, and restores the others', async () => {
    const storage = new TabStorage();
    const { store } = await startedStore(storage);
    await store.select(HOME);
    store.edit(HOME, withHeading(shown(store), 'Stories That Move'), 0);
    // Another program, or a half-written entry, left text that is not a draft.
    storage.setItem('editor-draft:config/pages/about.json', '{"data": ');
    const again = new EditorStore(siteBackend(site!.root), storage, 0);
    await again.start();
    expect(again.getState().status).toBe(`Restored your unsaved changes to ${HOME}.`);
    expect(headingOf(current(again.getState().open[HOME]!))).toBe('Stories That Move');
  });

  it('follows the disk: a file removed there closes unless it holds unsaved changes', async () => {
    const { store, root } = await startedStore();
    await store.select(HOME);
    rmSync(join(root, HOME));
    await store.followDisk();
    expect(store.getState()).toMatchObject({ selected: undefined, status: `${HOME} was removed outside the editor.` });
    expect(store.getState().files.some((file) => file.path === HOME)).toBe(false);
  });
});
