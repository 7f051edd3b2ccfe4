/** The answers npm run edit's git store keeps for days stay within their bounds. */
import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

describe('a bounded cache', () => {
  it('keeps at most its count, forgetting the least recently used first', () => {
    const cache = new BoundedCache<number>(3);
    for (const key of ['a', 'b', 'c']) cache.set(key, key.charCodeAt(0));
    expect(cache.get('a')).toBe(97);
    cache.set('d', 100);
    expect(cache.count).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([97, 99, 100]);
  });

  it('keeps at most its size in all, and never one larger than that alone', () => {
    const cache = new BoundedCache<string>(100, (text) => text.length, 10);
    cache.set('a', 'xxxx');
    cache.set('b', 'yyyy');
    cache.set('c', 'zzzz');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('yyyy');
    cache.set('huge', 'h'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.count).toBe(2);
    // A value set again is weighed anew.
    cache.set('b', 'y');
    cache.set('d', 'dddd');
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual(['y', 'zzzz', 'dddd']);
  });

  it('forgets an answer when told', () => {
    const cache = new BoundedCache<boolean>(2);
    cache.set('a', false);
    expect(cache.get('a')).toBe(false);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.count).toBe(0);
  });
});
