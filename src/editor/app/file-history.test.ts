import { describe, expect, it } from 'vitest';
import {
  canStep,
  current,
  edited,
  isChanged,
  opened,
  savedAs,
  stepped,
  TYPING_PAUSE_MS,
  type FileHistory,
} from './file-history.ts';

const onDisk = (data: unknown, version = 'v1') => ({
  path: 'config/pages/about.json',
  text: JSON.stringify(data),
  version,
});
const page = (heading: string, text = 'Our story.') => ({
  route: '/about',
  sections: [{ type: 'story', heading, text }],
});

/** Types `words` into the heading one letter at a time, `gap` milliseconds apart, from `start`. */
function type(file: FileHistory, words: string, start: number, gap = 100): FileHistory {
  let typed = file;
  [...words].forEach((letter, index) => {
    const heading = (current(typed) as ReturnType<typeof page>).sections[0]!.heading;
    typed = edited(typed, page(heading + letter), start + index * gap);
  });
  return typed;
}

/** How many times Undo can be pressed. */
const undos = (file: FileHistory) => {
  let count = 0;
  for (let at = file; canStep(at, -1); at = stepped(at, -1)) count++;
  return count;
};

describe('undo and redo of an open file', () => {
  it('takes typing back a word at a time, and after a pause, not a letter at a time', () => {
    const file = type(opened(onDisk(page('Who We Are'))), ' Always', 0);
    expect((current(file) as ReturnType<typeof page>).sections[0]!.heading).toBe('Who We Are Always');
    expect(undos(file)).toBe(1);
    const later = type(file, ' here', 700 + TYPING_PAUSE_MS);
    expect(undos(later)).toBe(2);
    expect((current(stepped(later, -1)) as ReturnType<typeof page>).sections[0]!.heading).toBe('Who We Are Always');
    // A pause within a word starts a new step too.
    const paused = edited(edited(opened(onDisk(page('A'))), page('AB'), 0), page('ABC'), TYPING_PAUSE_MS + 1);
    expect(undos(paused)).toBe(2);
  });

  it('makes a step of each change that is not typing on in the same box', () => {
    let file = type(opened(onDisk(page('Who We Are'))), 'x', 0);
    file = edited(file, page('Who We Arex', 'Another text'), 50);
    file = edited(file, { ...page('Who We Arex', 'Another text'), title: 'About' }, 60);
    expect(undos(file)).toBe(3);
    expect(current(stepped(stepped(file, -1), -1))).toEqual(page('Who We Arex'));
  });

  it('drops the steps Undo went back over when the author changes something else', () => {
    let file = type(opened(onDisk(page('A'))), 'B', 0);
    file = edited(file, page('AB', 'New text'), 5_000);
    file = stepped(file, -1);
    expect(canStep(file, 1)).toBe(true);
    file = edited(file, page('AB', 'Other text'), 6_000);
    expect(canStep(file, 1)).toBe(false);
    expect(current(file)).toEqual(page('AB', 'Other text'));
  });

  it('keeps every step across Save: what was saved is no longer a change, and Undo goes on past it', () => {
    let file = type(opened(onDisk(page('Who We Are'))), ' Always', 0);
    expect(isChanged(file)).toBe(true);
    file = savedAs(file, onDisk(current(file), 'v2'));
    expect(isChanged(file)).toBe(false);
    expect(canStep(file, -1)).toBe(true);
    // Typing on after Save is a step of its own: Undo comes back to what was saved.
    file = type(file, '!', 200);
    expect(undos(file)).toBe(2);
    file = stepped(file, -1);
    expect(isChanged(file)).toBe(false);
    file = stepped(file, -1);
    expect(isChanged(file)).toBe(true);
    expect(current(file)).toEqual(page('Who We Are'));
  });

  it('is the same reading of the file across edits, undo and Save, and a new one when read from disk again', () => {
    const first = opened(onDisk(page('A')));
    const saved = savedAs(stepped(type(first, 'B', 0), -1), onDisk(page('A'), 'v2'));
    expect(saved.reading).toBe(first.reading);
    expect(opened(onDisk(page('A'), 'v2')).reading).not.toBe(first.reading);
  });

  it('counts a file not written yet as a change, whatever it holds', () => {
    expect(isChanged(opened({ path: 'config/pages/new.json', text: '', version: null }, page('New')))).toBe(true);
  });
});
