import { describe, expect, it } from 'vitest';
import { undoStepOf } from './undo-keys.ts';

const press = (key: string, keys: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...keys,
});

describe('undo and redo from the keyboard', () => {
  it('undoes with Ctrl+Z or ⌘Z, and redoes with Ctrl+Shift+Z, ⌘⇧Z or Ctrl+Y', () => {
    expect(undoStepOf(press('z', { ctrlKey: true }))).toBe(-1);
    expect(undoStepOf(press('z', { metaKey: true }))).toBe(-1);
    // With Shift held, the key reads as a capital.
    expect(undoStepOf(press('Z', { ctrlKey: true, shiftKey: true }))).toBe(1);
    expect(undoStepOf(press('Z', { metaKey: true, shiftKey: true }))).toBe(1);
    expect(undoStepOf(press('y', { ctrlKey: true }))).toBe(1);
  });

  it('leaves every other key to the box: a letter, Ctrl+A, Alt with Z', () => {
    expect(undoStepOf(press('z'))).toBeUndefined();
    expect(undoStepOf(press('a', { ctrlKey: true }))).toBeUndefined();
    expect(undoStepOf(press('z', { ctrlKey: true, altKey: true }))).toBeUndefined();
    expect(undoStepOf(press('y', { metaKey: true }))).toBeUndefined();
  });
});
