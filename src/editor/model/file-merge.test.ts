/** The field-by-field merge of the author's files with a teammate's, as plain data. */
import { describe, expect, it } from 'vitest';
import { fieldInWords, mergeFiles, shownValue } from './file-merge.ts';

const HOME = 'config/pages/home.json';
const POSTER = 'public/media/hero-poster.jpg';
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
const page = (heading: string, text = 'Same text') => ({
  route: '/',
  sections: [{ type: 'video-hero', heading, text }],
});
const sides = (base: unknown, mine: unknown, theirs: unknown, path = HOME) => ({
  base: new Map([[path, base === undefined ? undefined : json(base)]]),
  mine: new Map([[path, mine === undefined ? undefined : json(mine)]]),
  theirs: new Map([[path, theirs === undefined ? undefined : json(theirs)]]),
});

describe("the author's files merged with a teammate's", () => {
  it('keeps both changes where they changed different fields', () => {
    const base = page('Old', 'Old text');
    const { merged, conflicts } = mergeFiles([HOME], sides(base, page('Mine', 'Old text'), page('Old', 'Theirs')), {});
    expect(conflicts).toEqual([]);
    expect(JSON.parse(new TextDecoder().decode(merged.get(HOME)!))).toEqual(page('Mine', 'Theirs'));
  });

  it('says the same field changed on both sides with both values in words, on the page as the author knows it', () => {
    const { conflicts } = mergeFiles([HOME], sides(page('Old'), page('Mine'), page('Theirs')), {});
    expect(conflicts).toEqual([
      {
        id: `${HOME}#["sections",0,"heading"]`,
        file: HOME,
        fileName: 'Home page',
        field: 'sections 1 (video-hero).heading',
        mine: 'Mine',
        theirs: 'Theirs',
        before: 'Old',
      },
    ]);
  });

  it("takes the teammate's value or the author's as the author chooses", () => {
    const id = `${HOME}#["sections",0,"heading"]`;
    for (const [choice, heading] of [
      ['theirs', 'Theirs'],
      ['mine', 'Mine'],
    ] as const) {
      const { merged, conflicts } = mergeFiles([HOME], sides(page('Old'), page('Mine'), page('Theirs')), {
        [id]: choice,
      });
      expect(conflicts).toEqual([]);
      expect(JSON.parse(new TextDecoder().decode(merged.get(HOME)!)).sections[0].heading).toBe(heading);
    }
  });

  it('says a picture both changed as a whole file, naming whose version, never its bytes', () => {
    const picture = (byte: number) => ({
      base: new Map([[POSTER, Buffer.from([0])]]),
      mine: new Map([[POSTER, Buffer.from([byte])]]),
      theirs: new Map([[POSTER, Buffer.from([2])]]),
    });
    const { conflicts } = mergeFiles([POSTER], picture(1), {});
    expect(conflicts).toEqual([
      {
        id: `${POSTER}#file`,
        file: POSTER,
        fileName: 'hero-poster.jpg',
        field: 'the whole file',
        mine: 'your version of the file',
        theirs: "your teammate's version of the file",
      },
    ]);
    expect(mergeFiles([POSTER], picture(2), {}).conflicts).toEqual([]);
  });

  it('says a file one side removed and the other changed, as removed', () => {
    const { conflicts } = mergeFiles([HOME], sides(page('Old'), undefined, page('Theirs')), {});
    expect(conflicts.map(({ field, mine, theirs }) => ({ field, mine, theirs }))).toEqual([
      { field: 'the whole file', mine: '(removed)', theirs: expect.stringContaining('Theirs') },
    ]);
  });
});

describe('a value and a field in a conflict', () => {
  it('shows text as written, other values briefly, a removed value as removed, and a long one cut', () => {
    expect(shownValue('Stories That Move')).toBe('Stories That Move');
    expect(shownValue({ label: 'Book' })).toBe('{"label":"Book"}');
    expect(shownValue(undefined)).toBe('(removed)');
    expect(shownValue('x'.repeat(500))).toHaveLength(240);
  });

  it('names a field by its place, as the checker does, and the root as the whole file', () => {
    const home = { sections: [{ type: 'video-hero', heading: 'A' }] };
    expect(fieldInWords(home, ['sections', 0, 'heading'])).toBe('sections 1 (video-hero).heading');
    expect(fieldInWords(home, [])).toBe('the whole file');
  });
});
