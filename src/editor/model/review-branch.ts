/**
 * The name of a review branch for changes described by `words`, made at `now`: site-editor/2026-11-26-09-30-home.
 * Changes sent for review go to a branch of their own, named for when and what, the same from either editor.
 */
export function reviewBranchOf(words: string, now: Date): string {
  const slug =
    words
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40)
      .replace(/-$/, '') || 'changes';
  return `site-editor/${now.toISOString().slice(0, 16).replace(/[:T]/g, '-')}-${slug}`;
}
