/**
 * The editor's Publish, Get latest changes, History and Undo at npm run edit: what an author saved goes live without a
 * terminal. Every decision is the core's (model/publish.ts, get-latest.ts, history.ts, undo.ts), over this copy's
 * git repository and its remote (git-repository.ts) and the author's working copy as their drafts (git-drafts.ts),
 * and only on config/ and public/media/. This file runs the operations in turn, holds the locks, records where each
 * stands, and puts right a step the editor stopped in the middle of:
 *   git-repository.ts   the remote, fetched and pushed; a live publish journaled before it is sent
 *   git-drafts.ts       the author's saved files, and this copy taking in a published commit
 *   get-latest.ts       the fast-forward with the author's files on top, journaled
 *   publish-commit.ts   a commit of exactly the given files, checked as published; the end of a publish
 *   journal-recovery.ts putting right a step the editor stopped in the middle of
 *   publish-journal.ts  what an editor that stopped in the middle finishes or puts back
 *   operation-record.ts where an operation stands, step by step, for the one notice after a stop
 */
import type { Attempt } from '../protocol/attempt.ts';
import type {
  FoundOperation,
  HistoryEntry,
  LatestResult,
  PublishRequest,
  PublishResult,
  PublishStatus,
} from '../protocol/publishing.ts';
import type { Choices } from '../model/file-merge.ts';
import { getLatest } from '../model/get-latest.ts';
import { historyOf, whoRemovedAt } from '../model/history.ts';
import { landedPublish, lostPublishOutcome, publish, publishStatusOf } from '../model/publish.ts';
import { putBackFiles } from '../model/put-back.ts';
import type { PublishingPlace, PublishingStep } from '../model/repository.ts';
import { undoPublished } from '../model/undo.ts';
import { assertCommitId } from '../model/undo-files.ts';
import { DiskStore } from './disk-store.ts';
import { GitDrafts } from './git-drafts.ts';
import { GitRepository } from './git-repository.ts';
import { resumeJournal } from './journal-recovery.ts';
import { LockQueue } from './lock-queue.ts';
import {
  interruptedInWords,
  OperationRecord,
  type OperationName,
  type OperationStep,
  type Settled,
  type StoppedOperation,
} from './operation-record.ts';
import { commitFiles, problemsOfCommit, settlePublish, type ValidateFolder } from './publish-commit.ts';
import { readPublishSettings, type PublishSettings } from './publish-settings.ts';
import { refusalOfFile, SiteRepository } from './site-repository.ts';
import { refuse, Refused } from '../protocol/refusals.ts';
import { identityOf, setIdentity } from './git-identity.ts';
import { assertPlainSiteFolders, RefusedPath } from './safe-path.ts';

/**
 * Publishing over the author's copy, as the core asks for it: the remote (each fetch settles a publish the editor
 * stopped sending, told to `settled`), the working copy as the drafts, the one validator on the site as a commit would
 * hold it (made in a scratch index and folder, with the site's files locked), and each step told to `step`.
 */
export function publishingOnDisk(
  repo: SiteRepository,
  settings: PublishSettings,
  parts: {
    /** The editor session's lock on the site's files, which its saves and uploads take too. */
    readonly siteFiles: LockQueue;
    readonly validateFolder: ValidateFolder;
    readonly settled?: (found: 'arrived' | 'not-arrived') => void;
    readonly step?: (step: PublishingStep) => void;
  },
): PublishingPlace {
  const { siteFiles, validateFolder, step = () => undefined } = parts;
  const afterFetch = () =>
    siteFiles.run(async () => {
      const found = await settlePublish(repo, await repo.journal(), true);
      if (found) parts.settled?.(found);
    });
  return {
    repository: new GitRepository(repo, settings, afterFetch, step),
    drafts: new GitDrafts(repo, siteFiles),
    branch: settings.branch,
    mode: settings.mode,
    problemsWith: (base, changes) =>
      siteFiles.run(async () => {
        const files = new Map([...changes].map(([path, bytes]) => [path, bytes && Buffer.from(bytes)]));
        const commit = await commitFiles(repo, base, files, 'The site as it would be published\n');
        return problemsOfCommit(repo, commit, validateFolder);
      }),
    step,
  };
}

/** What publishing asks of an author who has not told git their name. */
const NEEDS_IDENTITY = { needsIdentity: true };

