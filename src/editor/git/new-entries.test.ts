import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { siteFolders } from '../../checker/project-folders.ts';
import { validateConfig } from '../../checker/validate-config.ts';
import { applyEdits, copyOfSpecSite } from '../../testing/edited-site.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { editorSchemas } from '../server/editor-schemas.ts';
import { exampleOf, newEntryOn } from '../model/new-entries.ts';
import type { Change, NewEntryRequest } from '../protocol/files.ts';
import { DiskStore } from './disk-store.ts';

type Schemas = Parameters<typeof newEntryOn>[3];

/** A new entry of the site on the disk, as npm run edit's server makes it: the one rule over the disk store. */
const newEntry = (siteDir: string, request: NewEntryRequest, changes: readonly Change[], schemas: Schemas) =>
  newEntryOn(new DiskStore(siteDir), request, changes, schemas);
let schemas: Schemas;
beforeAll(async () => {
  schemas = (await editorSchemas()) as Schemas;
});

/** The errors the validator finds in the site with these unsaved changes. */
const errorsWith = (siteDir: string, changes: readonly Change[]) =>
  validateConfig(siteFolders(siteDir), {
    unsaved: new Map(
      changes.map((change) => [change.path.slice('config/'.length), `${JSON.stringify(change.data, null, 2)}\n`]),
    ),
  }).problems.filter((problem) => problem.severity === 'error');

/**
 * Every text a new entry leaves for its author, written as the schema's example: what an author who fills it in saves.
 */
function filledIn(blank: unknown, example: unknown): unknown {
  if (blank === '') return example;
  if (Array.isArray(blank))
    return blank.map((item, index) => filledIn(item, Array.isArray(example) ? example[index] : undefined));
  if (typeof blank === 'object' && blank !== null)
    return Object.fromEntries(
      Object.entries(blank).map(([key, value]) => [
        key,
        filledIn(value, (example as Record<string, unknown> | undefined)?.[key]),
      ]),
    );
  return blank;
}

/** The problems of a new entry are its empty texts, each reported as such, and nothing else. */
const onlyEmptyTexts = (problems: readonly { message: string }[]) =>
  problems.filter((problem) => !/^(is empty\.|"" )/.test(problem.message));

const kinds = () =>
  schemas['page.schema.json']!.properties!.sections!.items!.oneOf!.map((kind) => String(kind.properties!.type!.const));

