/**
 * Answers kept by key for as long as the editor runs, which may be days: at most `most` of them, and at most
 * `mostSize` in all as `sizeOf` weighs them, the least recently used forgotten first.
 */
export class BoundedCache<V> {
  readonly #kept = new Map<string, { readonly value: V; readonly size: number }>();
  #size = 0;

  constructor(
    readonly most: number,
    readonly sizeOf: (value: V) => number = () => 0,
    readonly mostSize = Infinity,
  ) {}

  /** How many answers are kept. */
  get count(): number {
    return this.#kept.size;
  }

  /** The answer kept for `key`, now the most recently used; undefined when none is. */
  get(key: string): V | undefined {
    const kept = this.#kept.get(key);
    if (!kept) return undefined;
    // A Map keeps its keys in the order they were set: the most recently used goes last.
    this.#kept.delete(key);
    this.#kept.set(key, kept);
    return kept.value;
  }

  /** Keeps `value` for `key`, forgetting the least recently used beyond the bounds; one larger than them all is not kept. */
  set(key: string, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.mostSize) return;
    this.#kept.set(key, { value, size });
    this.#size += size;
    for (const oldest of this.#kept.keys()) {
      if (this.#kept.size <= this.most && this.#size <= this.mostSize) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const kept = this.#kept.get(key);
    if (!kept) return;
    this.#kept.delete(key);
    this.#size -= kept.size;
  }
}
