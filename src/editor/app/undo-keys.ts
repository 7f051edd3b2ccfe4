/**
 * The keys that undo and redo as in any editor, taking the same steps as the Undo and Redo buttons (a word or a pause
 * of typing, file-history.ts), never the browser's own letter-by-letter undo of one box: Ctrl+Z (⌘Z) undoes;
 * Ctrl+Shift+Z (⌘⇧Z) and Ctrl+Y redo.
 */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/** The step a key press asks for: -1 undo, 1 redo, or undefined for any other key. */
export function undoStepOf(press: KeyPress): -1 | 1 | undefined {
  if (!(press.ctrlKey || press.metaKey) || press.altKey) return undefined;
  const key = press.key.toLowerCase();
  if (key === 'z') return press.shiftKey ? 1 : -1;
  if (key === 'y' && !press.shiftKey && press.ctrlKey) return 1;
  return undefined;
}