describe('new entries from the schemas', () => {
  it('makes an example of every kind of block that its schema accepts', () => {
    // Each kind on a page of its own, after a page opening (a page needs its main heading).
    const opening = exampleOf(
      schemas['page.schema.json']!.properties!.sections!.items!.oneOf!.find(
        (kind) => kind.properties!.type!.const === 'page-hero',
      )!,
    );
    const changes = kinds().map((kind, index): Change => ({
      path: `config/pages/kind-${index}.json`,
      data: {
        $schema: '../../schemas/page.schema.json',
        route: `/kind-${index}`,
        title: kind,
        description: kind,
        sections: [opening, exampleOf(schemas['page.schema.json']!.properties!.sections!.items!.oneOf![index]!)],
      },
      baseVersion: null,
    }));
    // Rules about the page as a whole may object (a second main heading, a profile at an address without :id); a field
    // never does.
    const fieldProblems = errorsWith(SPEC_SITE_DIR, changes).filter(
      (problem) => problem.path.startsWith('sections 2') && !problem.path.endsWith('.type'),
    );
    expect(fieldProblems).toEqual([]);
  });

  it.each(['page-hero', 'video-hero'])(
    'makes a page with a %s block whose texts are left to write, and which the validator accepts once written',
    async (sectionType) => {
      const entry = await newEntry(
        SPEC_SITE_DIR,
        { what: 'page', route: '/team-news', title: 'Team news', sectionType },
        [],
        schemas,
      );
      expect(entry).toMatchObject({
        path: 'config/pages/team-news.json',
        baseVersion: null,
        data: {
          $schema: '../../schemas/page.schema.json',
          route: '/team-news',
          title: 'Team news',
          sections: [{ type: sectionType }],
        },
      });
      // No example is saved as content: each text to write is empty, and reported so.
      const problems = errorsWith(SPEC_SITE_DIR, [entry]);
      expect(problems.length).toBeGreaterThan(0);
      expect(onlyEmptyTexts(problems)).toEqual([]);
      const kind = schemas['page.schema.json']!.properties!.sections!.items!.oneOf!.find(
        (option) => option.properties!.type!.const === sectionType,
      )!;
      const written = {
        ...entry,
        data: filledIn(entry.data, {
          ...(exampleOf(schemas['page.schema.json']!) as object),
          sections: [exampleOf(kind)],
        }),
      };
      expect(errorsWith(SPEC_SITE_DIR, [written])).toEqual([]);
    },
  );

  it('never names a new page after a file that exists or is unsaved', async () => {
    const request: NewEntryRequest = { what: 'page', route: '/work', title: 'Work again', sectionType: 'page-hero' };
    const first = await newEntry(SPEC_SITE_DIR, request, [], schemas);
    expect(first.path).toBe('config/pages/work-2.json');
    expect((await newEntry(SPEC_SITE_DIR, request, [first], schemas)).path).toBe('config/pages/work-3.json');
  });

  it('refuses a kind of block that does not exist', async () => {
    await expect(
      newEntry(SPEC_SITE_DIR, { what: 'page', route: '/x', title: 'X', sectionType: 'carousel' }, [], schemas),
    ).rejects.toThrow('"carousel" is not a kind of block');
  });

  describe.each([
    ['one file holding the list', undefined],
    ['a folder with one file per entry', ['influencers', 'projects'] as const],
  ])('when the collections are %s', (_layout, asFolder) => {
    let site: { root: string; remove: () => void };
    afterEach(() => site?.remove());
    const copy = () => {
      site = copyOfSpecSite();
      applyEdits(site.root, asFolder ? asFolder.map((name) => ({ asFolder: name })) : []);
      return site;
    };

    it('adds an influencer with the next free id, counting unsaved ones, that the validator accepts', async () => {
      const root = copy().root;
      const first = await newEntry(root, { what: 'influencer', name: 'Kojo Mensah-Ansah' }, [], schemas);
      const second = await newEntry(root, { what: 'influencer', name: 'Esi Ofori' }, [first], schemas);
      const idOf = (entry: Change) => {
        const data = entry.data as { id?: number; influencers?: { id: number }[] };
        return data.id ?? data.influencers!.at(-1)!.id;
      };
      const before = validateConfig(siteFolders(root)).config!.influencers;
      expect(idOf(first)).toBe(Math.max(...before.map((influencer) => influencer.id)) + 1);
      expect(idOf(second)).toBe(idOf(first) + 1);
      const example = exampleOf(schemas['collections/influencer.schema.json']!);
      const write = (entry: Change): Change => ({
        ...entry,
        data: asFolder
          ? filledIn(entry.data, example)
          : {
              ...(entry.data as object),
              influencers: (entry.data as { influencers: unknown[] }).influencers.map((influencer) =>
                filledIn(influencer, example),
              ),
            },
      });
      const blanks = asFolder ? [first, second] : [second];
      expect(onlyEmptyTexts(errorsWith(root, blanks))).toEqual([]);
      const changes = blanks.map(write);
      expect(errorsWith(root, changes)).toEqual([]);
      const after = validateConfig(siteFolders(root), {
        unsaved: new Map(changes.map((change) => [change.path.slice(7), JSON.stringify(change.data)])),
      }).config!.influencers;
      expect(after.slice(-2).map((influencer) => [influencer.name, influencer.handle])).toEqual([
        ['Kojo Mensah-Ansah', '@kojo.mensah.ansah'],
        ['Esi Ofori', '@esi.ofori'],
      ]);
    });

    it('adds a project, last in the order, that the validator accepts', async () => {
      const root = copy().root;
      const blank = await newEntry(root, { what: 'project', title: 'Harmattan Sessions' }, [], schemas);
      expect(onlyEmptyTexts(errorsWith(root, [blank]))).toEqual([]);
      const example = exampleOf(schemas['collections/project.schema.json']!);
      const entry = {
        ...blank,
        data: asFolder
          ? filledIn(blank.data, example)
          : {
              ...(blank.data as object),
              projects: (blank.data as { projects: unknown[] }).projects.map((project) => filledIn(project, example)),
            },
      };
      expect(errorsWith(root, [entry])).toEqual([]);
      const projects = validateConfig(siteFolders(root), {
        unsaved: new Map([[entry.path.slice(7), JSON.stringify(entry.data)]]),
      }).config!.projects;
      expect(projects.at(-1)!.title).toBe('Harmattan Sessions');
    });
  });
});
