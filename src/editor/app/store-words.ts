/**
 * What the editor's page says in its status line after each action, in one place: what was saved, restored, deleted,
 * and where the problems stand. Plain functions of what happened; the store decides when each is said.
 */
import type { PlacesChoice, Problem, RemovalPlan, SaveResult } from '../protocol/files.ts';
import type { RestoredDrafts } from './restored-drafts.ts';
import { pathsInWords, refusedOutsideConfig } from '../model/stray-files.ts';

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What a save that went through says: what it saved, the warnings the saved files still have, what was typed while it
 * was saving (not saved yet), and the media no page uses any more.
 */
export function savedInWords(
  result: Extract<SaveResult, { status: 'saved' }>,
  problems: readonly Problem[],
  typedSince: readonly string[],
): string {
  const warnings = problems.filter(
    (problem) =>
      problem.severity === 'warning' && !problem.forAuthors && result.files.some((file) => file.path === problem.file),
  ).length;
  const unused = result.noLongerUsed;
  return [
    `Saved ${result.files.map((file) => file.path).join(', ')}.`,
    warnings > 0 ? `With ${plural(warnings, 'warning', 'warnings')} to check, listed above.` : '',
    typedSince.length > 0 ? `What you typed in ${typedSince.join(', ')} while it was saving is not saved yet.` : '',
    unused.length > 0
      ? `${unused.join(', ')} ${unused.length === 1 ? 'is' : 'are'} no longer used by any page: Publish offers to remove ${unused.length === 1 ? 'it' : 'them'}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** What the page says once it opened with these drafts. */
export function restoredInWords(drafts: RestoredDrafts): string {
  const restored = Object.keys(drafts.open);
  return [
    restored.length > 0
      ? `Restored your unsaved changes to ${restored.join(', ')}${drafts.adopted > 0 ? ' (some from a tab you closed)' : ''}.`
      : drafts.unread.length + drafts.aside.length === 0
        ? 'Choose a file to edit.'
        : '',
    drafts.unread.length > 0
      ? `Could not open ${drafts.unread.join(', ')} to show your unsaved changes: they are kept in this browser, and open again when you reload.`
      : '',
    drafts.aside.length > 0
      ? `${plural(drafts.aside.length, 'unsaved text waits', 'unsaved texts wait')} for your choice, below.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * What a save the checker refused says: how many problems, and, where some are files the author cannot fix in a form
 * (stray files, model/stray-files.ts), which and the way out: taking them off their drafts (at /admin/), or a developer.
 */
export function notSavedInWords(problems: readonly Problem[], canTakeOffStrays: boolean): string {
  const strays = [...refusedOutsideConfig(problems).keys()];
  const them = strays.length === 1 ? 'it' : 'them';
  const wayOut =
    strays.length === 0
      ? ''
      : canTakeOffStrays
        ? ` ${pathsInWords(strays)} ${strays.length === 1 ? 'is' : 'are'} on your drafts, put there outside the editor, and the site cannot have ${them}: take ${them} off your drafts (listed above the form), then save again.`
        : ` ${pathsInWords(strays)} ${strays.length === 1 ? 'is' : 'are'} in this computer's copy of the site, outside what the editor changes, and the site cannot have ${them}: ask a developer to remove ${them}, then save again.`;
  return `Not saved: ${plural(problems.length, 'problem needs', 'problems need')} fixing first.${wayOut} Your changes are kept.`;
}

/** Said once the checker's errors are gone after a save was refused for them. */
export const FIXED = 'The problems are fixed: Save writes your changes.';

/**
 * The status line after the checker's newest answer (`errors` of them): a refusal to save says so until the text has
 * no errors, and the line never says the problems are fixed while some remain.
 */
export function statusAfterCheck(status: string, errors: number): string {
  if (errors === 0 && status.startsWith('Not saved:') && status.includes('fixing first')) return FIXED;
  if (errors > 0 && status === FIXED)
    return `${plural(errors, 'problem needs', 'problems need')} fixing before Save: they are listed above.`;
  return status;
}

/** What Delete did: the entry gone, the places that pointed to it repointed or removed, unsaved text kept. */
export function deletedInWords(plan: RemovalPlan, places: PlacesChoice, keptUnsaved: readonly string[]): string {
  const pointed = plan.places.length;
  const names = [...new Set(plan.places.map((place) => place.fileName))].join(', ');
  const them = `The ${pointed === 1 ? 'place' : `${pointed} places`} that pointed to it (${names})`;
  return `Deleted ${plan.name}.${
    pointed === 0
      ? ''
      : places.action === 'repoint'
        ? ` ${them} now ${pointed === 1 ? 'points' : 'point'} to ${places.to}.`
        : ` ${them} ${pointed === 1 ? 'was' : 'were'} removed too.`
  }${keptUnsaved.length > 0 ? ` Your unsaved changes to ${keptUnsaved.join(', ')} are kept; Save shows them beside the new version.` : ''} Publish puts this online.`;
}
