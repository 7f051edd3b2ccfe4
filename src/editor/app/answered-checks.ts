/**
 * Which of the checker's answers the editor shows. Every question (a check of the author's changes, or a save, which
 * the checker judges too) is numbered as it is asked; an answer to an older question that arrives after a newer one
 * was answered is dropped, so the problems and the status line always speak of the newest text the checker judged.
 */
export class AnsweredChecks {
  #asked = 0;
  #answered = 0;

  /** Numbers a new question about the author's changes. */
  ask(): number {
    return ++this.#asked;
  }

  /** The number of the newest question asked, for a save, which judges the same changes. */
  get newest(): number {
    return this.#asked;
  }

  /** Takes the answer to question `number`: true when it is to be shown, false when a newer one was shown already. */
  take(number: number): boolean {
    if (number < this.#answered) return false;
    this.#answered = number;
    return true;
  }

  /** Whether what is shown answers the newest question: only then may the editor say the problems are fixed. */
  get current(): boolean {
    return this.#answered === this.#asked;
  }
}
