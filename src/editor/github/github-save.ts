/**
 * Saving to a branch on GitHub, as the local editor saves to the disk: nothing is written unless every changed file
 * is still at the version the author opened and the whole site is then valid; an influencer removed has their id
 * recorded in the same commit; and the commit is one, made only on the head that was checked. When the branch moved
 * meanwhile (the author's other tab or device saved), the save is tried again on the new head: it goes through when
 * the files it changes were not touched, and answers a conflict with both versions when they were. No Node API.
 */
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import type { Change, ChangedSince, OpenedFile, Problem } from '../protocol/files.ts';
import { mediaNamedIn } from '../model/content-files.ts';
import { parseJson } from '../model/json-edit.ts';
import { isOwnAttempt, OPERATION_TRAILER, type Attempt } from '../model/operations.ts';
import { removedRecordAfter, REMOVED_RECORD } from '../model/retired-ids.ts';
import { GitHubApi, GitHubRefusal } from './github-api.ts';
import { GitHubSite } from './github-site.ts';

export type SaveAnswer =
  | {
      readonly status: 'saved';
      readonly site: GitHubSite;
      readonly files: OpenedFile[];
      readonly removed: string[];
      /** The uploads that went into the commit, which the page no longer holds. */
      readonly placed: string[];
    }
  | { readonly status: 'conflict'; readonly site: GitHubSite; readonly files: ChangedSince[] }
  | { readonly status: 'invalid'; readonly site: GitHubSite; readonly problems: Problem[] };

/** How many times a save is tried again on a branch that keeps moving before it says so. */
const TRIES = 3;

/** The author's own branch of saved, unpublished changes. */
export const DRAFTS_FOLDER = 'site-editor/drafts/';
export const draftBranchOf = (login: string) => `${DRAFTS_FOLDER}${login.toLowerCase()}`;

/**
 * Saves `changes` on `branch`, whose state `site` was read from; `check` is the checker. `uploads` are pictures and
 * videos the author uploaded and the page holds (by their path, public/media/…): those the saved files name go into
 * the same commit, so a saved file never names a file that is not there; the others stay held. `attempt` names
 * this save (its commit carries the id as a trailer) and earlier tries whose answers never came: a file last changed
 * by one of those is the author's own, not a conflict.
 */
export async function saveOnBranch(
  api: GitHubApi,
  branch: string,
  site: GitHubSite,
  changes: readonly Change[],
  check: (request: CheckRequest) => Promise<CheckAnswer>,
  uploads: ReadonlyMap<string, Uint8Array> = new Map(),
  attempt?: Attempt,
): Promise<SaveAnswer> {
  let current = site;
  for (let tried = 1; ; tried += 1) {
    const texts = current.textsAfter(changes);
    const changed = changes.filter((change) => (current.blobs.get(change.path) ?? null) !== change.baseVersion);
    const own = await ownChanges(api, current, changed, attempt);
    const conflicts = changed.flatMap((change) => {
      const version = current.blobs.get(change.path) ?? null;
      return own.has(change.path)
        ? []
        : [{ ...fileOf(current, change.path), version: version ?? '', yours: texts.get(change.path) ?? '' }];
    });
    if (conflicts.length > 0) return { status: 'conflict', site: current, files: conflicts };
    const named = new Set<string>();
    for (const text of texts.values()) if (text !== null) mediaNamedIn(parseJson(text), named);
    const placed = [...uploads].filter(([path]) => named.has(path.slice('public'.length)) && !current.blobs.has(path));
    const checked = await current.check(changes, check, { added: placed.map(([path]) => path), removed: [] });
    const errors = checked.problems.filter((problem) => problem.severity === 'error');
    if (errors.length > 0 || !checked.config) return { status: 'invalid', site: current, problems: errors };
    const record = removedRecordAfter(
      changes.map((change) => ({ path: change.path, before: textOf(current, change.path) })),
      checked.config,
      { before: textOf(current, REMOVED_RECORD), changed: texts.get(REMOVED_RECORD) },
    );
    if (record) texts.set(REMOVED_RECORD, record.text);
    const encoder = new TextEncoder();
    try {
      const oid = await api.commit({
        branch,
        expectedHead: current.head,
        headline: `Saved in the editor: ${[...texts.keys()].join(', ')}`,
        ...(attempt ? { body: `${OPERATION_TRAILER}: ${attempt.id}` } : {}),
        changes: [
          ...placed.map(([path, bytes]) => ({ path, bytes })),
          ...[...texts].map(([path, text]) => ({ path, bytes: text === null ? undefined : encoder.encode(text) })),
        ],
      });
      const saved = await current.after(oid, new Map<string, string | Uint8Array | null>([...placed, ...texts]));
      return {
        status: 'saved',
        site: saved,
        files: [...texts].flatMap(([path, text]) => (text === null ? [] : [saved.openFile(path)])),
        removed: [...texts].flatMap(([path, text]) => (text === null ? [path] : [])),
        placed: placed.map(([path]) => path),
      };
    } catch (refusal) {
      if (refusal instanceof GitHubRefusal && refusal.kind === 'protected')
        throw new GitHubRefusal(
          'protected',
          `GitHub does not let the editor save to your drafts (the branch ${branch}): a rule of the repository protects it. Ask whoever manages the repository to let branches under ${DRAFTS_FOLDER} take changes.`,
        );
      if (!(refusal instanceof GitHubRefusal && refusal.kind === 'moved') || tried === TRIES) throw refusal;
      current = await current.reload(api, branch);
    }
  }
}

/**
 * The files among `changed` whose newest commit on the branch is one of the attempt's own (its answer was lost on the
 * way): the author's text is there already, and the save goes on over it.
 */
async function ownChanges(
  api: GitHubApi,
  site: GitHubSite,
  changed: readonly Change[],
  attempt: Attempt | undefined,
): Promise<Set<string>> {
  if (!attempt || changed.length === 0) return new Set();
  const found = await Promise.all(
    changed.map(async (change) => {
      const [newest] = await api.history(site.head, 1, change.path);
      return newest && isOwnAttempt(newest.message, attempt) ? [change.path] : [];
    }),
  );
  return new Set(found.flat());
}

function textOf(site: GitHubSite, path: string): string | undefined {
  try {
    return site.openFile(path).text;
  } catch {
    return undefined;
  }
}

const fileOf = (site: GitHubSite, path: string): OpenedFile => ({ path, text: textOf(site, path) ?? '', version: '' });
