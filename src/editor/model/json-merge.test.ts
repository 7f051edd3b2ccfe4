import { describe, expect, it } from 'vitest';
import { mergeJson } from './json-merge.ts';

describe("merging the author's saved file with a teammate's published one", () => {
  const base = {
    title: 'Home',
    sections: [{ heading: 'A', text: 'a' }],
    faqs: [
      { id: 1, q: 'One' },
      { id: 2, q: 'Two' },
    ],
  };

  it('keeps both when they changed different fields, in the same entry or not', () => {
    const mine = { ...base, sections: [{ heading: 'Mine', text: 'a' }] };
    const theirs = { ...base, title: 'Theirs', sections: [{ heading: 'A', text: 'theirs' }] };
    expect(mergeJson(base, mine, theirs)).toEqual({
      value: { ...base, title: 'Theirs', sections: [{ heading: 'Mine', text: 'theirs' }] },
      conflicts: [],
    });
  });

  it('keeps entries both added to a list of ids, each where it was put, and drops one either removed', () => {
    const mine = {
      ...base,
      faqs: [
        { id: 1, q: 'One' },
        { id: 3, q: 'Mine' },
        { id: 2, q: 'Two' },
      ],
    };
    const theirs = {
      ...base,
      faqs: [
        { id: 2, q: 'Two, edited' },
        { id: 4, q: 'Theirs' },
      ],
    };
    expect(mergeJson(base, mine, theirs).value).toEqual({
      ...base,
      faqs: [
        { id: 3, q: 'Mine' },
        { id: 2, q: 'Two, edited' },
        { id: 4, q: 'Theirs' },
      ],
    });
  });

  it('asks about a field both changed differently, and takes the choice once given', () => {
    const mine = { ...base, title: 'Mine' };
    const theirs = { ...base, title: 'Theirs' };
    expect(mergeJson(base, mine, theirs)).toEqual({
      value: mine,
      conflicts: [{ path: ['title'], base: 'Home', mine: 'Mine', theirs: 'Theirs' }],
    });
    expect(mergeJson(base, mine, theirs, () => 'theirs')).toEqual({ value: theirs, conflicts: [] });
    expect(mergeJson(base, mine, theirs, () => 'mine')).toEqual({ value: mine, conflicts: [] });
    // The same change on both sides is no question.
    expect(mergeJson(base, mine, { ...mine }).conflicts).toEqual([]);
  });

  it('treats a list without ids whose length changed on both sides as one value', () => {
    const mine = { ...base, sections: [...base.sections, { heading: 'B', text: 'b' }] };
    const theirs = { ...base, sections: [] };
    expect(mergeJson(base, mine, theirs).conflicts.map((conflict) => conflict.path)).toEqual([['sections']]);
  });
});
