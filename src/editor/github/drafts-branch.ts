/**
 * The author's drafts branch on GitHub, where the editor at /admin/ saves (through branch-store.ts): its name, and the
 * words when a rule of the repository protects it. No Node API.
 */
import { refusalWords } from '../protocol/refusals.ts';

/** The author's own branch of saved, unpublished changes. */
export const DRAFTS_FOLDER = 'site-editor/drafts/';
export const draftBranchOf = (login: string) => `${DRAFTS_FOLDER}${login.toLowerCase()}`;

/** Why a save to the drafts `branch` was refused when a rule of the repository protects it, and what to do. */
export const draftsProtected = (branch: string) => refusalWords('draftsProtected', branch, DRAFTS_FOLDER);
