/**
 * The editor's Publish, Get latest changes, History and Undo: what an author saved goes live without a terminal.
 *
 * Everything here works on the site's own git repository, and only on config/ and public/media/. Publishing commits
 * exactly the author's saved changes (those they did not leave out) on top of what is live, after the one validator
 * passed the config exactly as it would be published, and pushes with the author's own git credentials. Getting the
 * latest brings in what teammates published and puts the author's saved changes back on top, field by field; where
 * both changed the same field, nothing changes until the author chooses. The repository is never left in the middle
 * of a merge or rebase: the editor never starts one.
 *
 * This file runs the steps in turn and holds the locks; each step is a part of its own:
 *   site-repository.ts  the repository's state: saved changes in words, files of a commit, the author's files, fetch
 *   get-latest.ts       bringing in teammates' changes, field by field, journaled
 *   publish-commit.ts   a commit of exactly the given files, checked as published, pushed
 *   history.ts          the published changes in words, and the commit that undoes one
 *   publish-journal.ts  what an editor that stopped in the middle finishes or puts back
 *   operation-record.ts where an operation stands, step by step, for the one notice after a stop
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { HistoryEntry, LatestResult, PublishResult, PublishStatus } from '../protocol/publishing.ts';
import type { Choices } from '../model/file-merge.ts';
import { finishLatest, integrate, rollBack } from './get-latest.ts';
import { historyOnDisk, readHistory } from './history.ts';
import { assertCommitId, planUndo } from '../model/undo-files.ts';
import { LockQueue } from './lock-queue.ts';
import { haltPoint, type Journal, type JournalFolder, type PublishedJournal } from './publish-journal.ts';
import {
  commitFiles,
  finishPublished,
  problemsOfCommit,
  pushCommit,
  settlePublish,
  type ValidateFolder,
} from './publish-commit.ts';
import { readPublishSettings, REMOTE, type PublishSettings } from './publish-settings.ts';
import { assertPutBack } from '../model/put-back.ts';
import { DiskStore } from './disk-store.ts';
import { withOperation, withoutOperation, type Attempt } from '../model/operations.ts';
import { LIST_MOVED, publishMessage, toPublish } from '../model/publish-list.ts';
import {
  interruptedInWords,
  OperationRecord,
  type OperationName,
  type OperationStep,
  type Settled,
  type StoppedOperation,
} from './operation-record.ts';
import { PublishRefused, SiteRepository } from './site-repository.ts';
import { RefusedPath } from './safe-path.ts';
import { refuse, Refused } from '../protocol/refusals.ts';

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

  /** Fetches the published branch; then learns from it whether a publish the editor stopped in the middle arrived. */
  async #fetch(repo: SiteRepository, settings: PublishSettings): Promise<string> {
    this.#step('fetching');
    const upstream = await repo.fetchPublished(settings);
    await this.siteFiles.run(async () => {
      const found = await settlePublish(repo, await repo.journal(), true);
      if (found) this.#notice = interruptedInWords(this.#stopped, { kind: found });
    });
    return upstream;
  }

  /**
   * Before anything that undoes or sends: a publish the editor stopped while sending may still be on its way, so the
   * site is asked first. When it cannot be asked, nothing goes on: an undo now could be overtaken by the old push.
   */
  async #inFlightSettled(repo: SiteRepository, settings: PublishSettings): Promise<void> {
    if ((await repo.journal()).read()?.step !== 'published') return;
    try {
      await this.#fetch(repo, settings);
    } catch (error) {
      if (!(error instanceof PublishRefused)) throw error;
      throw new PublishRefused(
        `Your last Publish may still be on its way to the site, and the editor could not find out: ${error.message} Nothing was changed; try again once the site can be reached.`,
      );
    }
  }

  /**
   * What the Publish panel shows. Reads only; never fetches, and never waits on a publish that waits on the network.
   */
  status(): Promise<PublishStatus> {
    return this.siteFiles.run(async () => {
      const settings = readPublishSettings(this.siteDir);
      const base = {
        outside: [],
        identity: null,
        ...settings,
        changes: [],
        unusedMedia: [],
        behind: 0,
        ...(this.#busy ? { busy: this.#busy } : {}),
        ...(this.#notice ? { notice: this.#notice } : {}),
      };
      let repo: SiteRepository;
      let found: Awaited<ReturnType<SiteRepository['changes']>>;
      let behind = 0;
      try {
        repo = await SiteRepository.open(this.siteDir);
        await repo.assertSteady(settings);
        found = await repo.changes();
        const upstream = await repo.upstream(settings);
        if (upstream) behind = (await repo.teammatesChanges('HEAD', upstream)).length;
      } catch (error) {
        // A link or another odd file where a saved file should be: said, never a raw error.
        if (error instanceof PublishRefused || error instanceof RefusedPath)
          return { ...base, problem: refusalOfFile(error) };
        throw error;
      }
      const { changes, outside, unusedMedia, listId } = found;
      return { ...base, outside, identity: await repo.identity(), changes, unusedMedia, behind, listId };
    });
  }

  /**
   * Whether `later` (the commit the live site was built from) holds `commit` (one the author published): it is that
   * commit or comes after it. A commit this copy does not know yet (a teammate's, published since) is fetched first, in
   * turn with the other operations; one that cannot be fetched holds nothing.
   */
  async holds(commit: string, later: string): Promise<boolean> {
    const repo = await SiteRepository.find(this.siteDir);
    if (!repo) return false;
    const knows = () => repo.git.succeeds(['cat-file', '-e', `${later}^{commit}`]);
    if (!(await knows()))
      await this.#operation('Looking at the live site…', () =>
        repo.fetchPublished(readPublishSettings(this.siteDir)).catch(() => undefined),
      );
    return (await knows()) && repo.isAncestor(commit, later).catch(() => false);
  }

  /** Sets the name and email git signs the author's commits with, in this repository only. */
  setIdentity(name: unknown, email: unknown): Promise<void> {
    return this.#operation('Saving your name…', async () =>
      (await SiteRepository.open(this.siteDir)).setIdentity(name, email),
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
        const saved = (await repo.statusEntries()).some((entry) => entry.path === wanted);
        const live = saved ? (await repo.blobsAt('HEAD', [wanted])).get(wanted) : undefined;
        await assertPutBack(new DiskStore(this.siteDir), wanted, saved, live);
        this.#step('writing');
        repo.putBack(wanted, live);
        await repo.unstage([wanted]);
      });
    });
  }

  /**
   * Brings in what teammates published. The author's saved changes are put back on top, field by field; where a
   * teammate changed the same field, nothing changes until `choices` says, for each conflict's id, whose value stays.
   */
  getLatest(choices: Choices = {}): Promise<LatestResult> {
    return this.#recorded('get-latest', 'Getting the latest changes…', async (repo, settings) => {
      const upstream = await this.#fetch(repo, settings);
      this.#step('merging');
      return this.siteFiles.run(() => integrate(repo, upstream, choices));
    });
  }

  /**
   * Who removed a config file (its last commit that removed it, on this copy's branch), for a draft of it the editor
   * sets aside; undefined when git does not tell (not a repository, removed on disk and not committed, an odd name).
   */
  async whoRemoved(path: unknown): Promise<string | undefined> {
    if (typeof path !== 'string' || !/^config\/[\w.\/-]+\.json$/.test(path) || path.split('/').includes('..'))
      return undefined;
    const repo = await SiteRepository.find(this.siteDir);
    if (!repo) return undefined;
    const name = await repo.git
      .text(['log', '-1', '--format=%an', '--diff-filter=D', 'HEAD', '--', `:(literal)${path}`])
      .catch(() => '');
    return name || undefined;
  }

  /**
   * Publishes the saved changes, but those in `leaveOut`, and removes the media in `removeMedia` (published files no
   * config uses). Gets the latest first; checks the config exactly as it would be published; refuses with words.
   * The site's files are locked only while they are read and checked, and while this copy catches up after the push.
   */
  publish(
    options: {
      leaveOut?: readonly string[];
      removeMedia?: readonly string[];
      message?: string;
      /** The list the author was shown (PublishStatus.listId): refused when the saved changes moved since. */
      listId?: string;
      /** This publish's id, and earlier tries': a try whose answer was lost finds its commit instead. */
      attempt?: Attempt;
    } = {},
  ): Promise<PublishResult> {
    return this.#recorded('publish', 'Publishing…', async (repo, settings) => {
      // A try whose answer never reached the page: its commit stands where the site is, and is answered so.
      const upstreamKnown = await repo.upstream(settings);
      const landed = await repo.ownCommit(options.attempt, ['HEAD', ...(upstreamKnown ? [upstreamKnown] : [])]);
      if (landed) {
        const message = (await repo.git.text(['log', '-1', '--format=%B', landed])).trim();
        return { status: 'published', commit: landed, message: withoutOperation(message), branch: settings.branch };
      }
      const first = await this.siteFiles
        .run(() => repo.changes())
        .catch((error: unknown) => {
          throw error instanceof RefusedPath ? new PublishRefused(refusalOfFile(error)) : error;
        });
      if (first.outside.length > 0)
        throw new PublishRefused(
          'Files outside config/ and public/media/ have changed on this computer, so the editor does not publish until a developer deals with them.',
          { outside: first.outside },
        );
      if (!(await repo.identity()))
        throw new PublishRefused(
          'Git does not know your name yet. Write it once, and your email, and publish again.',
          NEEDS_IDENTITY,
        );
      const upstream = await this.#fetch(repo, settings);

      const prepared = await this.siteFiles.run(async () => {
        // The list the author was shown, made of the same saved bytes, or nothing goes.
        if (options.listId !== undefined && (await repo.changes()).listId !== options.listId)
          throw new Refused('listMoved', LIST_MOVED, { listMoved: true });
        this.#step('merging');
        const latest = await integrate(repo, upstream, {});
        if (latest.status === 'conflicts') return latest;
        const { changes, unusedMedia } = await repo.changes();
        const leaveOut = new Set(options.leaveOut ?? []);
        const included = toPublish(changes, leaveOut);
        const removals = (options.removeMedia ?? []).filter((path) => unusedMedia.includes(path));
        if (included.length === 0 && removals.length === 0) throw refuse('nothingToPublish');
        const files = new Map<string, Buffer | undefined>();
        for (const change of included) files.set(change.path, repo.working(change.path));
        for (const path of removals) files.set(path, undefined);
        const message = publishMessage(options.message, included, removals);
        const head = await repo.commitOf('HEAD');
        this.#step('committing');
        const commit = await commitFiles(repo, head, files, withOperation(`${message}\n`, options.attempt?.id));
        await haltPoint('publish:committed');
        this.#step('checking');
        const problems = await problemsOfCommit(repo, commit, this.validateFolder);
        return { status: 'ready' as const, head, commit, message, files, removals, problems };
      });
      if (prepared.status === 'conflicts') return prepared;
      const { head, commit, message, files, removals, problems } = prepared;
      if (problems.length > 0) return { status: 'invalid', problems };
      const words = message.split('\n')[0]!;
      this.#step('sending');
      if (settings.mode === 'review') {
        const { branch, link } = await pushCommit(repo, settings, commit, words);
        return { status: 'published', commit, message, branch, ...(link ? { link } : {}) };
      }
      // Journaled before it is sent: an editor that stops from here on learns from the site whether it arrived.
      const journals = await repo.journal();
      const journal = journals.begin((): PublishedJournal => ({
        step: 'published',
        branch: settings.branch,
        head,
        commit,
        paths: [...files.keys()],
        removals,
      })) as PublishedJournal;
      await haltPoint('publish:journaled');
      try {
        await pushCommit(repo, settings, commit, words);
      } catch (error) {
        // Refused, it did not arrive; unanswered, it may have: the next fetch tells.
        if (!(error instanceof PublishRefused && error.details.timedOut)) journals.end();
        throw error;
      }
      this.#step('finishing');
      await this.siteFiles.run(() => finishPublished(repo, journals, journal));
      return { status: 'published', commit, message, branch: settings.branch };
    });
  }

  /** Published content changes, newest first: commits of the published branch that touch config/ or public/media/. */
  async history(limit = 30): Promise<readonly HistoryEntry[]> {
    return readHistory(await SiteRepository.open(this.siteDir), readPublishSettings(this.siteDir), limit);
  }

  /**
   * Undoes a published change: a new commit that puts back what it changed in config/ and public/media/, where
   * nothing later changed the same field, published only once the config it leaves passes the check. The author's
   * saved changes stay on top; what the change did to other files (the site's code) stays as it is, and the undo says
   * so. With `only` (paths the change changed), just those files are put back: one change of many published together.
   */
  undo(commit: unknown, only?: unknown): Promise<PublishResult | LatestResult> {
    return this.#recorded('undo', 'Undoing a published change…', async (repo, settings) => {
      assertCommitId(commit);
      if (!(await repo.identity()))
        throw new PublishRefused(
          'Git does not know your name yet. Write it once, and your email, and try again.',
          NEEDS_IDENTITY,
        );
      const live = await repo.commitOf(await this.#fetch(repo, settings));
      const plan = await planUndo(historyOnDisk(repo), commit, only, live);
      this.#step('committing');
      const files = new Map([...plan.files].map(([path, bytes]) => [path, bytes && Buffer.from(bytes)]));
      const undoCommit = await commitFiles(repo, live, files, plan.message);
      this.#step('checking');
      const problems = await this.siteFiles.run(() => problemsOfCommit(repo, undoCommit, this.validateFolder));
      if (problems.length > 0) return { status: 'invalid', problems };
      this.#step('sending');
      const { branch, link } = await pushCommit(repo, settings, undoCommit, plan.subject);
      if (settings.mode === 'live') {
        this.#step('merging');
        const known = `refs/remotes/${REMOTE}/${settings.branch}`;
        await repo.git.run(['update-ref', known, undoCommit]);
        const latest = await this.siteFiles.run(() => integrate(repo, known, {}));
        if (latest.status === 'conflicts') return latest;
      }
      return {
        status: 'published',
        commit: undoCommit,
        message: plan.subject,
        branch,
        ...(link ? { link } : {}),
        ...(plan.kept ? { kept: plan.kept } : {}),
      };
    });
  }

  /**
   * Run once when the editor starts, before any other operation (and after the groups a stopped editor left running
   * are ended, editor-process.ts): finishes or undoes a step the editor stopped in the middle of (the journal says
   * which), clears what a stopped step left behind (scratch folders, half-written temporary files), and says in one
   * notice where it stopped and what is where now, in the terminal and on the Publish panel, until the editor stops.
   * A publish it stopped while sending is looked up on the site at once, in the background.
   */
  recover(): Promise<string | undefined> {
    const recovered = this.#operation('Putting back what the editor was doing when it stopped…', () =>
      this.siteFiles.run(async () => {
        const repo = await SiteRepository.find(this.siteDir);
        if (!repo) return undefined;
        await repo.clearLeftovers();
        const record = new OperationRecord(await repo.workFolder());
        this.#stopped = record.read();
        const settled = await this.#settleJournal(repo);
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
      if (!repo || (await repo.journal()).read()?.step !== 'published') return;
      await this.#fetch(repo, readPublishSettings(this.siteDir)).catch(() => undefined);
    }).catch(() => undefined);
  }

  /**
   * Finishes or undoes a journaled step left unfinished, when there is one: when the editor starts, and again before
   * each publishing operation (nothing else runs then), in case it could not the first time. Run with the files locked.
   * What it did, for the notice.
   */
  async #settleJournal(repo: SiteRepository): Promise<Settled | undefined> {
    const journals = await repo.journal();
    const journal = journals.read();
    if (!journal) return undefined;
    await repo.waitForGit();
    const settled = await this.#resume(repo, journals, journal);
    this.#notice = interruptedInWords(this.#stopped, settled) ?? this.#notice;
    return settled;
  }

  /**
   * Finishes or undoes the journaled step, whatever the repository looks like now: the journal always ends, except
   * for a publish whose arrival the site has not told yet. Where this copy moved outside the editor, the author's
   * saved versions go back in place, or, where something else was written there since, are kept aside.
   */
  async #resume(repo: SiteRepository, journals: JournalFolder, journal: Journal): Promise<Settled> {
    const head = await repo.commitOf('HEAD');
    if (journal.step === 'published') {
      if (head !== journal.head && head !== journal.commit) {
        journals.end();
        return { kind: 'moved' };
      }
      return { kind: (await settlePublish(repo, journals, false)) ?? 'unknown' };
    }
    try {
      if (head === journal.head) {
        await rollBack(repo, journals, journal);
        return { kind: 'rolled-back' };
      }
      if (head === journal.target) {
        finishLatest(repo, journals, journal);
        return { kind: 'finished' };
      }
    } catch (error) {
      if (!(error instanceof RefusedPath)) throw error;
    }
    return { kind: 'moved', keptIn: await this.#keepAside(repo, journals, journal) };
  }

  /**
   * The author's saved versions of a Get latest's files, where the step could not put them back (this copy moved, a
   * folder became a link): each written back in place where nothing unsaved is there (the file is as this copy's
   * commit has it, or gone), and otherwise kept in a folder of its own inside .git, which the words name. Then the
   * journal ends.
   */
  async #keepAside(
    repo: SiteRepository,
    journals: JournalFolder,
    journal: Extract<Journal, { step: 'get-latest' }>,
  ): Promise<string | undefined> {
    let keptIn: string | undefined;
    const committed = await repo.blobsAt(
      'HEAD',
      journal.files.map((file) => file.path),
    );
    for (const file of journal.files) {
      if (file.mine === null) continue;
      const mine = journals.bytes(file.mine);
      const result = file.result === null ? undefined : journals.bytes(file.result);
      try {
        const now = repo.working(file.path);
        if (now?.equals(mine) || (result && now?.equals(result))) continue;
        const atCommit = committed.get(file.path);
        if (now === undefined || (atCommit && now.equals(atCommit))) {
          repo.putBack(file.path, mine);
          continue;
        }
      } catch {
        // Not readable or writable where it belongs: kept aside below.
      }
      keptIn ??= join(journals.folder, `kept-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      const aside = join(keptIn, ...file.path.split('/'));
      mkdirSync(join(aside, '..'), { recursive: true });
      if (!existsSync(aside)) writeFileSync(aside, mine);
    }
    journals.end();
    return keptIn && relative(this.siteDir, keptIn);
  }
}

/** A file the editor cannot publish (a link, a folder where a file should be), in words with what to do. */
function refusalOfFile(error: Error): string {
  return error instanceof RefusedPath
    ? `${error.message} The editor publishes only plain files: ask a developer to replace it with the file itself.`
    : error.message;
}