/**
 * Publishing for one site, with two locks. Publishing operations (Publish, Get latest, Undo, History's Undo, and the
 * rest of the panel) run one at a time. The site's files are a second lock, the editor session's (`siteFiles`):
 * saves and uploads take it, and so do the steps of an operation that read or change the author's files, but never
 * the steps that wait on the network (fetch, push), so the editor saves and answers while a remote is slow. Every
 * step that moves the author's saved files is journaled (publish-journal.ts): an editor that stopped in the middle
 * finishes it or puts the files back when it starts again (recover).
 */
export class SitePublisher {
  readonly #operations = new LockQueue();
  /** What an operation is doing right now, in words, for the status of other tabs. */
  #busy: string | undefined;
  /** What recover() put right, in words, until the editor stops. */
  #notice: string | undefined;
  /** The operation the editor had stopped in the middle of, as its record said when it started again. */
  #stopped: StoppedOperation | undefined;
  /** The operation running now, recorded step by step. */
  #running: { readonly record: OperationRecord; readonly name: OperationName } | undefined;

  constructor(
    readonly siteDir: string,
    /** The editor session's lock on the site's files, which its saves and uploads take too. */
    private readonly siteFiles: LockQueue,
    private readonly validateFolder: ValidateFolder,
  ) {}

  /** Publishing over this copy (publishingOnDisk), a publish settled by a fetch told in the notice, steps recorded. */
  #place(repo: SiteRepository, settings: PublishSettings): PublishingPlace {
    return publishingOnDisk(repo, settings, {
      siteFiles: this.siteFiles,
      validateFolder: this.validateFolder,
      settled: (found) => (this.#notice = interruptedInWords(this.#stopped, { kind: found })),
      step: (step) => this.#step(step),
    });
  }

  /**
   * Resolves once no publishing operation runs and the site's files are free: for a restart, which must cut nothing
   * short.
   */
  settled(): Promise<void> {
    return this.#operation('Restarting…', () => this.siteFiles.run(async () => undefined));
  }

