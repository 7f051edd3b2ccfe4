import { useState } from 'react';
import { asideInWords, type AsideDraft } from '../model/drafts.ts';
import type { EditorStore } from './editor-store.ts';
import type { FileEntry } from '../protocol/files.ts';

/** The text of a draft set aside, as the author can read and copy it. */
const textOf = (kept: AsideDraft) => JSON.stringify(kept.draft.data, null, 2);

/**
 * Unsaved texts the editor set aside rather than forget (a file a teammate removed, a closed tab's text beside this
 * tab's own): each said in words, with what the author can do with it. Nothing here goes until they choose.
 */
export function AsideDrafts({
  aside,
  files,
  store,
}: {
  aside: readonly AsideDraft[];
  files: readonly FileEntry[];
  store: EditorStore;
}) {
  return aside.map((kept) => <AsideCard key={kept.slot} kept={kept} files={files} store={store} />);
}

function AsideCard({ kept, files, store }: { kept: AsideDraft; files: readonly FileEntry[]; store: EditorStore }) {
  // The text is drawn only when asked for: it may be large.
  const [showing, setShowing] = useState(false);
  const name = files.find((file) => file.path === kept.path)?.label ?? kept.draft.entry?.label ?? kept.path;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(textOf(kept));
      store.say(`Copied your unsaved text for ${kept.path}: paste it where you like.`);
    } catch {
      setShowing(true);
      store.say(`This browser did not let the editor copy it: select the text shown below and copy it yourself.`);
    }
  };
  return (
    <section aria-label={`Unsaved text for ${kept.path}`} className="editor-conflict">
      <p>{asideInWords(kept, `${name} (${kept.path})`)}</p>
      <button type="button" onClick={() => void store.restoreAside(kept.slot)}>
        {kept.reason.kind === 'removed' ? 'Restore it as a new file' : "Use it instead of this tab's"}
      </button>{' '}
      <button type="button" onClick={() => void copy()}>
        Copy it
      </button>{' '}
      <button type="button" onClick={() => store.discardAside(kept.slot)}>
        Discard it
      </button>{' '}
      <button type="button" className="link" aria-expanded={showing} onClick={() => setShowing(!showing)}>
        {showing ? 'Hide the text' : 'Show the text'}
      </button>
      {showing && (
        <textarea
          readOnly
          className="aside-text"
          aria-label={`Your unsaved text for ${kept.path}`}
          value={textOf(kept)}
          rows={10}
        />
      )}
    </section>
  );
}
