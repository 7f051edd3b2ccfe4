/**
 * Deleting, a part of the editor's store (editor-store.ts): a file deleted as planned with the places that point to
 * it, in one checked save, and a Delete whose answer was lost looked up by its id before anything is said.
 */
import { newOperationId } from '../model/operations.ts';
import type { OpenedFile, PlacesChoice, RemovalAnswer, RemovalPlan, SaveResult } from '../protocol/files.ts';
import { isRefusal, type Answer } from '../protocol/publishing.ts';
import { isChanged, opened } from './file-history.ts';
import type { Outcome } from './lost-answers.ts';
import type { StoreCore } from './store-core.ts';
import { deletedInWords, notDeletedLostInWords, refusedInWords } from './store-words.ts';

export class FileDeleting {
  /** Deletes whose answers were lost that may still land, until the author chooses Delete again. */
  readonly #deletesOwed: string[] = [];

  constructor(private readonly core: StoreCore) {}

  /**
   * Deletes a file as planned (DeleteDialog), its places dealt with, in one checked save. A Delete whose answer was
   * lost is looked up by its id before anything is said: deleted after all (`done`: closed and said here), or not
   * deleted in words, and then watched for a late landing, said when it comes. Refused, it is not deleted, in words
   * (with the plan as it is now, when the file changed since). The dialog shows the other answers.
   */
  readonly deleteFile = async (
    plan: RemovalPlan,
    places: PlacesChoice,
    showInstead?: string,
  ): Promise<
    | RemovalAnswer
    | { readonly status: 'done' }
    | { readonly status: 'not-deleted'; readonly error: string; readonly plan?: RemovalPlan }
  > => {
    // A Delete chosen again settles the one before it: it is said by this one (which finds the file gone).
    this.core.lost.settle(this.#deletesOwed.splice(0));
    const attempt = { id: newOperationId() };
    let outcome: Outcome<Answer<RemovalAnswer>, OpenedFile[]>;
    try {
      outcome = await this.core.lost.send({
        attempt,
        send: (signal) => this.core.backend.removeFile(plan, places, showInstead, attempt, signal),
        find: () => this.core.backend.findOperation('save', attempt),
        // The files whose places it changed, read back.
        readBack: async () =>
          (await Promise.all([...new Set(plan.places.map((place) => place.file))].map(this.core.readBack))).filter(
            (file): file is OpenedFile => file !== undefined,
          ),
        late: (files) => this.#deletedAfterAll(files, plan, places, 'late'),
      });
    } catch (failure) {
      return { status: 'not-deleted', error: this.core.backend.failureWords(failure as Error, 'Not deleted') };
    }
    if ('answered' in outcome) {
      const answer = outcome.answered;
      // A file changed since the plan says so in its own words, beside the plan as it is now.
      if (isRefusal(answer))
        return answer.plan
          ? { status: 'not-deleted', error: answer.error, plan: answer.plan }
          : { status: 'not-deleted', error: refusedInWords('Not deleted', answer) };
      if (answer.status === 'saved') this.deleted(answer, plan, places);
      return answer;
    }
    if ('landed' in outcome) {
      this.#deletedAfterAll(outcome.landed, plan, places, 'found');
      return { status: 'done' };
    }
    if (outcome.later) this.#deletesOwed.push(attempt.id);
    return {
      status: 'not-deleted',
      error: notDeletedLostInWords(this.core.backend.failureWords(outcome.lost, 'Not deleted'), outcome.later),
    };
  };

  /** A Delete found to have landed though its answer was lost: as any Delete that went through, said so. */
  #deletedAfterAll(files: OpenedFile[], plan: RemovalPlan, places: PlacesChoice, when: 'found' | 'late'): void {
    this.deleted({ status: 'saved', files, removed: [plan.path], noLongerUsed: [] }, plan, places, when);
  }

  /** Deleted with the places that pointed to it: closed, out of the list, and the files it changed read again. */
  readonly deleted = (
    result: SaveResult & { status: 'saved' },
    plan: RemovalPlan,
    places: PlacesChoice,
    afterAll?: 'found' | 'late',
  ): void => {
    const next = { ...this.core.state.open };
    delete next[plan.path];
    this.core.drafts?.forget(plan.path);
    const keptUnsaved: string[] = [];
    for (const saved of result.files) {
      const file = next[saved.path];
      if (file && isChanged(file)) keptUnsaved.push(saved.path);
      else if (file) next[saved.path] = opened(saved);
    }
    this.core.set({
      open: next,
      selected: undefined,
      view: 'files',
      status: deletedInWords(plan, places, keptUnsaved, afterAll),
    });
    this.core.relist(next);
    this.core.scheduleCheck(next, undefined);
  };
}
