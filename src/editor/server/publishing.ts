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
 */
import { relative } from 'node:path';
import type { HistoryEntry, LatestResult, PublishResult, PublishStatus } from '../protocol/publishing.ts';
import { describeFileChange, messageFor } from '../model/change-words.ts';
import type { Choices } from '../model/file-merge.ts';
import { finishLatest, integrate, rollBack } from './get-latest.ts';
import { assertCommitId, planUndo, readHistory } from './history.ts';
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
import { inContent } from '../model/content-files.ts';
import { withOperation, withoutOperation, type Attempt } from '../model/operations.ts';
import { LIST_MOVED, toPublish } from '../model/publish-list.ts';
import { PublishRefused, SiteRepository } from './site-repository.ts';

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
    const upstream = await repo.fetchPublished(settings);
    await this.siteFiles.run(async () => {
      this.#notice = (await settlePublish(repo, await repo.journal(), true)) ?? this.#notice;
    });
    return upstream;
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
      try {
        repo = await SiteRepository.open(this.siteDir);
        await repo.assertSteady(settings);
      } catch (error) {
        if (error instanceof PublishRefused) return { ...base, problem: error.message };
        throw error;
      }
      const { changes, outside, unusedMedia, listId } = await repo.changes();
      const upstream = await repo.upstream(settings);
      const behind = upstream ? Number(await repo.git.text(['rev-list', '--count', `HEAD..${upstream}`])) : 0;
      return { ...base, outside, identity: await repo.identity(), changes, unusedMedia, behind, listId };
    });
  }

  /** Sets the name and email git signs the author's commits with, in this repository only. */
  setIdentity(name: unknown, email: unknown): Promise<void> {
    return this.#operation('Saving your name…', async () =>
      (await SiteRepository.open(this.siteDir)).setIdentity(name, email),
    );
  }

  /** Puts a saved change back as it is live: a changed or removed file gets its published version; a new one goes. */
  discard(path: unknown): Promise<void> {
    return this.#operation('Undoing a saved change…', () =>
      this.siteFiles.run(async () => {
        const repo = await SiteRepository.open(this.siteDir);
        const entry = (await repo.statusEntries()).find(
          (candidate) => candidate.path === path && inContent(candidate.path),
        );
        if (!entry)
          throw new PublishRefused(`${typeof path === 'string' ? path : 'That file'} has no saved change to undo.`);
        repo.put(entry.path, (await repo.blobsAt('HEAD', [entry.path])).get(entry.path));
        await repo.unstage([entry.path]);
      }),
    );
  }

  /**
   * Brings in what teammates published. The author's saved changes are put back on top, field by field; where a
   * teammate changed the same field, nothing changes until `choices` says, for each conflict's id, whose value stays.
   */
  getLatest(choices: Choices = {}): Promise<LatestResult> {
    return this.#operation('Getting the latest changes…', async () => {
      const { repo, settings } = await this.#begin();
      const upstream = await this.#fetch(repo, settings);
      return this.siteFiles.run(() => integrate(repo, upstream, choices));
    });
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
    return this.#operation('Publishing…', async () => {
      const { repo, settings } = await this.#begin();
      // A try whose answer never reached the page: its commit stands where the site is, and is answered so.
      const upstreamKnown = await repo.upstream(settings);
      const landed = await repo.ownCommit(options.attempt, ['HEAD', ...(upstreamKnown ? [upstreamKnown] : [])]);
      if (landed) {
        const message = (await repo.git.text(['log', '-1', '--format=%B', landed])).trim();
        return { status: 'published', commit: landed, message: withoutOperation(message), branch: settings.branch };
      }
      const first = await this.siteFiles.run(() => repo.changes());
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
          throw new PublishRefused(LIST_MOVED, { listMoved: true });
        const latest = await integrate(repo, upstream, {});
        if (latest.status === 'conflicts') return latest;
        const { changes, unusedMedia } = await repo.changes();
        const leaveOut = new Set(options.leaveOut ?? []);
        const included = toPublish(changes, leaveOut);
        const removals = (options.removeMedia ?? []).filter((path) => unusedMedia.includes(path));
        if (included.length === 0 && removals.length === 0)
          throw new PublishRefused('There is nothing to publish: every saved change is already live.');
        const files = new Map<string, Buffer | undefined>();
        for (const change of included) files.set(change.path, repo.working(change.path));
        for (const path of removals) files.set(path, undefined);
        const removedWords = removals.map((path) => describeFileChange(path, Buffer.alloc(0), undefined));
        const message = (
          typeof options.message === 'string' && options.message.trim()
            ? options.message.trim()
            : messageFor([...included.map((change) => change.words), ...removedWords])
        ).slice(0, 10_000);
        const head = await repo.commitOf('HEAD');
        const commit = await commitFiles(repo, head, files, withOperation(`${message}\n`, options.attempt?.id));
        await haltPoint('publish:committed');
        const problems = await problemsOfCommit(repo, commit, this.validateFolder);
        return { status: 'ready' as const, head, commit, message, files, removals, problems };
      });
      if (prepared.status === 'conflicts') return prepared;
      const { head, commit, message, files, removals, problems } = prepared;
      if (problems.length > 0) return { status: 'invalid', problems };
      const words = message.split('\n')[0]!;
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
      await this.siteFiles.run(() => finishPublished(repo, journals, journal));
      return { status: 'published', commit, message, branch: settings.branch };
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
    return this.#operation('Undoing a published change…', async () => {
      const { repo, settings } = await this.#begin();
      assertCommitId(commit);
      if (!(await repo.identity()))
        throw new PublishRefused(
          'Git does not know your name yet. Write it once, and your email, and try again.',
          NEEDS_IDENTITY,
        );
      const live = await repo.commitOf(await this.#fetch(repo, settings));
      const plan = await planUndo(repo, commit, only, live);
      const undoCommit = await commitFiles(repo, live, plan.files, plan.message);
      const problems = await this.siteFiles.run(() => problemsOfCommit(repo, undoCommit, this.validateFolder));
      if (problems.length > 0) return { status: 'invalid', problems };
      const { branch, link } = await pushCommit(repo, settings, undoCommit, plan.subject);
      if (settings.mode === 'live') {
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
   * Run once when the editor starts, before any other operation: finishes or undoes a step the editor stopped in the
   * middle of (the journal says which), and clears what a stopped step left behind (scratch folders, half-written
   * temporary files). What it did is said in words, in the terminal and on the Publish panel, until the editor stops.
   */
  recover(): Promise<string | undefined> {
    return this.#operation('Putting back what the editor was doing when it stopped…', () =>
      this.siteFiles.run(async () => {
        const repo = await SiteRepository.find(this.siteDir);
        if (!repo) return undefined;
        await repo.clearLeftovers();
        await this.#settleJournal(repo);
        return this.#notice;
      }),
    );
  }

  /**
   * Finishes or undoes a journaled step left unfinished, when there is one: when the editor starts, and again before
   * each publishing operation (nothing else runs then), in case it could not the first time. Run with the files locked.
   */
  async #settleJournal(repo: SiteRepository): Promise<void> {
    const journals = await repo.journal();
    const journal = journals.read();
    if (!journal) return;
    await repo.waitForGit();
    this.#notice = await this.#resume(repo, journals, journal);
  }

  /** Finishes or undoes the journaled step; what happened, in words. */
  async #resume(repo: SiteRepository, journals: JournalFolder, journal: Journal): Promise<string> {
    const head = await repo.commitOf('HEAD');
    const kept = `Their copies are kept in ${relative(this.siteDir, journals.folder)}/journal/ until then.`;
    if (journal.step === 'published') {
      if (head !== journal.head && head !== journal.commit)
        return `The editor stopped while it was publishing, and this copy of the site has moved since (outside the editor). Ask a developer to check whether your changes reached the site. ${kept}`;
      return (
        (await settlePublish(repo, journals, false)) ??
        'The editor stopped while it was sending your last Publish. Your saved changes are all still here; Get latest changes or Publish finds out whether they reached the site.'
      );
    }
    if (head === journal.head) {
      await rollBack(repo, journals, journal);
      return "The editor stopped while it was getting the latest changes. Your saved changes are back exactly as you saved them, and nothing of your teammates' was brought in: choose Get latest changes again.";
    }
    if (head === journal.target) {
      finishLatest(repo, journals, journal);
      return "The editor stopped while it was getting the latest changes. It has now finished: your teammates' changes are in, with your saved changes on top.";
    }
    return `The editor stopped while it was getting the latest changes, and this copy of the site has moved since (outside the editor), so it did not touch your files. Ask a developer to put your saved changes back. ${kept}`;
  }
}
