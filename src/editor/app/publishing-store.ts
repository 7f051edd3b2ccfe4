/**
 * The publishing part of the editor page's state: the site's publishing status (what is saved and not yet live, the
 * author's name, where it publishes), what the author leaves out or removes and their message, what the panel is doing
 * now, what its last action answered, and the history. The three dialogs (Publish, Get latest changes, History) draw
 * it and call these actions; the panel does one thing at a time, as the dialogs open one at a time. What it asks goes
 * through the editor's backend, and what changes the author's files is handed back to the editor's store.
 */
import { messageFor } from '../model/change-words.ts';
import { newOperationId } from '../model/operations.ts';
import { toPublish } from '../model/publish-list.ts';
import { isRefusal, unlessRefused, type RefusalInWords } from '../protocol/publishing.ts';
import { LIVE_WATCH, liveState, type LiveState, type Published } from '../model/live-site.ts';
import type { HistoryEntry, LatestResult, PublishResult, PublishStatus, SentChanges } from '../protocol/publishing.ts';
import { ACTION_DEADLINE_MS, sayingSavedKept, withinDeadline, type Timing } from './deadlines.ts';
import { isAnswerLost } from '../protocol/editor-backend.ts';
import { LostAnswers } from './lost-answers.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { StateStore } from './state-store.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';

/** What an action of the panel answered: a publish, an undo or a Get latest, or a refusal in words. */
export type Outcome = PublishResult | LatestResult | RefusalInWords;

export interface PublishingState {
  /** What the panel is doing right now, in words; nothing while it waits for the author. */
  readonly busy?: string;
  /** The site's publishing status as last read. */
  readonly status?: PublishStatus;
  /** Saved changes the author leaves out of the next publish, by path. */
  readonly leftOut: ReadonlySet<string>;
  /** Published pictures and videos nothing uses any more that the author chose to remove with it. */
  readonly removing: ReadonlySet<string>;
  /** What the author wrote for their colleagues; until they write, the suggested message stands. */
  readonly message?: string;
  /** What the last action answered, shown in the dialog that asked. */
  readonly outcome?: Outcome;
  /** What was published, newest first, once History was opened. */
  readonly history?: readonly HistoryEntry[];
  /** How the last publish stands on its way to the live site (or its preview, for review), while and after it is watched. */
  readonly live?: LiveState;
}

/** What the editor's store does for the panel: read the author's files again, and say what happened. */
export interface EditorSide {
  readonly filesChanged: () => Promise<void>;
  readonly say: (status: string) => void;
}

/** The changes the next publish takes: every saved change the author did not leave out, and no unused new media. */
export const chosenChanges = (state: PublishingState) => toPublish(state.status?.changes ?? [], state.leftOut);

/** The message offered for the next publish: what it takes, in words. */
export const suggestedMessage = (state: PublishingState) =>
  messageFor([
    ...chosenChanges(state).map((change) => change.words),
    ...[...state.removing].map((path) => `Removed ${path.split('/').at(-1)}`),
  ]);

/** Whether Publish may go now: something to publish, nothing in the way, no question open, nothing under way. */
export function canPublish(state: PublishingState): boolean {
  const { status, outcome } = state;
  const questionsOpen = !!outcome && !isRefusal(outcome) && outcome.status === 'conflicts';
  return (
    !!status &&
    !status.problem &&
    status.outside.length === 0 &&
    !!status.identity &&
    (chosenChanges(state).length > 0 || state.removing.size > 0) &&
    !state.busy &&
    !questionsOpen
  );
}

