/**
 * Stray files (stray-files-store.ts), said in words: each file where the author's saves go that their Publish never
 * sends and the editor did not put there, who put it there and when, and at /admin/ the one button that takes them
 * off the author's drafts; at npm run edit, that a developer must deal with them. Drawn above the form and in Publish.
 */
import { useSyncExternalStore } from 'react';
import { pathsInWords, strayInWords } from '../model/stray-files.ts';
import { useBackend } from './backend.ts';
import type { StrayFilesStore } from './stray-files-store.ts';

/** The stray files in words, who put each there and when, with the way to take them off (or whom to ask). */
export function StrayFilesPanel({ strays }: { strays: StrayFilesStore }) {
  const { strays: listed, busy, said } = useSyncExternalStore(strays.subscribe, strays.getState);
  const { canTakeOffStrays } = useBackend();
  if (!listed && !said) return null;
  const files = listed?.files ?? [];
  const paths = files.map((file) => file.path);
  const them = paths.length === 1 ? 'it' : 'them';
  const takeOff = () => {
    if (
      window.confirm(
        `Take ${pathsInWords(paths)} off your drafts? Each goes back to how the live site has it, in one change to your drafts; nothing of yours changes.`,
      )
    )
      void strays.takeOff();
  };
  return (
    <section aria-labelledby="strays-heading" className="editor-conflict">
      <h2 id="strays-heading">
        {canTakeOffStrays
          ? 'Files on your drafts that never reach the site'
          : 'Files in this copy of the site that the editor does not publish'}
      </h2>
      {busy && <p role="status">{busy}</p>}
      {said && <p role="status">{said}</p>}
      {files.length > 0 && (
        <>
          <ul>
            {files.map((file) => (
              <li key={file.path}>{strayInWords(file, canTakeOffStrays)}</li>
            ))}
          </ul>
          {canTakeOffStrays && (
            <button type="button" onClick={takeOff} disabled={!!busy}>
              Take {them} off your drafts
            </button>
          )}
        </>
      )}
    </section>
  );
}
