/**
 * Stray files as the page shows them (model/stray-files.ts): files where the author's saves go that their Publish
 * never sends and the editor did not put there. The list is read when the checker refuses a file outside config/ (such
 * a file stops every save) or Publish names files it leaves out, and at /admin/ the author can take them off their
 * drafts in one step: the step carries an id, so a try again after an answer that never came finds its own commit.
 */
import { newOperationId } from '../model/operations.ts';
import { pathsInWords, refusedOutsideConfig } from '../model/stray-files.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';
import type { StrayFiles } from '../protocol/files.ts';
import { isRefusal, type PublishStatus } from '../protocol/publishing.ts';
import { sayingKept, withinDeadline, type Timing } from './deadlines.ts';
import { LostAnswers } from './lost-answers.ts';
import type { EditorState } from './editor-state.ts';
import { StateStore } from './state-store.ts';
import { refusedInWords } from './store-words.ts';

export interface StrayFilesState {
  /** The stray files as last read; undefined while there is no reason to look. */
  readonly strays?: StrayFiles;
  /** What the list is doing now, in words. */
  readonly busy?: string;
  /** What its last action said, in words. */
  readonly said?: string;
}

/** What reading the list is, in the words that say it could not be done. */
const LOOKING = 'Could not look at your drafts';

/** What the page's stores give: the checker's problems, Publish's status, the site read again, the status line. */
export interface StraySides {
  readonly editor: {
    readonly getState: () => Pick<EditorState, 'problems'>;
    readonly subscribe: (listener: () => void) => () => void;
    readonly reloadSaved: () => Promise<void>;
    readonly say: (status: string) => void;
  };
  readonly publishing: {
    readonly getState: () => { readonly status?: PublishStatus };
    readonly subscribe: (listener: () => void) => () => void;
  };
}

/** The stray files as the page shows them, read when something points to them, and the step that takes them off. */
export class StrayFilesStore extends StateStore<StrayFilesState> {
  /** What the list was last read for: the files the checker refuses, and those Publish leaves out. */
  #reason = '';
  /** Ids of earlier tries to take files off whose answers never came. */
  #unanswered: string[] = [];

  constructor(
    private readonly backend: EditorBackend,
    private readonly sides: StraySides,
    private readonly timing: Partial<Timing> & Pick<Timing, 'deadlineMs'>,
    /** Where a step whose answer was lost is looked up, and watched for (the editor's, shared with saves). */
    private readonly lost = new LostAnswers(timing),
  ) {
    super({});
    const follow = () => this.#follow();
    sides.editor.subscribe(follow);
    sides.publishing.subscribe(follow);
  }

  /** Reads the list again when what points to stray files changed; forgets it when nothing does. */
  #follow(): void {
    const refused = [...refusedOutsideConfig(this.sides.editor.getState().problems).keys()];
    const status = this.sides.publishing.getState().status;
    const reason = JSON.stringify([refused, status?.ignored ?? [], status?.outside ?? []]);
    if (reason === this.#reason) return;
    this.#reason = reason;
    if (reason === JSON.stringify([[], [], []])) this.set({ strays: undefined });
    else void this.refresh();
  }

  /** Reads the stray files. */
  readonly refresh = async (): Promise<void> => {
    try {
      const strays = await withinDeadline(this.backend.strayFiles(), this.timing.deadlineMs);
      if (isRefusal(strays)) this.set({ said: refusedInWords(LOOKING, strays) });
      else this.set({ strays: strays.files.length > 0 ? strays : undefined });
    } catch (failure) {
      this.set({ said: this.backend.failureWords(failure as Error, LOOKING) });
    }
  };

  /**
   * Takes the stray files listed off the author's drafts, in one step made only on the drafts the list was made from;
   * then the site is read and checked again.
   */
  readonly takeOff = async (): Promise<void> => {
    const strays = this.state.strays;
    const listedAt = strays?.listedAt;
    if (!strays || !listedAt || this.state.busy) return;
    const paths = strays.files.map((file) => file.path);
    const attempt = { id: newOperationId(), earlier: [...this.#unanswered] };
    this.set({ busy: `Taking ${pathsInWords(paths)} off your drafts…`, said: undefined });
    try {
      const outcome = await this.lost.send({
        attempt,
        send: (signal) => this.backend.takeOffDrafts({ paths, listedAt, attempt }, signal),
        find: () => this.backend.findOperation('save', attempt),
        readBack: async () => ({ takenOff: paths }),
        late: (answer) => void this.#tookOff(answer.takenOff),
      });
      if ('lost' in outcome) {
        // A try again names this one, and finds its commit if it landed meanwhile.
        if (outcome.later) this.#unanswered.push(attempt.id);
        this.set({
          said: `${sayingKept(this.backend.failureWords(outcome.lost, 'Not taken off'))} Choose it again to try once more.`,
        });
        return;
      }
      const answer = 'landed' in outcome ? outcome.landed : outcome.answered;
      if (isRefusal(answer)) {
        this.set({ said: answer.error });
        await this.refresh();
        return;
      }
      this.lost.settle([attempt.id, ...this.#unanswered]);
      this.#unanswered = [];
      await this.#tookOff(answer.takenOff);
    } catch (failure) {
      this.set({
        said: `${sayingKept(this.backend.failureWords(failure as Error, 'Not taken off'))} Choose it again to try once more.`,
      });
    } finally {
      this.set({ busy: undefined });
    }
  };

  /** Files taken off the drafts (at once, or found so after an answer was lost): said, and the site read again. */
  async #tookOff(takenOff: readonly string[]): Promise<void> {
    const said = `Took ${pathsInWords(takenOff)} off your drafts: ${takenOff.length === 1 ? 'it is' : 'they are'} as the live site has ${takenOff.length === 1 ? 'it' : 'them'}. Save again if a save was stopped: your changes are kept.`;
    this.set({ said, strays: undefined });
    this.sides.editor.say(said);
    await this.sides.editor.reloadSaved();
    await this.refresh();
  }
}
