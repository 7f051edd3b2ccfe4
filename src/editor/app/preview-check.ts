/**
 * The preview check: the one validator judging the author's unsaved config as they type, whose answer draws the preview
 * and lists the problems. One check at a time, changes made meanwhile checked together as soon as it answers, a few
 * letters typed together checked together, and an answer overtaken by a newer one dropped (answered-checks.ts). The
 * entry the author is in goes with each check, so the preview shows the page it belongs to (in a list of influencers,
 * their profile).
 */
import { sameJson } from '../../content/json-values.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';
import type { Change, CheckResult } from '../protocol/files.ts';
import { isRefusal } from '../protocol/publishing.ts';
import { AnsweredChecks } from './answered-checks.ts';
import { sayingKept, withinDeadline, type Timing } from './deadlines.ts';
import { refusedInWords } from './store-words.ts';

/** What a check is, in the words that say it could not be done. */
const DOING = 'Could not check your changes';

interface Question {
  readonly changes: Change[];
  readonly showing?: string;
  readonly number: number;
}

export class PreviewCheck {
  readonly answered = new AnsweredChecks();
  #checking = false;
  #waiting?: Question;
  #focus: (string | number)[] = [];

  constructor(
    private readonly backend: EditorBackend,
    private readonly timing: Timing,
    private readonly on: {
      /** The checker could not be asked, in words: the text stays as typed. */
      readonly trouble: (words: string) => void;
      /** The answer to the newest question answered so far. */
      readonly answer: (result: CheckResult) => void;
    },
  ) {}

  /** Checks `changes` (the preview showing `showing`) once the check running now answers. */
  ask(changes: Change[], showing: string | undefined): void {
    this.#waiting = { changes, showing, number: this.answered.ask() };
    if (this.#checking) return;
    this.#checking = true;
    void this.#run();
  }

  async #run(): Promise<void> {
    if (this.timing.checkDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.timing.checkDelayMs));
    while (this.#waiting) {
      const { changes, showing, number } = this.#waiting;
      this.#waiting = undefined;
      const result = await withinDeadline(
        this.backend.checkChanges(changes, showing, this.#focus),
        this.timing.deadlineMs,
      ).then(
        (answer) => (isRefusal(answer) ? this.#trouble(refusedInWords(DOING, answer)) : answer),
        (failure: Error) => this.#trouble(this.backend.failureWords(failure, DOING)),
      );
      // A check replaced by a newer one says nothing; the newer one answers.
      if (result && !result.superseded && this.answered.take(number)) this.on.answer(result);
    }
    this.#checking = false;
  }

  /** The checker could not be asked, or refused: said in words; the text stays as typed. */
  #trouble(words: string): undefined {
    this.on.trouble(sayingKept(words));
    return undefined;
  }

  /** Resolves once no check is running or waiting. */
  async settled(): Promise<void> {
    while (this.#checking || this.#waiting) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** The author moved into a field: whether the entry it belongs to is another than before (then check again). */
  focusMoved(at: readonly (string | number)[]): boolean {
    const entry = at.slice(0, 2);
    if (sameJson(entry, this.#focus)) return false;
    this.#focus = entry;
    return true;
  }

  /** Another file was chosen: the preview starts from its first page. */
  forgetFocus(): void {
    this.#focus = [];
  }
}
