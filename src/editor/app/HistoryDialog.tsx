import { useSyncExternalStore } from 'react';
import { Dialog, useDialog } from './Dialog.tsx';
import { OutcomeView, type PublishingProps } from './publish-dialogs.tsx';
import type { HistoryEntry } from '../protocol/publishing.ts';

/** History: what was published, by whom and when, in words, each change with its Undo. */
export function HistoryDialog({ publishing }: PublishingProps) {
  const { busy, history, status, outcome } = useSyncExternalStore(publishing.subscribe, publishing.getState);
  const dialog = useDialog();

  const openHistory = () => {
    dialog.open();
    void publishing.openHistory();
  };

  // The whole change, or one part of it (a file's changes, when many were published together).
  const undo = (entry: HistoryEntry, part?: HistoryEntry['changes'][number]) => {
    const others = part ? 0 : entry.otherFiles.length;
    const kept =
      others > 0
        ? ` Its changes to ${others === 1 ? 'one file' : `${others} files`} of the site's code stay as they are.`
        : '';
    const question = part
      ? `Undo only "${part.words}"? This publishes a new change that puts back that file as it was before; the rest of "${entry.message.split('\n')[0]}" stays.`
      : `Undo "${entry.message.split('\n')[0]}"? This publishes a new change that puts back what it changed in the site's content.${kept}`;
    if (window.confirm(question)) void publishing.undo(entry, part);
  };

  return (
    <>
      <button type="button" onClick={openHistory}>
        History
      </button>
      <Dialog dialog={dialog} className="publish-dialog" title="History of the live site" busy={busy}>
        {outcome && (
          <OutcomeView outcome={outcome} status={status} onChoose={(choices) => void publishing.getLatest(choices)} />
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
                        onClick={() => undo(entry, change)}
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
                  onClick={() => undo(entry)}
                  disabled={!!busy}
                  aria-label={`Undo this change: ${entry.message.split('\n')[0]}`}
                >
                  {entry.changes.length > 1 ? `Undo all ${entry.changes.length} changes` : 'Undo this change'}
                </button>
              )}
            </li>
          ))}
        </ol>
      </Dialog>
    </>
  );
}
