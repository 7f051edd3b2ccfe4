/**
 * The saves and Deletes this editor finished, by their operation's id (model/operations.ts), for as long as it runs:
 * when the page lost the answer to one, it asks, and is told whether it was done. Publishes and undos need no such
 * record: their commits carry their ids. An editor started again knows none; the page then recognises its own text on
 * disk when it saves again (app/saving.ts).
 */
export class FinishedOperations {
  readonly #ids = new Set<string>();

  /** How many ids are kept: an author's page asks about the newest few, never about thousands. */
  static readonly KEPT = 500;

  /** Records a finished save or Delete by its id; the oldest is forgotten past KEPT. */
  add(id: string | undefined): void {
    if (!id) return;
    this.#ids.add(id);
    if (this.#ids.size > FinishedOperations.KEPT) this.#ids.delete(this.#ids.values().next().value!);
  }

  /** Whether any of these ids was finished. */
  hasAny(ids: Iterable<string>): boolean {
    for (const id of ids) if (this.#ids.has(id)) return true;
    return false;
  }
}