  /** Runs a publishing operation when those before it are done, saying what it does meanwhile. */
  #operation<T>(doing: string, work: () => Promise<T>): Promise<T> {
    return this.#operations.run(async () => {
      this.#busy = doing;
      try {
        return await work();
      } finally {
        this.#busy = undefined;
      }
    });
  }

  /**
   * An operation that changes the author's files or the site: its first steps (begin), and its record kept step by
   * step (#step) until it is over, however it ends, so an editor stopped in the middle says where.
   */
  #recorded<T>(
    name: OperationName,
    doing: string,
    work: (repo: SiteRepository, settings: PublishSettings) => Promise<T>,
  ): Promise<T> {
    return this.#operation(doing, async () => {
      const { repo, settings } = await this.#begin();
      const record = new OperationRecord(await repo.workFolder());
      this.#running = { record, name };
      record.at(name, 'starting');
      try {
        return await work(repo, settings);
      } finally {
        this.#running = undefined;
        record.end();
      }
    });
  }

  /** The running operation reached `step`: recorded before the step starts. */
  #step(step: OperationStep): void {
    if (this.#running) this.#running.record.at(this.#running.name, step);
  }

  /** The first steps of every operation that publishes: a step left unfinished is settled, and git is steady. */
  async #begin(): Promise<{ repo: SiteRepository; settings: PublishSettings }> {
    const settings = readPublishSettings(this.siteDir);
    const repo = await SiteRepository.open(this.siteDir);
    await this.siteFiles.run(() => this.#settleJournal(repo));
    await repo.assertSteady(settings);
    return { repo, settings };
  }

  /**
   * Before anything that undoes or sends: a publish the editor stopped while sending may still be on its way, so the
   * site is asked first. When it cannot be asked, nothing goes on: an undo now could be overtaken by the old push.
   */
  async #inFlightSettled(repo: SiteRepository, settings: PublishSettings): Promise<void> {
    if ((await repo.journal()).read()?.step !== 'published') return;
    try {
      await this.#place(repo, settings).repository.head(settings.branch);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      throw refuse('inFlightUnknown', error.message);
    }
  }

  /**
   * What the Publish panel shows, against the published branch as this copy last fetched it. Reads only; never
   * fetches, and never waits on a publish that waits on the network.
   */
  async status(): Promise<PublishStatus> {
    const settings = readPublishSettings(this.siteDir);
    const said = { ...(this.#busy ? { busy: this.#busy } : {}), ...(this.#notice ? { notice: this.#notice } : {}) };
    const base = { outside: [], identity: null, ...settings, changes: [], unusedMedia: [], behind: 0, ...said };
    try {
      const repo = await SiteRepository.open(this.siteDir);
      await repo.assertSteady(settings);
      // A site folder that is a link keeps publishing off, in words that say Get latest may put it back.
      assertPlainSiteFolders(this.siteDir);
      const published = (await repo.fetchedCommit(settings.branch)) ?? (await repo.commitOf('HEAD'));
      const status = await publishStatusOf(this.#place(repo, settings), published);
      return { ...base, ...status, identity: await identityOf(repo) };
    } catch (error) {
      // A link or another odd file where a saved file should be: said, never a raw error.
      if (error instanceof Refused || error instanceof RefusedPath) return { ...base, problem: refusalOfFile(error) };
      throw error;
    }
  }

  /**
   * Whether `later` (the commit the live site was built from) holds `commit` (one the author published): it is that
   * commit or comes after it. A commit this copy does not know yet (a teammate's, published since) is fetched first, in
   * turn with the other operations; one that cannot be fetched holds nothing.
   */
  async holds(commit: string, later: string): Promise<boolean> {
    const repo = await SiteRepository.find(this.siteDir);
    if (!repo) return false;
    const knows = () => repo.hasCommit(later);
    if (!(await knows()))
      await this.#operation('Looking at the live site…', () => {
        const settings = readPublishSettings(this.siteDir);
        return new GitRepository(repo, settings).head(settings.branch).catch(() => undefined);
      });
    return (await knows()) && repo.isAncestor(commit, later).catch(() => false);
  }

  /** Sets the name and email git signs the author's commits with, in this repository only. */
  setIdentity(name: unknown, email: unknown): Promise<void> {
    return this.#operation('Saving your name…', async () =>
      setIdentity(await SiteRepository.open(this.siteDir), name, email),
    );
  }

  /**
   * Puts a saved change back as it is live: a changed or removed file gets its published version; a new one goes.
   * A publish that may still be on its way is settled first, so the old change never lands after this undo.
   */
  discard(path: unknown): Promise<void> {
    return this.#recorded('discard', 'Undoing a saved change…', async (repo, settings) => {
      await this.#inFlightSettled(repo, settings);
      await this.siteFiles.run(async () => {
        const wanted = typeof path === 'string' ? path : 'That file';
        const saved = (await repo.changedPaths()).includes(wanted);
        const live = saved ? (await repo.blobsAt('HEAD', [wanted])).get(wanted) : undefined;
        const files = await putBackFiles(new DiskStore(this.siteDir), wanted, saved, live);
        this.#step('writing');
        for (const [file, bytes] of files) repo.putBack(file, bytes && Buffer.from(bytes));
        await repo.unstage([...files.keys()]);
      });
    });
  }

  /**
   * Brings in what teammates published. The author's saved changes are put back on top, field by field; where a
   * teammate changed the same field, nothing changes until `choices` says, for each conflict's id, whose value stays.
   */
  getLatest(choices: Choices = {}): Promise<LatestResult> {
    return this.#recorded('get-latest', 'Getting the latest changes…', (repo, settings) =>
      getLatest(this.#place(repo, settings), choices),
    );
  }

  /**
   * Who removed a config file this copy's commit no longer has (model/history.ts), for a draft of it the editor sets
   * aside; undefined when git does not tell (not a repository, no commit yet, removed on disk and not committed).
   */
  async whoRemoved(path: unknown): Promise<string | undefined> {
    if (typeof path !== 'string') return undefined;
    const repo = await SiteRepository.find(this.siteDir);
    if (!repo) return undefined;
    const repository = new GitRepository(repo, readPublishSettings(this.siteDir));
    return repo
      .commitOf('HEAD')
      .then((head) => whoRemovedAt(repository, head, path))
      .catch(() => undefined);
  }

  /**
   * Publishes the saved changes, but those in `leaveOut`, and removes the media in `removeMedia` (published files no
   * config uses). Gets the latest first; checks the config exactly as it would be published; refuses with words.
   * The site's files are locked only while they are read and checked, and while this copy catches up after the push.
   */
  publish(options: Partial<PublishRequest> = {}): Promise<PublishResult> {
    return this.#recorded('publish', 'Publishing…', async (repo, settings) => {
      const place = this.#place(repo, settings);
      if (!(await identityOf(repo)) && !(await landedPublish(place, options.attempt)))
        throw refuse('needsIdentity', 'publish again').with(NEEDS_IDENTITY);
      return publish(place, options);
    });
  }

  /** Published content changes, newest first: commits of the published branch that touch config/ or public/media/. */
  async history(): Promise<readonly HistoryEntry[]> {
    const settings = readPublishSettings(this.siteDir);
    const repository = new GitRepository(await SiteRepository.open(this.siteDir), settings);
    return historyOf(repository, settings.branch);
  }

  /**
   * Undoes a published change: a new commit that puts back what it changed in config/ and public/media/, where
   * nothing later changed the same field, published only once the config it leaves passes the check. The author's
   * saved changes stay on top; what the change did to other files (the site's code) stays as it is, and the undo says
   * so. With `only` (paths the change changed), just those files are put back: one change of many published together.
   */
  undo(commit: unknown, only?: unknown, attempt?: Attempt): Promise<PublishResult | LatestResult> {
    assertCommitId(commit);
    return this.#recorded('undo', 'Undoing a published change…', async (repo, settings) => {
      if (!(await identityOf(repo))) throw refuse('needsIdentity', 'try again').with(NEEDS_IDENTITY);
      return undoPublished(this.#place(repo, settings), commit, only, attempt);
    });
  }

  /**
   * A publish or undo of `attempt`'s whose answer the page lost, as it stands once no operation runs: published (its
   * commit on the site, or on the review branch it sent), or undefined when none of its tries arrived.
   */
  findPublished(attempt: Attempt): Promise<FoundOperation> {
    return this.#operation('Finding out whether your last Publish reached the site…', async () => {
      const repo = await SiteRepository.open(this.siteDir);
      // A push that had no answer in time is journaled: it may have arrived, which the next fetch tells.
      return lostPublishOutcome(
        this.#place(repo, readPublishSettings(this.siteDir)),
        attempt,
        async () => (await repo.journal()).read()?.step === 'published',
      );
    });
  }

  /**
   * Run once when the editor starts, before any other operation (and after the groups a stopped editor left running
   * are ended, server/editor-process.ts): finishes or undoes a step the editor stopped in the middle of (the journal says
   * which), clears what a stopped step left behind (scratch folders, half-written temporary files), and says in one
   * notice where it stopped and what is where now, in the terminal and on the Publish panel, until the editor stops.
   * A publish it stopped while sending is looked up on the site at once, in the background. `waitingForGit` is told
   * git's lock file when git is still at work in the copy (a command the stopped editor started), before it waits.
   */
  recover(waitingForGit?: (lock: string) => void): Promise<string | undefined> {
    const recovered = this.#operation('Putting back what the editor was doing when it stopped…', () =>
      this.siteFiles.run(async () => {
        const repo = await SiteRepository.find(this.siteDir);
        if (!repo) return undefined;
        await repo.clearLeftovers();
        const record = new OperationRecord(await repo.workFolder());
        this.#stopped = record.read();
        const settled = await this.#settleJournal(repo, waitingForGit);
        this.#notice = interruptedInWords(this.#stopped, settled) ?? this.#notice;
        record.end();
        return this.#notice;
      }),
    );
    void recovered.then(
      () => this.#lookUpInFlight(),
      () => undefined,
    );
    return recovered;
  }

  /** A publish still in the journal after a stop: the site is asked whether it arrived, so the notice can say. */
  #lookUpInFlight(): Promise<void> {
    return this.#operation('Finding out whether your last Publish reached the site…', async () => {
      const repo = await SiteRepository.find(this.siteDir);
      if (repo) await this.#inFlightSettled(repo, readPublishSettings(this.siteDir));
    }).catch(() => undefined);
  }

  /**
   * Finishes or undoes a journaled step left unfinished, when there is one: when the editor starts, and again before
   * each publishing operation (nothing else runs then), in case it could not the first time. Run with the files locked.
   * What it did, for the notice.
   */
  async #settleJournal(repo: SiteRepository, waitingForGit?: (lock: string) => void): Promise<Settled | undefined> {
    const journals = await repo.journal();
    const journal = journals.read();
    if (!journal) return undefined;
    await repo.waitForGit(waitingForGit);
    const settled = await resumeJournal(repo, journals, journal);
    this.#notice = interruptedInWords(this.#stopped, settled) ?? this.#notice;
    return settled;
  }
}
