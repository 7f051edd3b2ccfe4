/**
 * The author's drafts branch, where the editor at /admin/ saves (through branch-store.ts) on any git host: its name,
 * and the refusal when a rule of the repository protects it. No Node API.
 */
import { refuse } from '../protocol/refusals.ts';

/** The author's own branch of saved, unpublished changes. */
export const DRAFTS_FOLDER = 'site-editor/drafts/';
export const draftBranchOf = (login: string) => `${DRAFTS_FOLDER}${login.toLowerCase()}`;

/** Why a save to the drafts `branch` was refused when a rule of the repository protects it, and what to do. */
export const draftsProtected = (branch: string) => refuse('draftsProtected', branch, DRAFTS_FOLDER);
