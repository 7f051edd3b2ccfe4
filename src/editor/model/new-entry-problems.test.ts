import { describe, expect, it } from 'vitest';
import { addedEntry, isWithin, waits, withEntry, withLeft } from './new-entry-problems.ts';

describe('the problems of an entry the author has just added', () => {
  it('finds the entry added at the end of a list, however deep', () => {
    const before = { services: [{ name: 'A', features: ['x'] }] };
    expect(addedEntry(before, { services: [...before.services, {}] })).toEqual(['services', 1]);
    expect(addedEntry(before, { services: [{ name: 'A', features: ['x', ''] }] })).toEqual([
      'services',
      0,
      'features',
      1,
    ]);
    // A change to a field, or an entry removed, adds nothing.
    expect(addedEntry(before, { services: [{ name: 'B', features: ['x'] }] })).toBeUndefined();
    expect(addedEntry(before, { services: [] })).toBeUndefined();
    // A duplicate goes beside its original: nothing new.
    const two = { services: [{ name: 'A' }, { name: 'B' }] };
    expect(addedEntry(two, { services: [{ name: 'A' }, { name: 'A' }, { name: 'B' }] })).toBeUndefined();
  });

  it('waits, field by field, until the author has left that field', () => {
    const data = { services: [{ name: 'A' }, { name: '', summary: '' }] };
    const waiting = withEntry(undefined, ['services', 1]);
    expect(waits(waiting, ['services', 1, 'name'], data)).toBe(true);
    expect(waits(waiting, ['services', 10, 'name'], data)).toBe(false);
    expect(waits(waiting, ['services', 0, 'name'], data)).toBe(false);
    const left = withLeft(waiting, ['services', 1, 'name']);
    expect(waits(left, ['services', 1, 'name'], data)).toBe(false);
    expect(waits(left, ['services', 1, 'summary'], data)).toBe(true);
    // What the author typed is judged at once.
    expect(waits(waiting, ['services', 1, 'name'], { services: [{}, { name: '<b>' }] })).toBe(false);
    expect(isWithin(['services', 1], ['services', 1])).toBe(true);
  });
});
