import { useId, useState, type FormEvent } from 'react';
import { Dialog, useDialog } from './Dialog.tsx';
import type { NewEntryRequest } from '../protocol/files.ts';
import type { RefusalInWords } from '../protocol/publishing.ts';

/** A kind of block a new page can start with: its type, its name and what it is. */
export interface BlockKind {
  readonly type: string;
  readonly name: string;
  readonly description: string;
}

type What = NewEntryRequest['what'];
const WORDS: Readonly<Record<What, { button: string; heading: string; hint: string }>> = {
  page: {
    button: 'New page',
    heading: 'A new page',
    hint: 'Give its address and title, and the block it starts with; add more blocks once it is open.',
  },
  influencer: {
    button: 'New influencer',
    heading: 'A new influencer',
    hint: 'They get the next free number, and example details to replace with theirs.',
  },
  project: {
    button: 'New project',
    heading: 'A new project',
    hint: 'It comes last in the list, with example details to replace with its own.',
  },
};

export interface NewEntryDialogProps {
  readonly what: What;
  /** The kinds of block a page can start with (for a new page). */
  readonly kinds: readonly BlockKind[];
  /** Makes the entry and opens it; answers the refusal in words when it cannot, and rejects when it failed. */
  readonly onCreate: (request: NewEntryRequest) => Promise<RefusalInWords | undefined>;
}

/**
 * A button that asks for what a new page, influencer or project needs first, then opens it as an unsaved file made
 * from the schema's examples. Nothing is written until Save.
 */
/** The block a new page starts with unless the author picks another: the page's opening, with its main heading. */
const DEFAULT_BLOCK = 'page-hero';

export function NewEntryDialog({ what, kinds, onCreate }: NewEntryDialogProps) {
  const dialog = useDialog();
  const id = useId();
  const [error, setError] = useState('');
  const words = WORDS[what];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => String(fields.get(name) ?? '').trim();
    const request: NewEntryRequest =
      what === 'page'
        ? // The list of blocks may still be on its way when the author presses Enter: the block shown first is the one sent.
          { what, route: text('route'), title: text('title'), sectionType: text('sectionType') || DEFAULT_BLOCK }
        : what === 'influencer'
          ? { what, name: text('name') }
          : { what, title: text('title') };
    try {
      const refused = await onCreate(request);
      if (refused) setError(refused.error);
      else dialog.close();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setError('');
          dialog.open();
        }}
      >
        {words.button}
      </button>
      <Dialog
        dialog={dialog}
        title={words.heading}
        hint={words.hint}
        className="new-entry"
        error={error}
        onSubmit={(event) => void submit(event)}
        closeLabel="Cancel"
        actions={
          <button type="submit" className="primary">
            Create
          </button>
        }
      >
        {what === 'page' && (
          <>
            <label htmlFor={`${id}-route`}>Address</label>
            <input id={`${id}-route`} name="route" required placeholder="/team" aria-describedby={`${id}-route-hint`} />
            <p id={`${id}-route-hint`} className="field-description">
              Lower case, starting with /, such as /team or /case-studies.
            </p>
          </>
        )}
        {what === 'influencer' ? (
          <>
            <label htmlFor={`${id}-name`}>Name</label>
            <input id={`${id}-name`} name="name" required placeholder="Nana Yeboah" />
          </>
        ) : (
          <>
            <label htmlFor={`${id}-title`}>Title</label>
            <input
              id={`${id}-title`}
              name="title"
              required
              placeholder={what === 'page' ? 'Our Team | {name}' : 'Harmattan Sessions'}
            />
          </>
        )}
        {what === 'page' && (
          <>
            <label htmlFor={`${id}-kind`}>First block</label>
            <select key={kinds.length} id={`${id}-kind`} name="sectionType" defaultValue={DEFAULT_BLOCK}>
              {kinds.map((kind) => (
                <option key={kind.type} value={kind.type}>
                  {kind.name}: {kind.description}
                </option>
              ))}
            </select>
          </>
        )}
      </Dialog>
    </>
  );
}
