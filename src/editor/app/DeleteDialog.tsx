import { useContext, useState, type FormEvent } from 'react';
import { Dialog, useDialog } from './Dialog.tsx';
import { problemLine, ProblemWordsContext } from './problem-words.ts';
import { useBackend } from './backend.ts';
import { withinDeadline } from './deadlines.ts';
import type { FileEntry, PlacesChoice, RemovalPlan } from '../protocol/files.ts';
import { isRefusal } from '../protocol/publishing.ts';
import type { EditorStore } from './editor-store.ts';

export interface DeleteDialogProps {
  /** The file to delete, as the file list shows it. */
  readonly file: FileEntry;
  /** The pages the places that point to it can be pointed to instead. */
  readonly pages: readonly { readonly address: string; readonly label: string }[];
  /** Whether the author has unsaved changes to it, which deleting drops. */
  readonly unsaved: boolean;
  /**
   * Deletes it as planned (EditorStore.deleteFile): the save's answer (once saved, the store has said so), `done` for
   * a Delete whose lost answer was found to have landed, or `not-deleted` in words (with the plan as it is now, when
   * the file changed since).
   */
  readonly onDelete: EditorStore['deleteFile'];
}

/** What happens to the file's address once it is removed, in words. */
function afterwards(plan: RemovalPlan): string {
  if (plan.retiredId !== undefined)
    return `The number ${plan.retiredId} is never given to anyone else, so links people saved to their profile${plan.address ? `, ${plan.address},` : ''} never lead to another person.`;
  if (plan.address) return `Its address, ${plan.address}, will show the site's "Page Not Found" page.`;
  return `${plan.path} is removed from the site.`;
}

/**
 * Delete for a page, an entry in a file of its own or a form: first what points to it (links, the menu, form blocks),
 * with the choice to remove those places or point them to another page, then one checked save that does it all.
 */
export function DeleteDialog({ file, pages, unsaved, onDelete }: DeleteDialogProps) {
  const dialog = useDialog();
  const [plan, setPlan] = useState<RemovalPlan>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inWords = useContext(ProblemWordsContext);
  const backend = useBackend();

  const open = async () => {
    setError('');
    setPlan(undefined);
    dialog.open();
    try {
      const planned = await withinDeadline(backend.planRemoval(file.path));
      if (isRefusal(planned)) setError(planned.error);
      else setPlan(planned);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!plan) return;
    const fields = new FormData(event.currentTarget);
    const places: PlacesChoice =
      fields.get('places') === 'repoint'
        ? { action: 'repoint', to: String(fields.get('to') ?? '') }
        : { action: 'remove' };
    setBusy(true);
    try {
      const result = await onDelete(plan, places, String(fields.get('showInstead') ?? '') || undefined);
      if (result.status === 'saved' || result.status === 'done') dialog.close();
      else if (result.status === 'not-deleted') {
        if (result.plan) setPlan(result.plan);
        setError(result.error);
      } else if (result.status === 'invalid') {
        setError(
          `Not deleted: it would leave ${result.problems.length === 1 ? 'a problem' : `${result.problems.length} problems`}: ${result.problems
            .slice(0, 3)
            .map((problem) => problemLine(inWords(problem), problem))
            .join(' ')} Choose to point them to another page, or fix them first.`,
        );
      } else
        setError(
          `Not deleted: ${result.files.map((changed) => changed.path).join(', ')} changed on disk meanwhile. Try again.`,
        );
    } finally {
      // Every failure comes back in words (EditorStore.deleteFile).
      setBusy(false);
    }
  };

  const elsewhere = pages.filter((page) => page.address !== plan?.address);
  return (
    <>
      <button type="button" className="danger" onClick={() => void open()} aria-label={`Delete ${file.label}`}>
        Delete…
      </button>
      <Dialog
        dialog={dialog}
        title={`Delete ${file.label}?`}
        className="publish-dialog delete-dialog"
        error={error}
        onSubmit={(event) => void submit(event)}
        closeLabel="Cancel"
        actions={
          <button type="submit" className="danger" disabled={!plan || busy}>
            Delete
          </button>
        }
      >
        {!plan && !error && <p>Looking for what points to it…</p>}
        {plan && (
          <>
            <p>{afterwards(plan)}</p>
            {plan.retiredId !== undefined && plan.address && (
              <label>
                What their old address shows
                <select name="showInstead" defaultValue="">
                  <option value="">The profile page's "not found" message</option>
                  {elsewhere.map((page) => (
                    <option key={page.address} value={page.address}>
                      {page.label} ({page.address})
                    </option>
                  ))}
                </select>
              </label>
            )}
            {unsaved && <p>Your unsaved changes to it are dropped.</p>}
            {plan.places.length === 0 ? (
              <p>Nothing else on the site points to it.</p>
            ) : (
              <>
                <h3>
                  {plan.places.length === 1 ? '1 place points to it' : `${plan.places.length} places point to it`}
                </h3>
                <ul>
                  {plan.places.map((place) => (
                    <li key={`${place.file}:${place.field}`}>
                      {
                        inWords({
                          file: place.file,
                          message: place.message,
                          path: place.field,
                          at: place.at,
                          names: place.names,
                        }).place
                      }
                    </li>
                  ))}
                </ul>
                <fieldset>
                  <legend>What should happen to them?</legend>
                  <label>
                    <input type="radio" name="places" value="remove" defaultChecked /> Remove them (a menu link or a
                    block goes; a link in a text keeps its words)
                  </label>
                  {plan.address && elsewhere.length > 0 && (
                    <>
                      <label>
                        <input type="radio" name="places" value="repoint" /> Point them to another page:
                      </label>
                      <select
                        name="to"
                        aria-label="The page they point to instead"
                        defaultValue={(elsewhere.find((page) => page.address === '/') ?? elsewhere[0]!).address}
                      >
                        {elsewhere.map((page) => (
                          <option key={page.address} value={page.address}>
                            {page.label} ({page.address})
                          </option>
                        ))}
                      </select>
                    </>
                  )}
                </fieldset>
              </>
            )}
            <p>It is removed from your copy of the site now; Publish puts that online, and History can undo it.</p>
          </>
        )}
      </Dialog>
    </>
  );
}
