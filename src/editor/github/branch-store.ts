/**
 * A branch of the site's repository on GitHub as the editor's store (model/site-store.ts), for the editor at /admin/:
 * a state is the site as one commit holds it (github-site.ts), the checker runs in the page's worker, and a commit is
 * made only on the head that was read (GitHub refuses it otherwise, and the save is decided again on the new head).
 * Each commit carries the save's id as a trailer, so a try again after a lost answer recognises its own. No Node API.
 */
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import { changedByAttempt } from '../model/history.ts';
import { withOperation } from '../model/operations.ts';
import type { Attempt } from '../protocol/attempt.ts';
import type { CheckedSite, SiteStore, SiteWrite } from '../model/site-store.ts';
import { GitHubApi } from './github-api.ts';
import { GitHubRefusal } from './github-http.ts';
import { GitHubRepository } from './github-repository.ts';
import { GitHubSite } from './github-site.ts';

export class BranchStore implements SiteStore<GitHubSite> {
  /** The site as last read or committed: where the next state starts. */
  #latest: GitHubSite;
  /** Whether the branch moved on from the site last read: the next state is read from it again. */
  #moved = false;

  constructor(
    readonly api: GitHubApi,
    readonly branch: string,
    /** The site as the editor last read it from the branch. */
    site: GitHubSite,
    /** The checker, in the page's worker (or called directly in tests). */
    readonly run: (request: CheckRequest) => Promise<CheckAnswer>,
    /** The uploads the page holds for a save, by their path in the site (public/media/…). */
    readonly uploads: ReadonlyMap<string, Uint8Array> = new Map(),
    /** The words for a branch a rule of the repository protects, which the editor may not change. */
    readonly protectedWords?: string,
  ) {
    this.#latest = site;
  }

  /** The site as the store last read or committed it. */
  get latest(): GitHubSite {
    return this.#latest;
  }

  /** The site as the editor read it; read again from the branch once a commit found the branch moved on from it. */
  async state(): Promise<GitHubSite> {
    if (this.#moved) this.#latest = await this.#latest.reload(this.api, this.branch);
    this.#moved = false;
    return this.#latest;
  }

  check(
    state: GitHubSite,
    texts: ReadonlyMap<string, string | null>,
    uploads: readonly string[],
  ): Promise<CheckedSite> {
    return state.checkTexts(texts, this.run, { added: uploads, removed: [], bytes: this.uploads });
  }

  heldUploads(): readonly string[] {
    return [...this.uploads.keys()];
  }

  async write(state: GitHubSite, { texts, uploads, headline, attempt }: SiteWrite): Promise<GitHubSite | 'moved'> {
    const encoder = new TextEncoder();
    const files = new Map<string, string | Uint8Array | null>([
      ...uploads.map((path) => [path, this.uploads.get(path)!] as const),
      ...texts,
    ]);
    try {
      const oid = await this.api.commit({
        branch: this.branch,
        expectedHead: state.head,
        headline,
        body: withOperation('', attempt?.id).trim() || undefined,
        changes: [...files].map(([path, content]) => ({
          path,
          bytes: content === null ? undefined : typeof content === 'string' ? encoder.encode(content) : content,
        })),
      });
      this.#latest = await state.after(oid, files);
      return this.#latest;
    } catch (refusal) {
      if (refusal instanceof GitHubRefusal && refusal.kind === 'moved') {
        this.#moved = true;
        return 'moved';
      }
      if (refusal instanceof GitHubRefusal && refusal.kind === 'protected' && this.protectedWords)
        throw new GitHubRefusal('protected', this.protectedWords);
      throw refusal;
    }
  }

  changedBy(state: GitHubSite, path: string, attempt: Attempt): Promise<boolean> {
    return changedByAttempt(new GitHubRepository(this.api), state.head, path, attempt);
  }
}
