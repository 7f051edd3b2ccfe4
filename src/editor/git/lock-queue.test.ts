import { describe, expect, it } from 'vitest';
import { Abandoned, LockQueue } from './lock-queue.ts';

describe('one at a time', () => {
  it('runs each piece of work after those before it, whatever became of them', async () => {
    const queue = new LockQueue();
    const done: string[] = [];
    let release!: () => void;
    const first = queue.run(() => new Promise<void>((resolve) => (release = resolve)).then(() => done.push('first')));
    const failing = queue.run(() => {
      throw new Error('a failure');
    });
    const third = queue.run(() => done.push('third'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toEqual([]);
    release();
    await first;
    await expect(failing).rejects.toThrow('a failure');
    await third;
    expect(done).toEqual(['first', 'third']);
  });

  it('never runs work whose request was abandoned while it waited', async () => {
    const queue = new LockQueue();
    let release!: () => void;
    const busy = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const given = new AbortController();
    let written = false;
    const save = queue.run(() => (written = true), given.signal);
    given.abort();
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await busy;
    await expect(save).rejects.toBeInstanceOf(Abandoned);
    expect(written).toBe(false);
    // The queue goes on.
    expect(await queue.run(() => 'next')).toBe('next');
  });
});
