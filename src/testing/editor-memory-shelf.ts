/** For the editor's tests: drafts kept in memory, as the page keeps them in IndexedDB (app/browser-drafts.ts). */
import type { DraftShelf, KeptDraft } from '../editor/model/drafts.ts';

/** A shelf in memory, with the tabs open now and a failure its writes meet set by the test. */
export class MemoryShelf implements DraftShelf {
  readonly #kept = new Map<string, KeptDraft>();
  /** The tabs open now; undefined: the shelf cannot tell. */
  open: Set<string> | undefined = new Set();
  /** A failure the next writes meet, as a full browser storage would refuse them. */
  refuse: Error | undefined;

  async put(kept: KeptDraft): Promise<void> {
    if (this.refuse) throw this.refuse;
    this.#kept.set(JSON.stringify([kept.account, kept.tab, kept.slot]), structuredClone(kept));
  }

  async remove(account: string, tab: string, slot: string): Promise<void> {
    this.#kept.delete(JSON.stringify([account, tab, slot]));
  }

  async list(account: string): Promise<KeptDraft[]> {
    return [...this.#kept.values()].filter((kept) => kept.account === account).map((kept) => structuredClone(kept));
  }

  async openTabs(): Promise<ReadonlySet<string> | undefined> {
    return this.open && new Set(this.open);
  }
}
