/**
 * Saving, a part of the editor's store (editor-store.ts): Save, one after another, each ending in words (saved,
 * refused, or not answered and looked up by its id), a save that met changed files shown or saved on, and Keep mine or
 * Take theirs for each file that changed. The steps of a save that need no state are saving.ts.
 */
import type { Attempt } from '../protocol/attempt.ts';
import type { Change, ChangedSince, OpenedFile, SaveResult } from '../protocol/files.ts';
import { isRefusal, type Answer } from '../protocol/publishing.ts';
import { sayingKept } from './deadlines.ts';
import { isChanged, opened, savedAs } from './file-history.ts';
import type { Outcome } from './lost-answers.ts';
import { changesOf, type OpenFile } from './open-files.ts';
import { afterConflict, landedFiles, type LandedSave, type Sent } from './saving.ts';
import type { StoreCore } from './store-core.ts';
import {
  changedSinceLandedInWords,
  notSavedInWords,
  notSavedLostInWords,
  refusedInWords,
  savedInWords,
} from './store-words.ts';

export class FileSaving {
  /** Saves go one after another: a second Save waits for the first's answer, then sends what is unsaved then. */
  #saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly core: StoreCore,
    /** The uploads held for a save now, by their address (/media/…). */
    private readonly heldUploads: () => readonly string[],
  ) {}

  /**
   * Saves every unsaved change (or `pending`), checked with the whole site; refused in words, never half-written. A
   * Save pressed while another is under way waits for it, then sends what is unsaved then. Every save ends in words:
   * saved, refused, or not answered (the changes are kept, and Save tries again, recognising its own earlier try).
   */
  readonly save = (pending?: Change[]): Promise<void> => {
    const run = this.#saving.then(() => this.#save(pending ?? changesOf(this.core.state.open)));
    this.#saving = run.catch(() => undefined);
    return run;
  };

  async #save(pending: Change[], again = false): Promise<void> {
    if (pending.length === 0) return;
    this.core.say('Saving…');
    const question = this.core.check.answered.newest;
    const sent: Sent = new Map(pending.map((change) => [change.path, change.data]));
    // Until an answer comes, the drafts know this save was sent: after a reload, a new try knows its commit.
    const { id, earlier } = this.core.sentSaves.send(pending);
    // This save answers for the earlier tries it names: their late landings are no longer watched for on their own.
    this.core.lost.settle(earlier);
    for (const change of pending) {
      const file = this.core.state.open[change.path];
      if (file) this.core.keepDraft(change.path, file);
    }
    const attempt = { id, earlier };
    let outcome: Outcome<Answer<SaveResult>, LandedSave>;
    try {
      outcome = await this.core.lost.send({
        attempt,
        send: (signal) => this.core.backend.saveChanges(pending, attempt, signal),
        find: () => this.core.backend.findOperation('save', attempt),
        // What it wrote, read back: the files as they now stand, taken as saved where they hold what it sent.
        readBack: async () =>
          landedFiles(pending, await Promise.all(pending.map((change) => this.core.readBack(change.path))), sent),
        late: (landed) => this.#landedSave(landed, sent, attempt, 'late'),
      });
    } catch (failure) {
      this.core.say(
        `${sayingKept(this.core.backend.failureWords(failure as Error, 'Not saved'))} Save again to try once more.`,
      );
      return;
    }
    if ('landed' in outcome) return this.#landedSave(outcome.landed, sent, attempt, 'found');
    if ('lost' in outcome) {
      this.core.say(notSavedLostInWords(this.core.backend.failureWords(outcome.lost, 'Not saved'), outcome.later));
      return;
    }
    const result = outcome.answered;
    // Refused, nothing was saved: earlier tries it names may still land, so they stay remembered.
    if (isRefusal(result)) {
      this.core.say(`${sayingKept(refusedInWords('Not saved', result))} Save again to try once more.`);
      return;
    }
    const tried = this.core.sentSaves.answered(id, earlier);
    this.core.lost.settle([id]);
    for (const change of pending) {
      const file = this.core.state.open[change.path];
      if (file) this.core.keepDraft(change.path, file);
    }
    if (result.status === 'invalid') {
      const status = notSavedInWords(result.problems, this.core.backend.canTakeOffStrays, this.heldUploads());
      if (this.core.check.answered.take(question)) this.core.set({ problems: result.problems, status });
      else this.core.say(status);
      return;
    }
    if (result.status === 'conflict') return this.#conflicted(result.files, pending, sent, tried, again);
    this.#saved(result, sent);
  }

  /**
   * A save found to have landed though its answer was lost: saved after all, said so; what was typed since stays
   * unsaved. Where a file reads otherwise now (another tab saved over it), nothing is taken as saved: the next Save
   * compares.
   */
  #landedSave(landed: LandedSave, sent: Sent, attempt: Attempt, when: 'found' | 'late'): void {
    this.core.sentSaves.answered(attempt.id, attempt.earlier ?? []);
    if (!landed) {
      this.core.say(changedSinceLandedInWords());
      return;
    }
    this.#saved({ status: 'saved', ...landed, noLongerUsed: [] }, sent, when);
  }

  /** A save that found files changed since they were opened: shown, or saved on over the author's own versions. */
  async #conflicted(
    files: readonly ChangedSince[],
    pending: Change[],
    sent: Sent,
    tried: readonly ReadonlyMap<string, string>[],
    again: boolean,
  ): Promise<void> {
    const after = afterConflict(files, pending, sent, tried, again);
    if (after.next === 'show') {
      this.core.set({
        conflicts: after.conflicts,
        status: `Not saved: a file changed ${this.core.backend.savedWhere} since you opened it. Compare the two versions below.`,
      });
      return;
    }
    if (after.next === 'saved')
      return this.#saved({ status: 'saved', files: after.arrived, removed: [], noLongerUsed: [] }, sent);
    this.core.set({ open: this.#markSaved(after.arrived, sent) });
    return this.#save(after.rest, true);
  }

  /**
   * A save that went through: each file's saved version is on record, and text typed since it was sent stays. `afterAll`
   * says it went through although its answer was lost: found so at once, or late, after the editor said it had not.
   */
  #saved(result: Extract<SaveResult, { status: 'saved' }>, sent: Sent, afterAll?: 'found' | 'late'): void {
    const next = this.#markSaved(result.files, sent);
    const typedSince = result.files.filter((file) => isChanged(next[file.path]!)).map((file) => file.path);
    this.core.set({
      open: next,
      conflicts: [],
      status: savedInWords(result, this.core.state.problems, typedSince, afterAll),
    });
    // New files and new names (a page's address, an influencer's name) show in the list.
    this.core.relist();
    this.core.scheduleCheck(next, this.core.state.selected);
  }

  /** The open files with these saved versions on record (their drafts kept or forgotten to match). */
  #markSaved(files: readonly OpenedFile[], sent: Sent): Record<string, OpenFile> {
    const next = { ...this.core.state.open };
    // Every step is kept: Undo goes on back past what was saved (and Save writes that).
    for (const saved of files) {
      const file = next[saved.path];
      next[saved.path] = file ? savedAs(file, saved, sent.get(saved.path)) : opened(saved);
      this.core.keepDraft(saved.path, next[saved.path]!);
    }
    return next;
  }

  /** Keep mine: save again over the version now on disk. */
  readonly keepMine = (path: string): Promise<void> => {
    const disk = this.core.state.conflicts.find((conflict) => conflict.path === path)!;
    return this.save(
      changesOf(this.core.state.open).map((change) =>
        change.path === path ? { ...change, baseVersion: disk.version || null } : change,
      ),
    );
  };

  /** Take theirs: drop my changes to that file, for the version on disk. */
  readonly takeTheirs = (path: string): void => {
    const disk = this.core.state.conflicts.find((conflict) => conflict.path === path)!;
    this.core.update(path, opened(disk));
    this.core.set({ conflicts: this.core.state.conflicts.filter((conflict) => conflict.path !== path) });
  };
}
