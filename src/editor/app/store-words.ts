/**
 * What the editor's page says in its status line after each action, in one place: what was saved, restored, deleted,
 * and where the problems stand. Plain functions of what happened; the store decides when each is said.
 */
import type { PlacesChoice, Problem, RemovalPlan, SaveResult } from '../protocol/files.ts';
import type { RefusalInWords } from '../protocol/publishing.ts';
import type { RestoredDrafts } from './restored-drafts.ts';
import { sayingKept } from './deadlines.ts';
import { pathsInWords, refusedOutsideConfig } from '../model/stray-files.ts';

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A refusal's words after what was being done ("Not saved: …"), as a failure's read (EditorBackend.failureWords). */
export const refusedInWords = (doing: string, refusal: RefusalInWords): string => `${doing}: ${refusal.error}`;

/**
 * What a save that went through says: what it saved, the warnings the saved files still have, what was typed while it
 * was saving (not saved yet), and the media no page uses any more.
 */
export function savedInWords(
  result: Extract<SaveResult, { status: 'saved' }>,
  problems: readonly Problem[],
  typedSince: readonly string[],
  afterAll?: 'found' | 'late',
): string {
  const warnings = problems.filter(
    (problem) =>
      problem.severity === 'warning' && !problem.forAuthors && result.files.some((file) => file.path === problem.file),
  ).length;
  const unused = result.noLongerUsed;
  const saved = result.files.map((file) => file.path).join(', ');
  return [
    !afterAll
      ? `Saved ${saved}.`
      : afterAll === 'found'
        ? `Saved after all: ${saved}. The answer was lost on the way, but the save went through.`
        : `Saved after all: the save of ${saved} went through after the editor said it had not. Nothing more to do.`,
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
 * What a save the checker refused says: how many problems, and, where some are files the author cannot fix in a form,
 * which and the way out: an upload held under a name the site cannot have (`held`, their addresses) is renamed in the
 * list of uploads; a stray file (model/stray-files.ts) is taken off the drafts (at /admin/), or a developer removes it.
 */
export function notSavedInWords(
  problems: readonly Problem[],
  canTakeOffStrays: boolean,
  held: readonly string[] = [],
): string {
  const refused = [...refusedOutsideConfig(problems).keys()];
  const uploads = refused.filter((path) => held.includes(path.slice('public'.length)));
  const strays = refused.filter((path) => !uploads.includes(path));
  const them = strays.length === 1 ? 'it' : 'them';
  const renaming =
    uploads.length === 0
      ? ''
      : ` ${pathsInWords(uploads.map((path) => path.slice('public'.length)))} ${uploads.length === 1 ? 'is an upload' : 'are uploads'} whose name the site cannot have: rename ${uploads.length === 1 ? 'it' : 'them'} in the list of uploads waiting for a save, then save again.`;
  const wayOut =
    strays.length === 0
      ? ''
      : canTakeOffStrays
        ? ` ${pathsInWords(strays)} ${strays.length === 1 ? 'is' : 'are'} on your drafts, put there outside the editor, and the site cannot have ${them}: take ${them} off your drafts (listed above the form), then save again.`
        : ` ${pathsInWords(strays)} ${strays.length === 1 ? 'is' : 'are'} in this computer's copy of the site, outside what the editor changes, and the site cannot have ${them}: ask a developer to remove ${them}, then save again.`;
  return `Not saved: ${plural(problems.length, 'problem needs', 'problems need')} fixing first.${renaming}${wayOut} Your changes are kept.`;
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
export function deletedInWords(
  plan: RemovalPlan,
  places: PlacesChoice,
  keptUnsaved: readonly string[],
  afterAll?: 'found' | 'late',
): string {
  const said = deletedPlainly(plan, places, keptUnsaved);
  if (!afterAll) return said;
  return afterAll === 'found'
    ? `${said.replace(/^Deleted /, 'Deleted after all: ')} The answer was lost on the way, but the Delete went through.`
    : `${said.replace(/^Deleted /, 'Deleted after all: ')} It went through after the editor said it had not. Nothing more to do.`;
}

/**
 * What a Delete whose answer was lost says when it was found not to have landed: the failure, that nothing was
 * deleted (as far as the editor can tell, where it may still land: then it says so if it does), and what to do.
 */
export const notDeletedLostInWords = (failed: string, later: boolean): string =>
  `${failed} ${later ? 'As far as the editor can tell, nothing was deleted' : 'Nothing was deleted'}: choose Delete again to try once more.${later ? ' Should the Delete go through after all, the editor will say so.' : ''}`;

function deletedPlainly(plan: RemovalPlan, places: PlacesChoice, keptUnsaved: readonly string[]): string {
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

/**
 * What a save whose answer was lost says when it was found not to have landed: the failure (`failed`, which starts
 * "Not saved: …"), that the changes are kept, what to do, and, where it may still land (`later`), that the editor
 * will say so if it does.
 */
export const notSavedLostInWords = (failed: string, later: boolean): string =>
  `${sayingKept(failed)} Save again to try once more.${later ? ' Should the save go through after all, the editor will say so.' : ''}`;

/** What a save whose lost answer was found to have landed says when a file changed again since (another tab?). */
export const changedSinceLandedInWords = (): string =>
  'Your save went through although its answer was lost, but a file changed again since (another tab or device?). Save again to compare the two versions: your changes are kept.';
