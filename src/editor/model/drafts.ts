/**
 * The author's unsaved text, kept until they choose what becomes of it: saved, or discarded. Nothing else forgets a
 * draft: not a refusal, a lost connection, an expired sign-in, a file removed by a teammate, nor a second tab. Drafts
 * are kept per account and per tab, so two tabs never overwrite each other's text and a second person signed in on
 * the same browser never sees the first's. A tab that closed leaves its drafts for the next tab of the same account,
 * which takes them in, or sets them aside where it has text of its own for the same file.
 *
 * The rules live here, over a small shelf (the browser's IndexedDB on the page, app/browser-drafts.ts; memory in
 * tests), so both editors keep drafts the same way. No browser or Node API.
 */
import type { FileEntry } from '../protocol/files.ts';

/** What is kept of a file's unsaved changes. */
export interface Draft {
  readonly data: unknown;
  /** The version the changes were made to: a save over a file changed since shows both versions. */
  readonly baseVersion: string | null;
  /** How the file list shows a file not written yet. */
  readonly entry?: FileEntry;
  /**
   * The ids of saves that carried this file and whose answers never came (model/operations.ts): a save tried again
   * after a reload recognises their commits as the author's own.
   */
  readonly attempts?: readonly SentAttempt[];
}

/** A save that carried a file and had no answer: its id, and the fingerprint of the data it sent for that file. */
export interface SentAttempt {
  readonly id: string;
  readonly sent: string;
}

/** Why a draft waits for the author's choice instead of being opened. */
export type AsideReason = { readonly kind: 'removed'; readonly by?: string } | { readonly kind: 'other-tab' };

/** One draft as the shelf keeps it: whose, which tab's, under which slot. */
export interface KeptDraft {
  readonly account: string;
  readonly tab: string;
  /** The file's path for a draft being edited; `aside:<id>` for one set aside. */
  readonly slot: string;
  readonly path: string;
  readonly draft: Draft;
  /** When it was last kept (ms since 1970), to take the newest of several closed tabs' drafts. */
  readonly keptAt: number;
  readonly aside?: AsideReason;
}

/** Where drafts are kept: the browser's IndexedDB, or memory. */
export interface DraftShelf {
  put(kept: KeptDraft): Promise<void>;
  remove(account: string, tab: string, slot: string): Promise<void>;
  /** Every draft of an account, whichever tab kept it. */
  list(account: string): Promise<KeptDraft[]>;
  /** The tabs open now (each holds a lock while it lives); undefined where the browser cannot tell. */
  openTabs(): Promise<ReadonlySet<string> | undefined>;
  /**
   * Keeps a draft at once, before put (or remove, for null) has finished: a reload a moment after the last key
   * pressed finds it there. Where the shelf has no such place, put alone keeps it.
   */
  stage?(account: string, tab: string, slot: string, kept: KeptDraft | null): void;
}

/** A draft set aside, for the author to restore, copy or discard. */
export interface AsideDraft {
  readonly slot: string;
  readonly path: string;
  readonly draft: Draft;
  readonly reason: AsideReason;
}

/** What a tab opens with: the drafts to open again, and those set aside for the author to choose. */
export interface SortedDrafts {
  readonly open: readonly { readonly path: string; readonly draft: Draft }[];
  readonly aside: readonly AsideDraft[];
  /** How many of the drafts opened came from tabs that were closed. */
  readonly adopted: number;
}

let asideCount = 0;
const asideSlot = () =>
  `aside:${Date.now().toString(36)}-${(asideCount += 1)}-${Math.random().toString(36).slice(2, 8)}`;

/** The file's unsaved text in words: where the reason set it aside. */
export function asideInWords(aside: Pick<AsideDraft, 'path' | 'reason'>, fileName: string): string {
  if (aside.reason.kind === 'removed')
    return `Your unsaved text for ${fileName}: the file was removed${aside.reason.by ? ` by ${aside.reason.by}` : ''}. Restore it as a new file, copy it, or discard it.`;
  return `Unsaved text for ${fileName} from a tab you closed, beside this tab's own. Use it instead of this tab's, copy it, or discard it.`;
}

/**
 * One tab's drafts for one account, kept on a shelf. Writes to a slot go in order, and a write asked while another is
 * under way waits and keeps only the newest text, so typing fast never piles up copies of a large file. A write the
 * browser refuses (its storage full, or turned off) is said through `trouble`, in words; the text stays on screen.
 */
export class DraftKeeper {
  /** The newest text waiting to be written to each slot, and the write under way. */
  readonly #waiting = new Map<string, KeptDraft | null>();
  readonly #writing = new Map<string, Promise<void>>();

