/**
 * The repository port (model/repository.ts) over git on the author's computer, for npm run edit: the place the site
 * is kept is the copy's remote, read by fetching (within the site's time limit) and written by pushing what this copy
 * committed in a scratch index. A push git refuses as not a fast-forward is "moved"; one a rule of the host declines
 * is "protected". A live publish of the author's saved files on this copy's own commit is journaled before it is sent
 * (publish-journal.ts), so an editor that stops from then on learns from the site whether it arrived (git-drafts.ts
 * finishes it by moving this copy's branch, the files being in place already).
 */
import {
  isObjectId,
  type CommitOutcome,
  type CommitRequest,
  type PublishingStep,
  type Repository,
  type RepositoryCommit,
} from '../model/repository.ts';
import { GitFailed, GitTimedOut } from './git.ts';
import { commitFiles } from './publish-commit.ts';
import { haltPoint, type PublishedJournal } from './publish-journal.ts';
import { byNetwork, fetchedRef, REMOTE, type PublishSettings } from './publish-settings.ts';
import { pushOutcome, pushRefusal, reviewLinkOf } from './publish-words.ts';
import type { SiteRepository } from './site-repository.ts';

export class GitRepository implements Repository {
  /** Each commit's files and odd entries, sorted once in this operation (the repository keeps the listing). */
  readonly #listed = new Map<string, Promise<{ files: Map<string, string>; odd: Map<string, 'link' | 'submodule'> }>>();

  constructor(
    readonly repo: SiteRepository,
    readonly settings: PublishSettings,
    /** Run after each fetch, before its answer is used: a publish the editor stopped sending is settled by it. */
    readonly afterFetch: () => Promise<void> = async () => undefined,
    /** Where a commit stands, recorded for the notice after a stop. */
    readonly step: (step: PublishingStep) => void = () => undefined,
  ) {}

