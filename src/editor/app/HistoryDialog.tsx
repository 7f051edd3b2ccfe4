import { useState } from 'react';
import { isRefusal } from '../protocol/publishing';
import type { HistoryEntry, PublishStatus } from './api';
import { useBackend } from './backend';
import {
  useBringIn,
  OutcomeView,
  PanelDialog,
  useAction,
  useDialog,
  type Outcome,
  type PublishingProps,
} from './publish-dialogs';

/** History: what was published, by whom and when, in words, each change with its Undo. */
export function HistoryDialog(props: PublishingProps) {
  const dialog = useDialog();
  const { busy, act } = useAction();
  const [history, setHistory] = useState<HistoryEntry[]>();
  const [status, setStatus] = useState<PublishStatus>();
  const [undone, setUndone] = useState<Outcome>();
  const bringIn = useBringIn(act, props);
  const backend = useBackend();

  const openHistory = async () => {
    dialog.open();
    setUndone(undefined);
    const loaded = await act('Reading the history…', backend.loadHistory);
    if (isRefusal(loaded)) setUndone(loaded);
    else setHistory(loaded.entries);
    // Where the site is published from, for the words after an undo.
    const publishing = await backend.publishStatus().catch(() => undefined);
    setStatus(publishing);
  };

  // The whole change, or one part of it (a file's changes, when many were published together).
  const undo = async (entry: HistoryEntry, part?: HistoryEntry['changes'][number]) => {
    const others = part ? 0 : entry.otherFiles.length;
    const kept =
      others > 0
        ? ` Its changes to ${others === 1 ? 'one file' : `${others} files`} of the site's code stay as they are.`
        : '';
    const question = part
      ? `Undo only "${part.words}"? This publishes a new change that puts back that file as it was before; the rest of "${entry.message.split('\n')[0]}" stays.`
      : `Undo "${entry.message.split('\n')[0]}"? This publishes a new change that puts back what it changed in the site's content.${kept}`;
    if (!window.confirm(question)) return;
    const result = await act('Checking the site without this change and publishing…', () =>
      backend.undoPublished(entry.commit, part ? [part.path] : undefined),
    );
    setUndone(result);
    if (!isRefusal(result) && (result.status === 'published' || result.status === 'updated')) {
      await props.onFilesChanged();
      const loaded = await backend.loadHistory();
      setHistory(loaded.entries);
    }
  };

  return (
    <>
      <button type="button" onClick={() => void openHistory()}>
        History
      </button>
      <PanelDialog dialog={dialog} title="History of the live site" busy={busy}>
        {undone && (
          <OutcomeView outcome={undone} status={status} onChoose={(choices) => void bringIn(choices, setUndone)} />
        )}
        {history && history.length === 0 && <p>Nothing has been published yet.</p>}
        <ol className="publish-history">
          {history?.map((entry) => (
            <li key={entry.commit}>
              <p>
                <strong>{entry.message.split('\n')[0]}</strong>
                <br />
                {entry.author}, <time dateTime={entry.date}>{new Date(entry.date).toLocaleString()}</time>
              </p>
              <ul className="history-changes">
                {entry.changes.map((change) => (
                  <li key={change.path}>
                    {change.words}
                    {/* Of many changes published together, each can be undone on its own. */}
                    {entry.undoable && entry.changes.length > 1 && (
                      <button
                        type="button"
                        className="list-button"
                        onClick={() => void undo(entry, change)}
                        disabled={!!busy}
                        aria-label={`Undo only: ${change.words}`}
                      >
                        Undo
                      </button>
                    )}
                  </li>
                ))}
              </ul>
              {entry.undoable && (
                <button
                  type="button"
                  onClick={() => void undo(entry)}
                  disabled={!!busy}
                  aria-label={`Undo this change: ${entry.message.split('\n')[0]}`}
                >
                  {entry.changes.length > 1 ? `Undo all ${entry.changes.length} changes` : 'Undo this change'}
                </button>
              )}
            </li>
          ))}
        </ol>
      </PanelDialog>
    </>
  );
}
