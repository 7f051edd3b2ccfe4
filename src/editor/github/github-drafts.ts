/**
 * The drafts port (model/repository.ts) over the author's drafts branch on GitHub, for the editor at /admin/: the
 * author's saved changes are the files the branch changed since it last met main; taking in a published commit is a
 * commit whose parents are the drafts' head and that commit, holding it with the author's files on top, to which the
 * drafts only move forward (another tab that saved meanwhile is never overwritten). No Node API.
 */
import { inContent } from '../model/content-files.ts';
import type { Drafts, DraftsState, KeptFile } from '../model/repository.ts';
import type { DraftsAgainst } from '../model/drafts-strays.ts';
import type { GitHubApi } from './github-api.ts';
import { GitHubRefusal } from './github-http.ts';
import type { GitHubRepository } from './github-repository.ts';

/** The drafts as GitHub holds them: their head (none before the first save) and each file's id there. */
export interface DraftsOnGitHub extends DraftsState {
  readonly head: string | undefined;
  readonly mine: ReadonlyMap<string, string>;
}

/** The drafts at `head` against `published`, from GitHub's comparison (or the two trees, where it falls short). */
export async function draftsAgainst(
  repository: GitHubRepository,
  published: string,
  head: string,
): Promise<DraftsAgainst> {
  const [compared, mine, theirs] = await Promise.all([
    repository.api.compare(published, head),
    repository.files(head),
    repository.files(published),
  ]);
  const files = compared.complete ? compared.files : await repository.changed(compared.mergeBase, head);
  // A file that already reads the same on main (published before, or changed the same way) is no change of theirs.
  return {
    published,
    base: compared.mergeBase,
    changed: files.filter((path) => mine.get(path) !== theirs.get(path)),
    mine,
    theirs,
  };
}

export class GitHubDrafts implements Drafts {
  readonly runsSiteCode = false;

  constructor(
    readonly repository: GitHubRepository,
    /** The author's drafts branch. */
    readonly branch: string,
  ) {}

  get #api(): GitHubApi {
    return this.repository.api;
  }

  async state(published: string): Promise<DraftsOnGitHub> {
    const head = await this.#api.head(this.branch);
    // No drafts yet: nothing saved, so nothing to publish and nothing to read.
    const { base, changed, mine } = head
      ? await draftsAgainst(this.repository, published, head)
      : { base: published, changed: [], mine: new Map<string, string>() };
    const content = changed.filter(inContent);
    return {
      base,
      head,
      mine,
      changed: content,
      versions: new Map(content.map((path) => [path, mine.get(path)])),
      savedVersion: (path) => mine.get(path),
      outside: [],
      ignored: changed.filter((path) => !inContent(path)),
    };
  }

  async read(state: DraftsOnGitHub, paths: readonly string[]): Promise<Map<string, Uint8Array | undefined>> {
    return this.repository.read(state.head ?? state.base, paths);
  }

  async takeIn(state: DraftsOnGitHub, commit: string, kept: ReadonlyMap<string, KeptFile>): Promise<'done' | 'moved'> {
    if (!state.head) return 'done';
    try {
      // Nothing saved since the two met: the drafts simply move up to it.
      if (state.head === state.base && kept.size === 0 && state.ignored.length === 0)
        await this.#api.fastForward(this.branch, commit);
      else {
        // The drafts' own files outside the content stay as they are (the stray files list offers to take them off).
        const entries = [
          ...state.ignored.map((path) => ({ path, blob: state.mine.get(path) ?? null })),
          ...(await Promise.all(
            [...kept].map(async ([path, file]) => ({
              path,
              blob:
                file === 'mine'
                  ? (state.mine.get(path) ?? null)
                  : file === null
                    ? null
                    : await this.#api.makeBlob(file),
            })),
          )),
        ];
        const tree = (await this.#api.commitDetails(commit)).tree;
        const joined = await this.#api.makeCommit(
          entries.length === 0 ? tree : await this.#api.makeTree(tree, entries),
          [state.head, commit],
          'Took in what was published',
        );
        await this.#api.fastForward(this.branch, joined);
      }
      return 'done';
    } catch (refusal) {
      if (refusal instanceof GitHubRefusal && refusal.kind === 'moved') return 'moved';
      throw refusal;
    }
  }
}
