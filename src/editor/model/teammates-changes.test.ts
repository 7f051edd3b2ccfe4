import { describe, expect, it } from 'vitest';
import { broughtInWords, teammatesChanges, WORDS_SHOWN } from './teammates-changes.ts';

const sidesOf = (base: Record<string, string>, theirs: Record<string, string>, mine: Record<string, string>) => ({
  base: (path: string) => base[path],
  theirs: (path: string) => theirs[path],
  mine: (path: string) => mine[path],
});

describe('what teammates published that the author lacks', () => {
  it("counts the site's content a teammate changed, added or removed, and nothing else", () => {
    const base = { 'config/a.json': '1', 'config/gone.json': '1', 'src/x.ts': '1' };
    const theirs = { 'config/a.json': '2', 'public/media/new.jpg': '1', 'src/x.ts': '2' };
    const changed = ['config/a.json', 'config/gone.json', 'public/media/new.jpg', 'src/x.ts'];
    expect(teammatesChanges(changed, sidesOf(base, theirs, base))).toEqual([
      'config/a.json',
      'config/gone.json',
      'public/media/new.jpg',
    ]);
  });

  it('leaves out what the author already holds as main does: their own publish whose answer was lost', () => {
    const base = { 'config/a.json': '1', 'config/b.json': '1' };
    const theirs = { 'config/a.json': '2', 'config/b.json': '2' };
    const mine = { 'config/a.json': '2', 'config/b.json': '3' };
    expect(teammatesChanges(['config/a.json', 'config/b.json', 'config/b.json'], sidesOf(base, theirs, mine))).toEqual([
      'config/b.json',
    ]);
  });

  it('says each change in words, and counts the rest past the first few', () => {
    const paths = Array.from({ length: WORDS_SHOWN + 3 }, (_, index) => `public/media/photo-${index}.jpg`);
    const after = new Map(paths.map((path) => [path, new Uint8Array([1])]));
    const words = broughtInWords(paths, new Map(), after);
    expect(words).toHaveLength(WORDS_SHOWN + 1);
    expect(words[0]).toMatch(/^New .*photo-0\.jpg/);
    expect(words.at(-1)).toBe('and 3 more changes');
    expect(broughtInWords(paths.slice(0, 1), new Map(), after)).toHaveLength(1);
  });
});
