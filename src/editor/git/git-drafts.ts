/**
 * The drafts port (model/repository.ts) over the author's working copy, for npm run edit: the author's saved changes
 * are the files that differ from this copy's commit, which is where it last met the published branch. Taking in a
 * published commit fast-forwards this copy and puts the author's files back on top, journaled (get-latest.ts); the
 * end of the author's own live publish, journaled before it was sent (git-repository.ts), is finished instead
 * (publish-commit.ts). Every step reads or writes with the site's files locked, as saves do.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { inContent } from '../model/content-files.ts';
import type { EntryKind } from '../model/incoming-files.ts';
import { gitBlobId, type Drafts, type DraftsState, type KeptFile } from '../model/repository.ts';
import { refuse, refusalWords } from '../protocol/refusals.ts';
import { takeInto } from './get-latest.ts';
import type { LockQueue } from './lock-queue.ts';
import { finishPublished } from './publish-commit.ts';
import { RefusedPath } from './safe-path.ts';
import type { SiteRepository } from './site-repository.ts';

export class GitDrafts implements Drafts {
  readonly runsSiteCode = true;

  constructor(
    readonly repo: SiteRepository,
    /** The editor session's lock on the site's files, which its saves and uploads take too. */
    readonly siteFiles: LockQueue,
  ) {}

  state(published: string): Promise<DraftsState> {
    return this.siteFiles.run(async () => {
      const { head, changed } = await this.repo.standing();
      // Commits made outside the editor that the site does not have: never mixed in, never sent along.
      if (head !== published && !(await this.repo.isAncestor(head, published))) throw refuse('commitsOutside');
      const saved = await this.#saved(changed);
      // A file the author did not change is saved as this copy's commit has it.
      const atBase = await this.repo.versionsAt(head);
      const savedVersion = (path: string) => (saved.versions.has(path) ? saved.versions.get(path) : atBase.get(path));
      return { base: head, ...saved, savedVersion };
    });
  }

  /**
   * The author's saved changes against this copy's commit, from the paths git's status lists (`listed`): each content
   * file's version, and files changed outside.
   */
  async #saved(listed: readonly string[]): Promise<Omit<DraftsState, 'base' | 'savedVersion'>> {
    const versions = new Map<string, string | undefined>();
    let blocked: string | undefined;
    for (const path of listed.filter(inContent)) {
      try {
        const saved = this.#working(path);
        versions.set(path, saved && (await gitBlobId(saved)));
      } catch (error) {
        // Under a site folder that is a link (a teammate's commit brought in by hand), nothing of the author's is read:
        // Publish waits, and what Get latest brings may put the folder back.
        if (!(error instanceof RefusedPath && error.refusal === 'siteFolderNotPlain')) throw error;
        blocked ??= refusalWords('notPlainFile', error.message);
      }
    }
    return {
      changed: [...versions.keys()],
      versions,
      outside: listed.filter((path) => !inContent(path)),
      ignored: [],
      ...(blocked ? { blocked } : {}),
    };
  }

  /** The author's bytes of a path; a link or another odd file where a saved file should be is refused in words. */
  #working(path: string): Buffer | undefined {
    try {
      return this.repo.working(path);
    } catch (error) {
      if (error instanceof RefusedPath && error.refusal === 'siteFolderNotPlain') throw error;
      throw error instanceof RefusedPath ? refuse('notPlainFile', error.message) : error;
    }
  }

  read(state: DraftsState, paths: readonly string[]): Promise<Map<string, Uint8Array | undefined>> {
    return this.siteFiles.run(async () => {
      const saved = new Map(paths.map((path) => [path, this.#working(path)]));
      // The files as `state` read them, or a save came between (another tab): what was shown is no longer there.
      for (const [path, bytes] of saved)
        if (state.versions.has(path) && state.versions.get(path) !== (bytes && (await gitBlobId(bytes))))
          throw refuse('listMoved').with({ listMoved: true });
      return saved;
    });
  }

  takeIn(state: DraftsState, commit: string, kept: ReadonlyMap<string, KeptFile>): Promise<'done' | 'moved'> {
    return this.siteFiles.run(async () => {
      const journals = await this.repo.journal();
      const journal = journals.read();
      const { head, changed } = await this.repo.standing();
      // The author's own live publish, journaled before it was sent: this copy moves to it, its files no longer saved.
      if (journal?.step === 'published' && journal.commit === commit) {
        await finishPublished(this.repo, journals, journal, head);
        return 'done';
      }
      if (head !== state.base) return 'moved';
      // A save since the state was read (another tab) is never written over: the core reads it again.
      const now = await this.#saved(changed);
      const same =
        now.changed.length === state.changed.length &&
        now.changed.every((path) => state.versions.has(path) && state.versions.get(path) === now.versions.get(path));
      if (!same) return 'moved';
      return takeInto(this.repo, commit, kept, { head, changed });
    });
  }

  folderStanding(folder: string): EntryKind | undefined {
    try {
      const stats = lstatSync(join(this.repo.siteDir, ...folder.split('/')));
      return stats.isSymbolicLink() ? 'link' : stats.isDirectory() ? undefined : 'file';
    } catch {
      return undefined;
    }
  }
}