  constructor(
    private readonly shelf: DraftShelf,
    readonly account: string,
    readonly tab: string,
    private readonly trouble: (words: string) => void = () => undefined,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Keeps the draft of a file being edited. */
  keep(path: string, draft: Draft): void {
    this.#write(path, { account: this.account, tab: this.tab, slot: path, path, draft, keptAt: this.now() });
  }

  /** Forgets the draft of a file: the author saved it, or chose to drop it. */
  forget(path: string): void {
    this.#write(path, null);
  }

  /** Sets a draft aside for the author to choose; returns it as the page shows it. */
  setAside(path: string, draft: Draft, reason: AsideReason): AsideDraft {
    const slot = asideSlot();
    this.#write(slot, { account: this.account, tab: this.tab, slot, path, draft, keptAt: this.now(), aside: reason });
    return { slot, path, draft, reason };
  }

  /** Forgets a draft set aside: the author restored or discarded it. */
  forgetAside(slot: string): void {
    this.#write(slot, null);
  }

  /** Resolves once every write asked for so far is done (or refused). */
  async settled(): Promise<void> {
    while (this.#writing.size > 0) await Promise.all([...this.#writing.values()]);
  }

  #write(slot: string, kept: KeptDraft | null): void {
    try {
      this.shelf.stage?.(this.account, this.tab, slot, kept);
    } catch {
      // Kept by put in a moment, as ever.
    }
    this.#waiting.set(slot, kept);
    if (this.#writing.has(slot)) return;
    const run = async () => {
      while (this.#waiting.has(slot)) {
        const next = this.#waiting.get(slot)!;
        this.#waiting.delete(slot);
        try {
          if (next) await this.shelf.put(next);
          else await this.shelf.remove(this.account, this.tab, slot);
        } catch (failure) {
          const path = next?.path ?? slot;
          this.trouble(
            next
              ? `This browser could not keep your unsaved changes to ${path} (${reasonOf(failure)}). They are still here on screen: save them, or copy them before you close this tab.`
              : `This browser could not forget an old copy of ${path} (${reasonOf(failure)}); it may be offered again when the editor opens.`,
          );
        }
      }
      this.#writing.delete(slot);
    };
    this.#writing.set(slot, run());
  }

  /**
   * The drafts this tab opens with. Its own drafts (from before a reload) open again; those of tabs of the same
   * account that were closed are taken in, the newest first, where this tab has no draft of the same file, and set
   * aside where it has; drafts of tabs still open stay theirs. A draft of a file the site no longer has (and which is
   * not a new file) is set aside, saying who removed it (`removedBy`). Nothing is forgotten.
   */
  async sort(
    listed: ReadonlySet<string>,
    removedBy: (path: string) => Promise<string | undefined>,
  ): Promise<SortedDrafts> {
    const [all, openTabs] = await Promise.all([this.shelf.list(this.account), this.shelf.openTabs()]);
    const mine = all.filter((kept) => kept.tab === this.tab);
    // Another tab's drafts are taken in only when the browser can tell that tab is closed.
    const orphaned = all
      .filter((kept) => kept.tab !== this.tab && openTabs !== undefined && !openTabs.has(kept.tab))
      .sort((a, b) => b.keptAt - a.keptAt);
    const open = new Map<string, Draft>();
    const aside: AsideDraft[] = [];
    const removed = async (path: string, draft: Draft): Promise<AsideDraft> =>
      this.setAside(path, draft, { kind: 'removed', by: await removedBy(path).catch(() => undefined) });
    for (const kept of mine) {
      if (kept.aside) aside.push({ slot: kept.slot, path: kept.path, draft: kept.draft, reason: kept.aside });
      else if (kept.draft.baseVersion !== null && !listed.has(kept.path)) {
        aside.push(await removed(kept.path, kept.draft));
        this.forget(kept.path);
      } else open.set(kept.path, kept.draft);
    }
    let adopted = 0;
    for (const kept of orphaned) {
      if (kept.aside) aside.push(this.setAside(kept.path, kept.draft, kept.aside));
      else if (kept.draft.baseVersion !== null && !listed.has(kept.path))
        aside.push(await removed(kept.path, kept.draft));
      else if (open.has(kept.path)) aside.push(this.setAside(kept.path, kept.draft, { kind: 'other-tab' }));
      else {
        open.set(kept.path, kept.draft);
        this.keep(kept.path, kept.draft);
        adopted += 1;
      }
      // Kept under this tab first, then let go by the closed one: a stop in between leaves two copies, never none.
      await this.settled();
      await this.shelf.remove(kept.account, kept.tab, kept.slot).catch(() => undefined);
    }
    return { open: [...open].map(([path, draft]) => ({ path, draft })), aside, adopted };
  }
}

const reasonOf = (failure: unknown) =>
  failure instanceof Error
    ? failure.name === 'QuotaExceededError'
      ? 'its storage for this site is full'
      : failure.message || failure.name
    : String(failure);
