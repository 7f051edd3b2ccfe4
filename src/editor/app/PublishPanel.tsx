/**
 * Publish, Get latest changes and History: the editor's way from "Saved" to the live site, in words, with no terminal.
 * Each opens a dialog that draws the publishing state (publishing-store.ts); everything it does is done through the
 * editor's backend, which refuses in words and changes nothing when it cannot go on.
 */
import { useSyncExternalStore } from 'react';
import { HistoryDialog } from './HistoryDialog.tsx';
import { LiveSiteStatus } from './LiveSiteStatus.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { Dialog, useDialog } from './Dialog.tsx';
import { OutcomeView, type PublishingProps } from './publish-dialogs.tsx';

/** Get latest changes: brings in what teammates published, asking the author where both changed the same field. */
function GetLatestDialog({ publishing }: PublishingProps) {
  const { busy, outcome } = useSyncExternalStore(publishing.subscribe, publishing.getState);
  const dialog = useDialog();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          dialog.open();
          publishing.startAfresh();
          void publishing.getLatest();
        }}
      >
        Get latest changes
      </button>
      <Dialog dialog={dialog} className="publish-dialog" title="Get latest changes" busy={busy}>
        {outcome && <OutcomeView outcome={outcome} onChoose={(choices) => void publishing.getLatest(choices)} />}
      </Dialog>
    </>
  );
}

/** The editor bar's way to the live site: Get latest changes, History and Publish, each with its dialog. */
export function PublishingButtons(props: PublishingProps) {
  return (
    <>
      <GetLatestDialog {...props} />
      <HistoryDialog {...props} />
      <PublishDialog {...props} />
      <LiveSiteStatus publishing={props.publishing} />
    </>
  );
}