/** What happens next, in words, after a publish or an undo went out: published, or sent for review. */
export function nextStepInWords(result: SentChanges, status: PublishStatus | undefined): string {
  if (result.status === 'sent-for-review')
    return result.link
      ? 'Ask a colleague to review your changes at the link below. The site updates once they accept them.'
      : `Your changes are on the branch "${result.branch}". Ask a colleague to review and accept them; the site updates then.`;
  const minutes = status?.updateMinutes ?? 2;
  return `Your changes are on their way: the site updates in about ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
}

/** What a publish that went out although its answer was lost says first; nothing for one answered as usual. */
export function afterAllInWords(result: SentChanges): string {
  if (result.afterAll === 'found') return 'Published: it reached the site although the answer was lost on the way. ';
  if (result.afterAll === 'late')
    return 'Published after all: your publish reached the site after the editor said it had not. ';
  return '';
}

/**
 * What a publish (or undo) whose answer was lost says when it was found not to have landed: the failure, that nothing
 * was published (as far as the editor can tell, where it may still land: then it says so if it does), and what to do.
 */
export const notPublishedLostInWords = (failed: string, later: boolean): string =>
  later
    ? `${failed} As far as the editor can tell, nothing was published: your saved changes are all still here. Publish again to try once more; should it reach the site after all, the editor will say so.`
    : `${failed} Nothing was published: your saved changes are all still here. Publish again to try once more.`;

/** Whether a publish or an undo went out: published, or sent for review. */
const wentOut = (result: PublishResult | LatestResult): result is SentChanges =>
  result.status === 'published' || result.status === 'sent-for-review';

const toggled = (set: ReadonlySet<string>, path: string): ReadonlySet<string> => {
  const next = new Set(set);
  if (!next.delete(path)) next.add(path);
  return next;
};

/**
 * How long until the next look at a publish on its way: often in the first minute, when a small site may already be
 * live, then less, and after five minutes a third as often, so a slow host does not spend the author's GitHub
 * requests (each look at /admin/ asks GitHub a few times; a token has 5,000 an hour).
 */
const nextLook = (sinceMs: number, everyMs: number) =>
  sinceMs < 60_000 ? everyMs / 2 : sinceMs < 5 * 60_000 ? everyMs : everyMs * 3;

/** How often History is read after an undo before it is left as GitHub gives it, and how long between (growing). */
const HISTORY_READS = 5;
const HISTORY_REREAD_MS = 700;

export class PublishingStore extends StateStore<PublishingState> {
  /**
   * The ids of publishes and undos sent whose answers never came, by what they do ("publish", or the change an undo
   * undoes): a try again of the same carries the same id, to know its own commit.
   */
  readonly #tries = new Map<string, string>();
  /** The publish being watched on its way to the live site; a newer publish replaces it. */
  #watched: { readonly published: Published; timer?: ReturnType<typeof setTimeout> } | undefined;

  get #deadlineMs(): number {
    return this.timing.deadlineMs ?? ACTION_DEADLINE_MS;
  }

  constructor(
    private readonly backend: EditorBackend,
    private readonly editor: EditorSide,
    /** How it paces itself; the live site is read after a publish every liveLookMs (nextLook: less after a while). */
    private readonly timing: Partial<Timing> = {},
    /** Where a publish or undo whose answer was lost is looked up, and watched for (the editor's, shared with saves). */
    private readonly lost = new LostAnswers(timing),
  ) {
    super({ leftOut: new Set(), removing: new Set() });
  }

  /**
   * One action: what it is doing, in words, while it runs; a failure to reach the site, or no answer within the
   * deadline, becomes a refusal in words (marked unanswered: it may have happened).
   */
  async #act<T>(doing: string, action: () => Promise<T>): Promise<T | RefusalInWords> {
    this.set({ busy: doing });
    try {
      return await withinDeadline(action(), this.#deadlineMs);
    } catch (failure) {
      return this.#failed(failure, doing);
    } finally {
      this.set({ busy: undefined });
    }
  }

  /** A failure in words that say what is kept; marked unanswered where no answer came (it may have happened). */
  #failed(failure: unknown, doing: string): RefusalInWords {
    const words = sayingSavedKept(this.backend.failureWords(failure as Error, doing.replace(/…$/, '')));
    return { error: words, ...(isAnswerLost(failure) ? { unanswered: true } : {}) };
  }

  /** Reads the publishing status again; what the author left out or chose to remove stays chosen while it is there. */
  readonly refresh = async (keepOutcome = false): Promise<void> => {
    const next = await this.#act('Looking at what is saved…', () => this.backend.publishStatus());
    if (isRefusal(next)) {
      this.set({ outcome: next });
      return;
    }
    const { leftOut, removing } = this.state;
    this.set({
      status: next,
      leftOut: new Set([...leftOut].filter((path) => next.changes.some((change) => change.path === path))),
      removing: new Set([...removing].filter((path) => next.unusedMedia.includes(path))),
      ...(keepOutcome ? {} : { outcome: undefined }),
    });
  };

  /** Publish opened: what is saved and not yet live. */
  readonly openPublish = (): Promise<void> => this.refresh();

  readonly leaveOut = (path: string): void => this.set({ leftOut: toggled(this.state.leftOut, path) });
  readonly remove = (path: string): void => this.set({ removing: toggled(this.state.removing, path) });
  readonly write = (message: string): void => this.set({ message });

  /**
   * One action that publishes (a publish, an undo), sent once (lost-answers.ts) under the id its tries share (`what`
   * names it: a try again of the same carries the same id, to find its own commit): its answer; or, when the answer was
   * lost, what the editor found by its id (published after all), or a refusal in words that says nothing was
   * published as far as it can tell, and then a late landing is said when it comes.
   */
  async #sendOnce<T extends object>(
    doing: string,
    what: string,
    send: (attempt: Attempt, signal: AbortSignal) => Promise<T | RefusalInWords>,
  ): Promise<T | SentChanges | RefusalInWords> {
    const id = this.#tries.get(what) ?? newOperationId();
    this.#tries.set(what, id);
    const attempt = { id };
    const status = this.state.status;
    this.set({ busy: doing });
    try {
      const outcome = await this.lost.send({
        attempt,
        send: (signal) => send(attempt, signal),
        find: () => this.backend.findOperation('publish', attempt),
        readBack: async (landed) => landed.sent!,
        late: (published) => {
          this.#tries.delete(what);
          this.set({ outcome: { ...published, afterAll: 'late' } });
          void this.#published({ ...published, afterAll: 'late' }, status);
        },
      });
      if ('lost' in outcome)
        return { error: notPublishedLostInWords(outcome.lost.message, outcome.later), unanswered: true };
      this.#tries.delete(what);
      this.lost.settle([id]);
      return 'landed' in outcome ? { ...outcome.landed, afterAll: 'found' } : outcome.answered;
    } catch (failure) {
      return this.#failed(failure, doing);
    } finally {
      this.set({ busy: undefined });
    }
  }

  /**
   * Publishes the chosen changes of the list shown, with the author's message (or the suggested one), checked with
   * the whole site. A list that moved since it was shown is read again, nothing published; a publish whose answer
   * never came is looked up by its id (published after all, said so), and a try again carries the same id, so it
   * finds its own commit rather than publishing twice.
   */
  readonly publish = async (): Promise<void> => {
    const state = this.state;
    const result = await this.#sendOnce(
      'Getting the latest changes, checking the site and publishing…',
      'publish',
      (attempt, signal) =>
        this.backend.publish(
          {
            leaveOut: [...state.leftOut],
            removeMedia: [...state.removing],
            message: state.message ?? suggestedMessage(state),
            listId: state.status?.listId,
            attempt,
          },
          signal,
        ),
    );
    if (isRefusal(result) && result.listMoved) {
      await this.refresh();
      this.set({ outcome: result });
      return;
    }
    this.set({ outcome: result });
    if (isRefusal(result) || !wentOut(result)) return;
    this.set({ message: undefined });
    await this.#published(result, state.status);
  };

  /**
   * A publish (or undo) that went out: said, watched on its way to the live site (or its preview), and the files read
   * again.
   */
  async #published(result: SentChanges, status: PublishStatus | undefined): Promise<void> {
    this.editor.say(`${afterAllInWords(result)}${nextStepInWords(result, status)}`);
    this.#watchPublished(result);
    await this.editor.filesChanged();
    await this.refresh(true);
  }

  /**
   * Watches a published commit on its way: the live site (and, where the backend can ask, the hosts' reports) is read
   * until it is live, the build failed, the preview is ready, or the watch's time is over, each said in words.
   */
  watchLive(published: Published): void {
    this.stopWatching();
    const watched: { published: Published; timer?: ReturnType<typeof setTimeout> } = { published };
    this.#watched = watched;
    this.set({ live: liveState(published, undefined, Date.now()) });
    const look = async () => {
      const build = await withinDeadline(this.backend.siteBuild(published.commit), this.#deadlineMs).then(
        unlessRefused,
        () => undefined,
      );
      if (this.#watched !== watched) return;
      const live = liveState(published, build, Date.now());
      this.set({ live });
      if (live.phase === 'building')
        watched.timer = setTimeout(
          () => void look(),
          nextLook(Date.now() - published.at, this.timing.liveLookMs ?? LIVE_WATCH.everyMs),
        );
      else this.#watched = undefined;
    };
    void look();
  }

  /**
   * Watches what a publish or an undo just sent: published, or sent for review where the backend sees the hosts'
   * reports (a review never goes live by itself; only a host's preview says anything of it).
   */
  #watchPublished(result: SentChanges): void {
    const { status } = this.state;
    const review = result.status === 'sent-for-review';
    if (result.commit && (!review || this.backend.seesHostReports))
      this.watchLive({
        commit: result.commit,
        at: Date.now(),
        review,
        updateMinutes: status?.updateMinutes ?? 2,
      });
  }

  /** Stops watching (the editor is closing, or a newer publish is watched instead). */
  stopWatching(): void {
    if (this.#watched?.timer) clearTimeout(this.#watched.timer);
    this.#watched = undefined;
  }

  /** Puts a saved change back as it is live (`words` names it). */
  readonly discard = async (path: string, words: string): Promise<void> => {
    const result = await this.#act('Undoing…', () => this.backend.discardChange(path));
    if (isRefusal(result)) {
      this.set({ outcome: result });
      return;
    }
    this.editor.say(`Undone: ${words}.`);
    await this.editor.filesChanged();
    await this.refresh();
  };

  /** The author's name and email, asked once, for the changes they publish. */
  readonly saveIdentity = async (name: string, email: string): Promise<void> => {
    const local = this.backend.local;
    // Only git on the author's computer asks who they are; GitHub knows who signed in.
    if (!local) return;
    const result = await this.#act('Saving your name…', () => local.setIdentity(name, email));
    if (isRefusal(result)) this.set({ outcome: result });
    else await this.refresh();
  };

  /** Get latest changes opened: nothing answered yet. */
  readonly startAfresh = (): void => this.set({ outcome: undefined });

  /**
   * Brings in what teammates published; `choices` answers the questions an earlier try asked. Within Publish, the
   * status is read again after.
   */
  readonly getLatest = async (
    choices: Record<string, 'mine' | 'theirs'> = {},
    { thenRefresh = false } = {},
  ): Promise<void> => {
    const result = await this.#act('Getting the latest changes…', () => this.backend.getLatest(choices));
    this.set({ outcome: result });
    if (!isRefusal(result) && result.status === 'updated') {
      this.editor.say(
        result.brought.length > 0 || result.codeChanged
          ? 'Brought in what your teammates published.'
          : 'You already have everything your teammates published.',
      );
      await this.editor.filesChanged();
    }
    if (thenRefresh) await this.refresh(true);
  };

  /** History opened: what was published, and where the site is published from (for the words after an undo). */
  readonly openHistory = async (): Promise<void> => {
    this.set({ outcome: undefined });
    const loaded = await this.#act('Reading the history…', () => this.backend.loadHistory());
    if (isRefusal(loaded)) this.set({ outcome: loaded });
    else this.set({ history: loaded.entries });
    const status = await withinDeadline(this.backend.publishStatus(), this.#deadlineMs).then(
      unlessRefused,
      () => undefined,
    );
    if (status) this.set({ status });
  };

  /** Undoes a published change, or only the file `part` of it, with a new checked commit. */
  readonly undo = async (entry: HistoryEntry, part?: HistoryEntry['changes'][number]): Promise<void> => {
    const only = part ? [part.path] : undefined;
    const result = await this.#sendOnce(
      'Checking the site without this change and publishing…',
      `undo ${entry.commit} ${part?.path ?? ''}`,
      (attempt, signal) => this.backend.undoPublished(entry.commit, only, attempt, signal),
    );
    this.set({ outcome: result });
    if (isRefusal(result) || (!wentOut(result) && result.status !== 'updated')) return;
    // An undo is a publish too: it is watched on its way to the live site, or to its preview.
    if (wentOut(result)) this.#watchPublished(result);
    await this.editor.filesChanged();
    // GitHub may answer from before the undo for a moment after it: History is read again until it lists the undo.
    for (let attempt = 1; ; attempt++) {
      const loaded = await withinDeadline(this.backend.loadHistory(), this.#deadlineMs).then(
        unlessRefused,
        () => undefined,
      );
      if (loaded) this.set({ history: loaded.entries });
      // Only a published undo is in History; one sent for review is not on the published branch.
      const undoCommit = result.status === 'published' ? result.commit : undefined;
      const listed = loaded?.entries.some((listedEntry) => listedEntry.commit === undoCommit);
      if (!loaded || !undoCommit || listed || attempt === HISTORY_READS) return;
      const rereadMs = this.timing.historyRereadMs ?? HISTORY_REREAD_MS;
      await new Promise((resume) => setTimeout(resume, rereadMs * attempt));
    }
  };
}
