/**
 * The name of a review branch for changes described by `words`, made at `now` by the publish `operation`:
 * site-editor/2026-11-26-09-30-home-1a2b3c4d. Changes sent for review go to a branch of their own, named for when and
 * what, the same from either editor; the end of its name is the publish's own id, so two publishes never ask for the
 * same branch (the same message in the same minute), and a try again after a lost answer finds the branch it made.
 */
export function reviewBranchOf(words: string, now: Date, operation: string): string {
  const slug =
    words
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40)
      .replace(/-$/, '') || 'changes';
  return `${REVIEW_FOLDER}${now.toISOString().slice(0, 16).replace(/[:T]/g, '-')}-${slug}-${reviewMarkOf(operation)}`;
}

/** Where review branches are made. */
export const REVIEW_FOLDER = 'site-editor/';

/** The end of a review branch's name that says which publish made it: the first 8 hex digits of its id. */
const reviewMarkOf = (operation: string): string =>
  operation
    .replace(/[^0-9a-f]/gi, '')
    .slice(0, 8)
    .toLowerCase();

/** Whether a branch is a review branch the publish `operation` made. */
export const isReviewBranchOf = (branch: string, operation: string): boolean =>
  branch.startsWith(REVIEW_FOLDER) &&
  !branch.startsWith(`${REVIEW_FOLDER}drafts/`) &&
  branch.endsWith(`-${reviewMarkOf(operation)}`);
