/**
 * What every store of the editor's page shares: its state, which components draw (`useSyncExternalStore` with
 * `subscribe` and `getState`), replaced as a whole by each change so that a drawn state never changes under them.
 */
export class StateStore<State extends object> {
  #state: State;
  readonly #listeners = new Set<() => void>();

  constructor(initial: State) {
    this.#state = initial;
  }

  readonly getState = (): State => this.#state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The state now, for the store's actions. */
  protected get state(): State {
    return this.#state;
  }

  /** Changes the fields given, and tells every component that draws the state. */
  protected set(change: Partial<State>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
  }
}
