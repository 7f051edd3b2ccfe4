/**
 * Drafts kept in this browser (model/drafts.ts), in the editor's IndexedDB database: by account, tab and slot, so two
 * tabs never overwrite each other and a second person signed in here never sees the first's text. IndexedDB takes
 * what localStorage cannot (a six-million-character bio) and says when it is full, which the editor puts in words.
 *
 * Each tab is named once (in its sessionStorage, which a reload keeps and another tab does not share) and holds a
 * lock by that name while it lives (the Web Locks API): a tab whose lock nobody holds was closed, and its drafts are
 * the next tab's to take in.
 */
import type { DraftShelf, KeptDraft } from '../model/drafts.ts';
import { randomId } from '../model/operations.ts';
import { inStore } from './browser-database.ts';

const TAB_KEY = 'site-editor-tab';
const LOCK_PREFIX = 'site-editor-tab:';
/** Where the editor kept drafts before they were kept per account and tab: taken in once, then removed. */
const LEGACY_PREFIX = 'editor-draft:';

/** Holds the lock of a tab's name while the page lives; false when another tab holds it (a duplicated tab). */
function holdTab(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    navigator.locks
      .request(`${LOCK_PREFIX}${name}`, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        // Held until the page goes.
        return lock ? new Promise<void>(() => undefined) : undefined;
      })
      .catch(() => resolve(false));
  });
}

let claimed: Promise<string> | undefined;

/** This tab's name: the one it had before a reload, unless another open tab holds it (a copy of this one). */
export function thisTab(): Promise<string> {
  claimed ??= (async () => {
    const known = sessionStorage.getItem(TAB_KEY);
    if (typeof navigator.locks === 'undefined') {
      const name = known ?? randomId();
      sessionStorage.setItem(TAB_KEY, name);
      return name;
    }
    // A reload's old page may still be letting go of the lock.
    for (let tries = 0; known && tries < 3; tries++) {
      if (await holdTab(known)) return known;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const name = randomId();
    await holdTab(name);
    sessionStorage.setItem(TAB_KEY, name);
    return name;
  })();
  return claimed;
}

const keyOf = (account: string, tab: string, slot: string) => [account, tab, slot];

/**
 * Where a draft is staged at once, in this tab's sessionStorage (which a reload keeps): IndexedDB writes finish a
 * moment later, and a reload at once must find the last key pressed. Removed with the draft.
 */
const STAGE_PREFIX = 'site-editor-draft:';
/** The largest draft staged in the tab's storage (a few megabytes in all, shared with the tab's sign-in). */
const MAX_STAGED_CHARACTERS = 500_000;
const stageKeyOf = (account: string, tab: string, slot: string) =>
  `${STAGE_PREFIX}${JSON.stringify([account, tab, slot])}`;

/** The drafts this tab staged for an account. */
function stagedFor(account: string): KeptDraft[] {
  const found: KeptDraft[] = [];
  for (let index = 0; index < sessionStorage.length; index++) {
    const key = sessionStorage.key(index) ?? '';
    if (!key.startsWith(STAGE_PREFIX)) continue;
    try {
      const kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') as KeptDraft | null;
      if (kept && kept.account === account && typeof kept.slot === 'string' && 'draft' in kept) found.push(kept);
    } catch {
      // Not a draft this editor staged.
    }
  }
  return found;
}

/** Drafts kept by the editor before they were kept per tab, from this origin's localStorage, once. */
async function takeInLegacy(account: string): Promise<void> {
  const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index) ?? '').filter((key) =>
    key.startsWith(LEGACY_PREFIX),
  );
  for (const key of keys) {
    try {
      const draft = JSON.parse(localStorage.getItem(key) ?? 'null') as KeptDraft['draft'] | null;
      const path = key.slice(LEGACY_PREFIX.length);
      if (draft && typeof draft === 'object' && 'data' in draft) {
        // As a closed tab's, so the tab that opens takes it in, or sets it aside beside its own.
        const kept: KeptDraft = { account, tab: 'earlier', slot: path, path, draft, keptAt: 0 };
        await inStore('drafts', 'readwrite', (store) => store.put(kept, keyOf(account, kept.tab, path)));
      }
    } catch {
      // A draft that cannot be read or kept stays where it was.
      continue;
    }
    localStorage.removeItem(key);
  }
}

export const browserDrafts: DraftShelf = {
  put: async (kept) =>
    void (await inStore('drafts', 'readwrite', (store) => store.put(kept, keyOf(kept.account, kept.tab, kept.slot)))),
  remove: async (account, tab, slot) =>
    void (await inStore('drafts', 'readwrite', (store) => store.delete(keyOf(account, tab, slot)))),
  stage: (account, tab, slot, kept) => {
    const key = stageKeyOf(account, tab, slot);
    // An older staged copy never outlives a newer one that did not fit: it goes first.
    sessionStorage.removeItem(key);
    const text = kept && JSON.stringify(kept);
    // A very large text is left to IndexedDB alone: the tab's small storage stays free for its sign-in.
    if (text && text.length <= MAX_STAGED_CHARACTERS) sessionStorage.setItem(key, text);
  },
  list: async (account) => {
    await takeInLegacy(account);
    // Every key of the account: arrays sort after strings, so [account, []] follows all of [account, tab, slot].
    const stored = await inStore(
      'drafts',
      'readonly',
      (store) => store.getAll(IDBKeyRange.bound([account], [account, []])) as IDBRequest<KeptDraft[]>,
    );
    // What this tab staged stands where it is newer than what was written (a reload right after a key was pressed).
    const newest = new Map(stored.map((kept) => [JSON.stringify([kept.tab, kept.slot]), kept]));
    for (const kept of stagedFor(account)) {
      const key = JSON.stringify([kept.tab, kept.slot]);
      if ((newest.get(key)?.keptAt ?? -1) < kept.keptAt) newest.set(key, kept);
    }
    return [...newest.values()];
  },
  openTabs: async () => {
    if (typeof navigator.locks === 'undefined') return undefined;
    const { held = [] } = await navigator.locks.query();
    return new Set(
      held.flatMap((lock) => (lock.name?.startsWith(LOCK_PREFIX) ? [lock.name.slice(LOCK_PREFIX.length)] : [])),
    );
  },
};

/** Where the editor's page keeps drafts: this browser's database, under this tab's name. */
export const draftsInThisBrowser = { shelf: browserDrafts, tab: thisTab };