  get #git() {
    return this.repo.git;
  }

  /** A branch of the remote as this copy last fetched it, or a commit by its id. */
  async #rev(branch: string): Promise<string | undefined> {
    if (isObjectId(branch)) return branch;
    // Never fetched: the published branch is where this copy stands.
    return (await this.repo.fetchedCommit(branch)) ?? (branch === this.settings.branch ? 'HEAD' : undefined);
  }

  async head(branch: string): Promise<string | undefined> {
    try {
      await this.#git.run(
        ['fetch', '--quiet', '--no-tags', REMOTE, `+refs/heads/${branch}:${fetchedRef(branch)}`],
        byNetwork(this.settings),
      );
    } catch (error) {
      if (error instanceof GitFailed && /couldn't find remote ref/i.test(error.stderr)) return undefined;
      if (error instanceof GitFailed) throw pushRefusal(error, branch, 'nothing was brought in');
      throw error;
    }
    await haltPoint('after-fetch');
    await this.afterFetch();
    return this.repo.commitOf(fetchedRef(branch));
  }

  async branches(prefix: string): Promise<ReadonlyMap<string, string>> {
    // Asked of the remote itself: a branch a push made whose answer never came is there, though this copy never heard.
    let out: string;
    try {
      out = await this.#git.text(['ls-remote', '--heads', REMOTE], byNetwork(this.settings));
    } catch (error) {
      if (error instanceof GitFailed) throw pushRefusal(error, this.settings.branch);
      throw error;
    }
    // "<id>\trefs/heads/<name>"
    return new Map(
      out
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(41 + 'refs/heads/'.length), line.slice(0, 40)] as const)
        .filter(([name]) => name.startsWith(prefix)),
    );
  }

  /** A commit's plain files and its links and submodules, from one listing. */
  #list(commit: string) {
    if (!this.#listed.has(commit))
      this.#listed.set(
        commit,
        this.repo.entriesAt(commit).then((entries) => {
          const files = new Map<string, string>();
          const odd = new Map<string, 'link' | 'submodule'>();
          for (const { mode, id, path } of entries) {
            if (mode === '120000') odd.set(path, 'link');
            else if (mode === '160000') odd.set(path, 'submodule');
            else files.set(path, id);
          }
          return { files, odd };
        }),
      );
    return this.#listed.get(commit)!;
  }

  async files(commit: string): Promise<ReadonlyMap<string, string>> {
    return (await this.#list(commit)).files;
  }

  async oddFiles(commit: string): Promise<ReadonlyMap<string, 'link' | 'submodule'>> {
    return (await this.#list(commit)).odd;
  }

  async read(commit: string, paths: readonly string[]): Promise<Map<string, Uint8Array | undefined>> {
    const files = paths.length > 0 ? await this.files(commit) : new Map<string, string>();
    const objects = await this.repo.objects([
      ...new Set(paths.map((path) => files.get(path)).filter((id): id is string => id !== undefined)),
    ]);
    return new Map(paths.map((path) => [path, objects.get(files.get(path) ?? '')]));
  }

  changed(from: string, to: string): Promise<string[]> {
    return this.repo.filesIn(to, from);
  }

  contains(later: string, commit: string): Promise<boolean> {
    // False, too, where this copy lacks either commit.
    return this.repo.isAncestor(commit, later);
  }

  async history(branch: string, count: number, path?: string): Promise<RepositoryCommit[]> {
    const rev = await this.#rev(branch);
    if (!rev) return [];
    // The published line, or by a path the commits git's history of that file finds.
    return this.#log([
      ...(path ? [] : ['--first-parent']),
      `--max-count=${count}`,
      rev,
      '--',
      ...(path ? [`:(literal)${path}`] : []),
    ]);
  }

  async commitsSince(head: string, since: string, limit: number): Promise<RepositoryCommit[]> {
    const rev = await this.#rev(head);
    return rev ? this.#log([`--max-count=${limit}`, rev, `^${since}`, '--']) : [];
  }

  /** The commits git's log with `args` lists, each with its parents, its author and date, and its whole message. */
  async #log(args: readonly string[]): Promise<RepositoryCommit[]> {
    const log = await this.#git.text(['log', '--format=%x1e%H%x1f%P%x1f%an%x1f%aI%x1f%B', ...args]);
    return log
      .split('\x1e')
      .filter((record) => record.trim())
      .map((record) => {
        const [oid, parents, name, date, message] = record.split('\x1f') as [string, string, string, string, string];
        return {
          oid: oid.trim(),
          parents: parents.split(' ').filter(Boolean),
          message: message.trim(),
          author: { name, date },
        };
      });
  }

  async commit(input: CommitRequest): Promise<CommitOutcome> {
    const files = new Map([...input.changes].map(([path, bytes]) => [path, bytes && Buffer.from(bytes)]));
    this.step('committing');
    const commit = await commitFiles(this.repo, input.expectedHead, files, `${input.message.trimEnd()}\n`);
    await haltPoint('publish:committed');
    this.step('sending');
    // A live publish made on this copy's own commit is journaled before it is sent: from here on, an editor that
    // stops learns from the site whether it arrived, and finishes it (git-drafts.ts).
    const journals = await this.repo.journal();
    const live =
      input.branch === this.settings.branch &&
      (await this.repo.commitOf('HEAD')) === input.expectedHead &&
      (await this.#holdsAsSaved(input.expectedHead, files));
    if (live) {
      journals.begin((): PublishedJournal => ({
        step: 'published',
        branch: input.branch,
        head: input.expectedHead,
        commit,
        paths: [...files.keys()],
        removals: [...files].filter(([, bytes]) => bytes === undefined).map(([path]) => path),
      }));
      await haltPoint('publish:journaled');
    }
    try {
      await this.#git.run(
        ['push', '--quiet', '--porcelain', REMOTE, `${commit}:refs/heads/${input.branch}`],
        byNetwork(this.settings),
      );
    } catch (error) {
      // Unanswered, it may have arrived: the journal stays for the next fetch to tell. Refused, it did not.
      if (live && !(error instanceof GitTimedOut)) journals.end();
      if (!(error instanceof GitFailed)) throw error;
      const outcome = pushOutcome(error, input.branch);
      if (typeof outcome === 'string') return outcome;
      throw outcome;
    }
    await haltPoint('after-push');
    return { commit };
  }

  /**
   * Whether the working copy already holds what a commit on `head` writes: each file as saved, and each file it removes
   * gone or unchanged since `head` (published media nothing uses). Only then may this copy simply move to the commit.
   */
  async #holdsAsSaved(head: string, files: ReadonlyMap<string, Buffer | undefined>): Promise<boolean> {
    const atHead = await this.repo.blobsAt(head, [...files.keys()]);
    for (const [path, bytes] of files) {
      let saved: Buffer | undefined;
      try {
        saved = this.repo.working(path);
      } catch {
        return false;
      }
      const asSaved =
        bytes === undefined
          ? saved === undefined || saved.equals(atHead.get(path) ?? Buffer.alloc(0))
          : saved?.equals(bytes);
      if (!asSaved) return false;
    }
    return true;
  }

  async review(branch: string, into: string): Promise<string | undefined> {
    const remote = await this.#git.text(['remote', 'get-url', REMOTE]).catch(() => '');
    return reviewLinkOf(remote, branch, into);
  }
}
