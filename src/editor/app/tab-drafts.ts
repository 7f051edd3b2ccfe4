import type { FileEntry } from './api';

/** What the tab keeps of a file's unsaved changes, so a reload loses nothing. */
export interface Draft {
  readonly data: unknown;
  /** The version on disk the changes were made to: a save over a file changed since shows both versions. */
  readonly baseVersion: string | null;
  /** How the file list shows a file that is not on disk yet. */
  readonly entry?: FileEntry;
}

const PREFIX = 'editor-draft:';

/**
 * The unsaved changes of each file, kept in the browser's storage (the page's localStorage) under a key of its own,
 * so a reload, or a crash of the page, loses nothing the author typed.
 */
export class TabDrafts {
  constructor(private readonly storage: Storage) {}

  keep(path: string, draft: Draft): void {
    this.storage.setItem(PREFIX + path, JSON.stringify(draft));
  }

  forget(path: string): void {
    this.storage.removeItem(PREFIX + path);
  }

  /** Every draft kept, by path; an entry that cannot be read is skipped. */
  all(): [path: string, draft: Draft][] {
    const keys = Array.from({ length: this.storage.length }, (_, index) => this.storage.key(index) ?? '');
    const found: [string, Draft][] = [];
    for (const key of keys.filter((name) => name.startsWith(PREFIX))) {
      const draft = readDraft(this.storage.getItem(key));
      if (draft) found.push([key.slice(PREFIX.length), draft]);
    }
    return found;
  }
}

function readDraft(text: string | null): Draft | undefined {
  try {
    const draft = JSON.parse(text ?? 'null') as Draft | null;
    return draft && typeof draft === 'object' && 'data' in draft ? draft : undefined;
  } catch {
    return undefined;
  }
}
