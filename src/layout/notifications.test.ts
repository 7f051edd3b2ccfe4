import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationList, type Notification } from './notifications.ts';

const settings = { maxVisible: 3, durationMs: 4000, exitMs: 200 };
const note = (index: number, type: Notification['type'] = 'error'): Notification => ({
  type,
  title: `Title ${index}`,
  description: `Text ${index}`,
});
const titles = (list: NotificationList) =>
  list.current().map((shown) => `${shown.title}${shown.closing ? ' (closing)' : ''}`);

describe('the list of notifications', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the newest first, and never more than maxVisible: a new one removes the oldest at once', () => {
    const list = new NotificationList(settings);
    for (let index = 1; index <= 5; index++) list.show(note(index));
    expect(titles(list)).toEqual(['Title 5', 'Title 4', 'Title 3']);
  });

  it('keeps each for its duration, then fades it and removes it', () => {
    const list = new NotificationList(settings);
    list.show(note(1));
    vi.advanceTimersByTime(3999);
    expect(titles(list)).toEqual(['Title 1']);
    vi.advanceTimersByTime(1);
    expect(titles(list)).toEqual(['Title 1 (closing)']);
    vi.advanceTimersByTime(200);
    expect(titles(list)).toEqual([]);
  });

  it('shows one the same as one on screen only once, and starts its time again', () => {
    const list = new NotificationList(settings);
    list.show(note(1));
    vi.advanceTimersByTime(3000);
    list.show(note(1));
    expect(titles(list)).toEqual(['Title 1']);
    vi.advanceTimersByTime(3000);
    expect(titles(list)).toEqual(['Title 1']);
    vi.advanceTimersByTime(1000);
    expect(titles(list)).toEqual(['Title 1 (closing)']);
  });

  it('tells a success from an error with the same words', () => {
    const list = new NotificationList(settings);
    list.show(note(1, 'error'));
    list.show(note(1, 'success'));
    expect(list.current().map((shown) => shown.type)).toEqual(['success', 'error']);
  });

  it('stops the time while anything pauses it, and goes on with the time that was left', () => {
    const list = new NotificationList(settings);
    list.show(note(1));
    vi.advanceTimersByTime(1000);
    list.pause('hidden');
    list.pause('pointer');
    vi.advanceTimersByTime(60_000);
    list.resume('hidden');
    vi.advanceTimersByTime(60_000);
    expect(titles(list)).toEqual(['Title 1']);
    list.resume('pointer');
    vi.advanceTimersByTime(2999);
    expect(titles(list)).toEqual(['Title 1']);
    vi.advanceTimersByTime(1);
    expect(titles(list)).toEqual(['Title 1 (closing)']);
  });

  it('closes one on request and tells its listeners, with ids unique on the page', () => {
    const list = new NotificationList(settings);
    const heard = vi.fn();
    list.subscribe(heard);
    list.show(note(1));
    list.show(note(2));
    const [second, first] = list.current();
    expect(second!.id).not.toBe(first!.id);
    list.close(first!.id);
    vi.advanceTimersByTime(200);
    expect(titles(list)).toEqual(['Title 2']);
    expect(heard).toHaveBeenCalledTimes(4);
  });
});
