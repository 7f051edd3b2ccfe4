import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { siteFolders } from '../../checker/project-folders.ts';
import { validateConfig } from '../../checker/validate-config.ts';
import { applyEdits, copyOfSpecSite } from '../../testing/edited-site.ts';
import { editorSchemas } from '../server/editor-schemas.ts';
import { movedProfiles } from '../../influencers/moved-profiles.ts';
import { newEntryOn } from '../model/new-entries.ts';
import { planRemoval, removalChanges, removeAsPlanned } from '../model/removal.ts';
import { DiskState, DiskStore } from './disk-store.ts';
import { saveConfigFiles } from '../server/workspace.ts';

/** The site's files on the disk, read as Delete reads them. */
const filesOf = (root: string) => {
  const state = new DiskState(root);
  return (file: string) => state.read(file);
};

let schemas: Parameters<typeof newEntryOn>[3];
beforeAll(async () => {
  schemas = (await editorSchemas()) as typeof schemas;
});

let site: ReturnType<typeof copyOfSpecSite> | undefined;
afterEach(() => site?.remove());

/** The fixture site with its influencers one file each, and a page and the menu that link to the last influencer. */
function siteLinkingToLastInfluencer() {
  site = copyOfSpecSite();
  applyEdits(site.root, [{ asFolder: 'influencers' }]);
  const files = validateConfig(siteFolders(site.root)).config!.influencers;
  const last = files.at(-1)!;
  applyEdits(site.root, [
    {
      file: 'navigation.json',
      replace: [
        '{ "label": "About", "href": "/about" },',
        `{ "label": "About", "href": "/about" },\n    { "label": "Star", "href": "/influencers/${last.id}" },`,
      ],
    },
    {
      file: 'pages/about.json',
      replace: [
        '{ "type": "point-grid"',
        `{ "type": "text", "text": "Meet [our star](/influencers/${last.id}/) and [our team](/about)." },\n    { "type": "point-grid"`,
      ],
    },
  ]);
  const path = `config/collections/influencers/${String(files.length).padStart(2, '0')}-${last.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.json`;
  expect(existsSync(join(site.root, path))).toBe(true);
  return { root: site.root, path, influencer: last, count: files.length };
}

const errorsOf = (root: string) =>
  validateConfig(siteFolders(root)).problems.filter((problem) => problem.severity === 'error');
const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');

