/**
 * The uploads the editor holds until a save names them (held-uploads-store.ts), where the author looks for them: in
 * the media picker, and in the list the file list opens ("2 uploads waiting for a save"). Each says its name, kind,
 * size, when it was uploaded and which unsaved field names it, with Rename and Remove.
 */
import { useContext, useId, useState, useSyncExternalStore } from 'react';
import { dayInWords, pathsInWords } from '../model/stray-files.ts';
import type { HeldUpload } from '../protocol/files.ts';
import { Dialog, useDialog } from './Dialog.tsx';
import type { HeldUploadsStore, NamingField } from './held-uploads-store.ts';
import { sizeInWords, Thumbnail } from './media-parts.tsx';
import { ProblemWordsContext } from './problem-words.ts';

const nameOf = (src: string) => src.split('/').at(-1)!;

/** When an upload was made, in words: "3 March, 14:05". */
const uploadedInWords = (iso: string) =>
  `${dayInWords(iso)}, ${new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;

/** The held uploads, each with Rename and Remove; `onChanged` runs after either went through. */
export function HeldUploadsList({ uploads, onChanged }: { uploads: HeldUploadsStore; onChanged?: () => void }) {
  const state = useSyncExternalStore(uploads.subscribe, uploads.getState);
  const held = state.uploads ?? [];
  return (
    <section className="held-uploads" aria-label="Uploads waiting for a save">
      <h3>Uploads waiting for a save</h3>
      {state.busy && <p role="status">{state.busy}</p>}
      {state.said && <p role="status">{state.said}</p>}
      {held.length === 0 ? (
        <p>None: every upload is saved, or was removed.</p>
      ) : (
        <ul>
          {held.map((upload) => (
            <HeldUploadItem key={upload.src} upload={upload} uploads={uploads} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HeldUploadItem({
  upload,
  uploads,
  onChanged,
}: {
  upload: HeldUpload;
  uploads: HeldUploadsStore;
  onChanged?: () => void;
}) {
  const inWords = useContext(ProblemWordsContext);
  const [renaming, setRenaming] = useState(false);
  const [typed, setTyped] = useState('');
  const id = useId();
  const name = nameOf(upload.src);
  const naming = uploads.namedBy(upload.src);
  const fieldInWords = (field: NamingField) => {
    const words = inWords({ file: field.file, at: field.at, message: 'has it', path: '' });
    return `${words.place}: ${words.sentence}`;
  };
  const remove = async () => {
    const files = [...new Set(naming.map((field) => field.file))];
    const question = `Remove ${name}? It was never saved, so it is gone for good.${
      files.length > 0
        ? ` ${pathsInWords(files)} still ${files.length === 1 ? 'names' : 'name'} it: that field shows a missing file until you choose another.`
        : ''
    }`;
    if (!window.confirm(question)) return;
    await uploads.remove(upload.src);
    onChanged?.();
  };
  const rename = async () => {
    if (!(await uploads.rename(upload.src, typed))) return;
    setRenaming(false);
    onChanged?.();
  };
  return (
    <li className="held-upload">
      <Thumbnail src={upload.src} />
      <div>
        <p>
          <strong>{name}</strong> · {upload.kind === 'video' ? 'video' : 'picture'} · {sizeInWords(upload.bytes)} ·
          uploaded {uploadedInWords(upload.uploadedAt)}
        </p>
        {upload.nameProblem && (
          <p role="alert" className="media-error">
            {name} {upload.nameProblem} A save that uses it is refused until then.
          </p>
        )}
        <p>
          {naming.length === 0
            ? 'No unsaved change uses it yet: choose it in a field, then save, and it joins public/media/.'
            : `Used in your unsaved changes: ${naming.map(fieldInWords).join('; ')}.`}
        </p>
        {renaming ? (
          <form
            className="held-rename"
            onSubmit={(event) => {
              event.preventDefault();
              void rename();
            }}
          >
            <label htmlFor={`${id}-name`}>New name for {name}</label>
            <input id={`${id}-name`} value={typed} onChange={(event) => setTyped(event.target.value)} />
            <button type="submit">Rename</button>{' '}
            <button type="button" onClick={() => setRenaming(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <>
            <button
              type="button"
              onClick={() => {
                setTyped(name.replace(/\.[^.]*$/, ''));
                setRenaming(true);
              }}
            >
              Rename {name}…
            </button>{' '}
            <button type="button" onClick={() => void remove()}>
              Remove {name}
            </button>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * The line beside the file list that says how many uploads wait for a save ("2 uploads waiting for a save"), which
 * opens their list; nothing while none waits.
 */
export function HeldUploadsLine({ uploads }: { uploads: HeldUploadsStore }) {
  const { uploads: held } = useSyncExternalStore(uploads.subscribe, uploads.getState);
  const dialog = useDialog();
  if (!held || held.length === 0) return null;
  const troubled = held.filter((upload) => upload.nameProblem).length;
  return (
    <>
      <button type="button" className="link held-uploads-line" onClick={dialog.open}>
        {held.length} {held.length === 1 ? 'upload' : 'uploads'} waiting for a save
        {troubled > 0 ? ` (${troubled} to rename)` : ''}
      </button>
      <Dialog
        dialog={dialog}
        className="media-dialog"
        title="Uploads waiting for a save"
        hint="Each joins public/media/ with the save of a file that uses it; until then only this editor holds it."
      >
        <HeldUploadsList uploads={uploads} />
      </Dialog>
    </>
  );
}
