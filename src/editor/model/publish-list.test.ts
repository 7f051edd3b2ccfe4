import { describe, expect, it } from 'vitest';
import { describeFileChange } from './change-words.ts';
import { assertListShown, publishList, publishMessage, publishPlan, toPublish, unusedMediaOf } from './publish-list.ts';
import { refusalWords } from '../protocol/refusals.ts';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const ABOUT = 'config/pages/about.json';
const before = json({ route: '/about', title: 'About Us | {name}', sections: [] });
const after = json({ route: '/about', title: 'About the team | {name}', sections: [] });

describe('the Publish list, as both editors make it', () => {
  it('says each saved file in words, as added, changed or removed', () => {
    const { changes } = publishList(
      [
        { path: ABOUT, live: before, saved: after, version: 'b' },
        { path: 'config/pages/careers.json', live: undefined, saved: after, version: 'c' },
        { path: 'config/pages/press.json', live: before, saved: undefined, version: null },
      ],
      new Set(),
    );
    expect(changes).toEqual([
      { path: ABOUT, change: 'changed', words: describeFileChange(ABOUT, before, after) },
      { path: 'config/pages/careers.json', change: 'added', words: expect.any(String) },
      { path: 'config/pages/press.json', change: 'removed', words: expect.any(String) },
    ]);
  });

  it('marks a new picture that no saved file names as not published, and Publish leaves it out', () => {
    const picture = new Uint8Array([0xff, 0xd8, 0xff]);
    const { changes } = publishList(
      [
        { path: 'public/media/named.jpg', live: undefined, saved: picture, version: 'n' },
        { path: 'public/media/stray.jpg', live: undefined, saved: picture, version: 's' },
      ],
      new Set(['/media/named.jpg']),
    );
    expect(changes[0]).not.toHaveProperty('unused');
    expect(changes[1]).toMatchObject({
      unused: true,
      words: expect.stringMatching(/\(nothing uses it yet, so it is not published\)$/),
    });
    expect(toPublish(changes, []).map((change) => change.path)).toEqual(['public/media/named.jpg']);
  });

  it('knows the list by an id that changes with any saved bytes, and not with the order', () => {
    const one = { path: ABOUT, live: before, saved: after, version: 'b' };
    const two = { path: 'config/navigation.json', live: before, saved: after, version: 'n' };
    const { listId } = publishList([one, two], new Set());
    expect(publishList([two, one], new Set()).listId).toBe(listId);
    expect(publishList([one, { ...two, version: 'n2' }], new Set()).listId).not.toBe(listId);
  });

  it('offers the published pictures no saved file names any more for removal, never a hidden file', () => {
    expect(
      unusedMediaOf(
        ['public/media/hero.jpg', 'public/media/old.jpg', 'public/media/.keep', 'config/site.json'],
        new Set(['/media/hero.jpg']),
      ),
    ).toEqual(['public/media/old.jpg']);
  });
});

describe("a publish's message", () => {
  it("is the author's own, trimmed, or else says what the publish takes and removes", () => {
    const published = [{ words: 'Home page: heading changed' }, { words: 'New picture: poster.jpg' }];
    expect(publishMessage('  Summer campaign \n', published, [])).toBe('Summer campaign');
    expect(publishMessage('   ', published.slice(0, 1), [])).toBe('Home page: heading changed');
    expect(publishMessage(undefined, published, ['public/media/old-logo.png'])).toBe(
      '3 changes: Home page: heading changed; New picture: poster.jpg; Removed picture: old-logo.png\n\n' +
        '- Home page: heading changed\n- New picture: poster.jpg\n- Removed picture: old-logo.png',
    );
    expect(publishMessage('x'.repeat(20_000), published, [])).toHaveLength(10_000);
  });
});

describe('what a Publish takes from the list', () => {
  const changes = [
    { path: ABOUT, change: 'changed' as const, words: 'About page: title changed' },
    { path: 'public/media/new.jpg', change: 'added' as const, words: 'New picture: new.jpg', unused: true },
  ];

  it('takes what the author kept and the unused media they chose, never new media nothing uses', () => {
    const plan = publishPlan(
      { changes, unusedMedia: ['public/media/old.jpg'] },
      { removeMedia: ['public/media/old.jpg', 'public/media/elsewhere.jpg'] },
    );
    expect(plan.published.map((change) => change.path)).toEqual([ABOUT]);
    expect(plan.removals).toEqual(['public/media/old.jpg']);
    expect(plan.message).toBe(
      '2 changes: About page: title changed; Removed picture: old.jpg\n\n- About page: title changed\n- Removed picture: old.jpg',
    );
  });

  it('refuses, in the same words at both editors, a list that moved and a publish that takes nothing', () => {
    expect(() => assertListShown('now', 'shown')).toThrow(refusalWords('listMoved'));
    expect(() => assertListShown('now', undefined)).not.toThrow();
    expect(() => publishPlan({ changes, unusedMedia: [] }, { leaveOut: [ABOUT] })).toThrow(
      refusalWords('nothingToPublish'),
    );
  });
});
