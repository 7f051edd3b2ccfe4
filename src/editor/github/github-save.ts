/**
 * Saving to the author's drafts branch on GitHub: the editor's one rule of saving (model/save.ts) on the branch as a
 * store (branch-store.ts). No Node API.
 */
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { saveChanges } from '../model/save.ts';
import type { Change, SaveResult } from '../protocol/files.ts';
import { BranchStore } from './branch-store.ts';
import type { GitHubApi } from './github-api.ts';
import type { GitHubSite } from './github-site.ts';
import { refusalWords } from '../protocol/refusals.ts';

/** A save's answer, with the site as the branch now holds it, and the uploads that went into the commit. */
export type SaveAnswer = SaveResult & { readonly site: GitHubSite; readonly placed: readonly string[] };

/** The author's own branch of saved, unpublished changes. */
export const DRAFTS_FOLDER = 'site-editor/drafts/';
export const draftBranchOf = (login: string) => `${DRAFTS_FOLDER}${login.toLowerCase()}`;

/** Why a save to the drafts `branch` was refused when a rule of the repository protects it, and what to do. */
export const draftsProtected = (branch: string) => refusalWords('draftsProtected', branch, DRAFTS_FOLDER);

/**
 * Saves `changes` on `branch`, whose state `site` was read from; `check` is the checker. `uploads` are pictures and
 * videos the author uploaded and the page holds (by their path, public/media/…): those the saved files name go into
 * the same commit; the others stay held. `attempt` names this save and earlier tries whose answers never came.
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
  const store = new BranchStore(api, branch, site, check, uploads, draftsProtected(branch));
  const answer = await saveChanges(store, changes, attempt);
  const saved = store.latest;
  return {
    ...answer,
    site: saved,
    // Every upload the branch now has is no longer held, this save's own from a try whose answer was lost among them.
    placed: answer.status === 'saved' ? [...uploads.keys()].filter((path) => saved.has(path)) : [],
  };
}
