/**
 * Publish, Get latest changes and History: the editor's way from "Saved" to the live site, in words, with no terminal.
 * Each opens a dialog; everything it does is done by the editor's server (src/editor/server/publishing.ts), which
 * refuses in words and changes nothing when it cannot go on.
 */
import { useState } from 'react';
import { HistoryDialog } from './HistoryDialog';
import { PublishDialog } from './PublishDialog';
import {
  useBringIn,
  OutcomeView,
  PanelDialog,
  useAction,
  useDialog,
  type Outcome,
  type PublishingProps,
} from './publish-dialogs';

/** Get latest changes: brings in what teammates published, asking the author where both changed the same field. */
function GetLatestDialog(props: PublishingProps) {
  const dialog = useDialog();
  const { busy, act } = useAction();
  const [latest, setLatest] = useState<Outcome>();
  const bringIn = useBringIn(act, props);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          dialog.open();
          setLatest(undefined);
          void bringIn({}, setLatest);
        }}
      >
        Get latest changes
      </button>
      <PanelDialog dialog={dialog} title="Get latest changes" busy={busy}>
        {latest && <OutcomeView outcome={latest} onChoose={(choices) => void bringIn(choices, setLatest)} />}
      </PanelDialog>
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
    </>
  );
}