describe('deleting an influencer', () => {
  it('lists, before anything is removed, every place that points to their profile, by file and field', async () => {
    const { root, path, influencer } = siteLinkingToLastInfluencer();
    const plan = await planRemoval(new DiskStore(root), path);
    expect(plan).toMatchObject({
      path,
      name: influencer.name,
      address: `/influencers/${influencer.id}`,
      retiredId: influencer.id,
    });
    expect(plan.places.map((place) => [place.file, place.fileName])).toEqual([
      ['config/navigation.json', 'Navigation'],
      ['config/pages/about.json', 'About Us page'],
    ]);
    expect(existsSync(join(root, path))).toBe(true);
  });

  it("removes the file and the links to it, keeping a text link's words, and records the id as never to be given again", async () => {
    const { root, path, influencer, count } = siteLinkingToLastInfluencer();
    const plan = await planRemoval(new DiskStore(root), path);
    const result = await removeAsPlanned(new DiskStore(root), plan, { action: 'remove' });
    expect(result).toMatchObject({ status: 'saved', removed: [path] });
    expect(existsSync(join(root, path))).toBe(false);
    expect(read(root, 'config/navigation.json')).not.toContain('"Star"');
    expect(read(root, 'config/pages/about.json')).toContain('Meet our star and [our team](/about).');
    expect(JSON.parse(read(root, 'config/removed.json'))).toMatchObject({
      influencers: [{ id: influencer.id, name: influencer.name }],
    });
    expect(errorsOf(root)).toEqual([]);

    // The next new influencer gets a number no one has had, so the old address never shows them.
    const next = await newEntryOn(new DiskStore(root), { what: 'influencer', name: 'Nana Yeboah' }, [], schemas);
    expect((next.data as { id: number }).id).toBe(influencer.id + 1);
    expect(validateConfig(siteFolders(root)).config!.influencers).toHaveLength(count - 1);
  });

  it('points the links elsewhere when the author chooses a page for them', async () => {
    const { root, path } = siteLinkingToLastInfluencer();
    const plan = await planRemoval(new DiskStore(root), path);
    expect((await removeAsPlanned(new DiskStore(root), plan, { action: 'repoint', to: '/influencers' })).status).toBe(
      'saved',
    );
    expect(read(root, 'config/navigation.json')).toContain('{ "label": "Star", "href": "/influencers" }');
    expect(read(root, 'config/pages/about.json')).toContain('Meet [our star](/influencers) and');
    expect(errorsOf(root)).toEqual([]);
  });

  it('leads their old profile address to the page the author chose, which the build then writes there', async () => {
    const { root, path, influencer } = siteLinkingToLastInfluencer();
    const plan = await planRemoval(new DiskStore(root), path);
    expect((await removeAsPlanned(new DiskStore(root), plan, { action: 'remove' }, '/influencers')).status).toBe(
      'saved',
    );
    expect(JSON.parse(read(root, 'config/removed.json'))).toMatchObject({
      influencers: [{ id: influencer.id, name: influencer.name, showInstead: '/influencers' }],
    });
    const { problems, config } = validateConfig(siteFolders(root));
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(movedProfiles(config!)).toEqual([{ from: `/influencers/${influencer.id}`, to: '/influencers' }]);
    // Only an address of the site is taken.
    expect(() => removalChanges(filesOf(root), plan, { action: 'remove' }, 'https://elsewhere.example')).toThrow(
      /not an address of this site/,
    );
  });

  it('refuses a page to show instead that the site does not have, naming the field', async () => {
    const { root, path } = siteLinkingToLastInfluencer();
    const result = await removeAsPlanned(
      new DiskStore(root),
      await planRemoval(new DiskStore(root), path),
      { action: 'remove' },
      '/no-such-page',
    );
    expect(result).toMatchObject({
      status: 'invalid',
      problems: [expect.objectContaining({ file: 'config/removed.json', at: ['influencers', 0, 'showInstead'] })],
    });
    expect(existsSync(join(root, path))).toBe(true);
  });

  it('refuses an influencer given a removed id, and says which id is free', async () => {
    const { root, path, influencer } = siteLinkingToLastInfluencer();
    await removeAsPlanned(new DiskStore(root), await planRemoval(new DiskStore(root), path), { action: 'remove' });
    applyEdits(root, [
      {
        file: 'collections/influencers/99-again.json',
        write: read(root, 'config/collections/influencers/01-amara-okafor.json')
          .replace(/"id": \d+/, `"id": ${influencer.id}`)
          .replace(/"handle": "[^"]*"/, '"handle": "@again"'),
      },
    ]);
    expect(errorsOf(root).map((problem) => problem.message)).toEqual([
      `${influencer.id} was the id of ${influencer.name}, who was removed (config/removed.json): links to their old profile must never show someone else. Use ${influencer.id + 1}, which is free.`,
    ]);
  });
});

describe('deleting a page', () => {
  it('lists the menu link and the buttons that lead to it, and removes them with it', async () => {
    site = copyOfSpecSite();
    const plan = await planRemoval(new DiskStore(site.root), 'config/pages/about.json');
    expect(plan).toMatchObject({ name: 'About Us page', address: '/about' });
    expect(plan.retiredId).toBeUndefined();
    expect(plan.places.map((place) => place.fileName)).toContain('Navigation');
    expect((await removeAsPlanned(new DiskStore(site.root), plan, { action: 'remove' })).status).toBe('saved');
    expect(read(site.root, 'config/navigation.json')).not.toContain('/about');
    expect(errorsOf(site.root)).toEqual([]);
  });

  it('deletes a form with the blocks that show it, and the page keeps the rest', async () => {
    site = copyOfSpecSite();
    const plan = await planRemoval(new DiskStore(site.root), 'config/forms/creator-application.json');
    expect(plan.address).toBeUndefined();
    expect(plan.places.map((place) => [place.file, place.at])).toEqual([
      ['config/pages/apply.json', ['sections', 1, 'form']],
    ]);
    expect((await removeAsPlanned(new DiskStore(site.root), plan, { action: 'remove' })).status).toBe('saved');
    const apply = JSON.parse(read(site.root, 'config/pages/apply.json')) as { sections: { type: string }[] };
    expect(apply.sections.map((section) => section.type)).not.toContain('form');
    expect(apply.sections.length).toBeGreaterThan(0);
    expect(errorsOf(site.root)).toEqual([]);
  });

  it('never removes a file the site needs, nor the record of what was removed', async () => {
    site = copyOfSpecSite();
    await expect(planRemoval(new DiskStore(site!.root), 'config/site.json')).rejects.toThrow(
      /is a file the site needs/,
    );
    await expect(planRemoval(new DiskStore(site!.root), 'config/collections/services.json')).rejects.toThrow(
      /is a file the site needs/,
    );
    await expect(
      saveConfigFiles(site!.root, [{ path: 'config/navigation.json', data: null, baseVersion: null, removed: true }]),
    ).rejects.toThrow(/cannot be removed/);
  });
});
