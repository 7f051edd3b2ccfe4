/**
 * A branch of the site's repository as the editor's store (model/site-store.ts), for the editor at /admin/, through
 * the repository port (model/repository.ts): a state is the site as one commit holds it (branch-site.ts), the checker
 * runs in the page's worker, and a commit is made only on the head that was read (the host refuses it otherwise, and
 * the save is decided again on the new head). Each commit carries the save's id as a trailer, so a try again after a
 * lost answer recognises its own. No Node API.
 */
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import { changedByAttempt } from './history.ts';
import { withOperation } from './operations.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { refuse, type Refused } from '../protocol/refusals.ts';
import type { CommitOutcome, Repository } from './repository.ts';
import type { CheckedSite, SiteStore, SiteWrite } from './site-store.ts';
import type { BranchSite } from './branch-site.ts';

/**
 * The commit a commit asked of `branch` made; refused in words when the branch moved meanwhile or a rule of the host
 * protects it (`protectedRefusal`, where the branch's own words say more than the host's rule).
 */
export function committedOn(branch: string, outcome: CommitOutcome, protectedRefusal?: Refused): string {
  if (outcome === 'moved') throw refuse('branchMoved', branch);
  if (outcome === 'protected') throw protectedRefusal ?? refuse('protectedBranch', branch);
  return outcome.commit;
}

export class BranchStore implements SiteStore<BranchSite> {
  /** The site as last read or committed: where the next state starts. */
  #latest: BranchSite;
  /** Whether the branch moved on from the site last read: the next state is read from it again. */
  #moved = false;

  constructor(
    readonly repository: Repository,
    readonly branch: string,
    /** The site as the editor last read it from the branch. */
    site: BranchSite,
    /** The checker, in the page's worker (or called directly in tests). */
    readonly run: (request: CheckRequest) => Promise<CheckAnswer>,
    /** The uploads the page holds for a save, by their path in the site (public/media/…). */
    readonly uploads: ReadonlyMap<string, Uint8Array> = new Map(),
    /** The refusal when a rule of the repository protects the branch, which the editor may not change. */
    readonly protectedRefusal?: Refused,
  ) {
    this.#latest = site;
  }

  /** The site as the store last read or committed it. */
  get latest(): BranchSite {
    return this.#latest;
  }

  /** The site as the editor read it; read again from the branch once a commit found the branch moved on from it. */
  async state(): Promise<BranchSite> {
    if (this.#moved) this.#latest = await this.#latest.reload(this.repository, this.branch);
    this.#moved = false;
    return this.#latest;
  }

  check(
    state: BranchSite,
    texts: ReadonlyMap<string, string | null>,
    uploads: readonly string[],
  ): Promise<CheckedSite> {
    return state.checkTexts(texts, this.run, { added: uploads, removed: [], bytes: this.uploads });
  }

  heldUploads(): readonly string[] {
    return [...this.uploads.keys()];
  }

  async write(state: BranchSite, { texts, uploads, headline, attempt }: SiteWrite): Promise<BranchSite | 'moved'> {
    const encoder = new TextEncoder();
    const files = new Map<string, string | Uint8Array | null>([
      ...uploads.map((path) => [path, this.uploads.get(path)!] as const),
      ...texts,
    ]);
    const outcome = await this.repository.commit({
      branch: this.branch,
      expectedHead: state.head,
      message: withOperation(headline, attempt?.id),
      changes: new Map(
        [...files].map(([path, content]) => [
          path,
          content === null ? undefined : typeof content === 'string' ? encoder.encode(content) : content,
        ]),
      ),
    });
    if (outcome === 'moved') {
      this.#moved = true;
      return 'moved';
    }
    this.#latest = await state.after(committedOn(this.branch, outcome, this.protectedRefusal), files);
    return this.#latest;
  }

  changedBy(state: BranchSite, path: string, attempt: Attempt): Promise<boolean> {
    return changedByAttempt(this.repository, state.head, path, attempt);
  }
}
