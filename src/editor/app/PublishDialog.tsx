import { useId, useState, useSyncExternalStore } from 'react';
import { LiveSiteStatus } from './LiveSiteStatus.tsx';
import { SetupNotes } from './SetupNotes.tsx';
import { StrayFilesPanel } from './StrayFilesPanel.tsx';
import { useBackend } from './backend.ts';
import { Dialog, useDialog } from './Dialog.tsx';
import { OutcomeView, type PublishingProps } from './publish-dialogs.tsx';
import { canPublish, suggestedMessage } from './publishing-store.ts';
import { refusalWords } from '../protocol/refusals.ts';

/** Publish: what is saved and not yet live, to choose from, checked with the whole site, then published. */
export function PublishDialog({ unsavedFiles, publishing, setupNotes = [], strays }: PublishingProps) {
  const state = useSyncExternalStore(publishing.subscribe, publishing.getState);
  // At /admin/ the files Publish leaves out can be taken off the drafts; at npm run edit a developer deals with them.
  const takesOff = useBackend().canTakeOffStrays ? strays : undefined;
  const { busy, status, leftOut, removing, message, outcome } = state;
  const dialog = useDialog();
  // The name and email being typed, before they are saved.
  const [who, setWho] = useState({ name: '', email: '' });
  const id = useId();
  const openPublish = () => {
    dialog.open();
    void publishing.openPublish();
  };
  const discard = (path: string, words: string) => {
    if (window.confirm(`Undo "${words}"? The file goes back to how it is on the live site.`))
      void publishing.discard(path, words);
  };

  return (
    <>
      <button type="button" className="primary" onClick={openPublish}>
        Publish
      </button>
      <Dialog
        dialog={dialog}
        className="publish-dialog"
        title="Publish"
        busy={busy}
        actions={
          <button
            type="button"
            className="primary"
            disabled={!canPublish(state)}
            onClick={() => void publishing.publish()}
          >
            {status?.mode === 'review' ? 'Publish for review' : 'Publish to the live site'}
          </button>
        }
      >
        {status?.notice && <p className="publish-note">{status.notice}</p>}
        <SetupNotes notes={setupNotes} named />
        {status?.busy && !busy && <p className="publish-note">This editor is busy in another tab: {status.busy}</p>}
        {status?.problem && <p role="alert">{status.problem}</p>}
        {status && status.outside.length > 0 && (
          <div role="alert" className="publish-refusal">
            <p>{refusalWords('outsideChanged')}</p>
            <ul>
              {status.outside.map((path) => (
                <li key={path}>{path}</li>
              ))}
            </ul>
          </div>
        )}
        {status && (status.ignored ?? []).length > 0 && (
          <div className="publish-note">
            <p>
              Your drafts also hold changes outside the site's content, which the editor never publishes
              {takesOff ? ': they are listed below, with who put them there and the way to take them off.' : ':'}
            </p>
            {!takesOff && (
              <ul>
                {status.ignored!.map((path) => (
                  <li key={path}>{path}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {takesOff && <StrayFilesPanel strays={takesOff} />}
        {status && !status.problem && !status.identity && (
          <form
            className="publish-identity"
            onSubmit={(event) => {
              event.preventDefault();
              void publishing.saveIdentity(who.name, who.email);
            }}
          >
            <p>Your changes are published under your name. Write it once, as colleagues know you, and your email.</p>
            <label htmlFor={`${id}-name`}>Your name</label>
            <input
              id={`${id}-name`}
              value={who.name}
              autoComplete="name"
              onChange={(event) => setWho({ ...who, name: event.target.value })}
            />
            <label htmlFor={`${id}-email`}>Your email</label>
            <input
              id={`${id}-email`}
              type="email"
              value={who.email}
              autoComplete="email"
              onChange={(event) => setWho({ ...who, email: event.target.value })}
            />
            <button type="submit">Save my name</button>
          </form>
        )}
        {unsavedFiles > 0 && (
          <p className="publish-note">
            {unsavedFiles} {unsavedFiles === 1 ? 'file has' : 'files have'} changes you have not saved: only saved
            changes are published. Save first to include them.
          </p>
        )}
        {status && !status.problem && status.behind > 0 && (
          <p className="publish-note">
            Your teammates published {status.behind} {status.behind === 1 ? 'change' : 'changes'} you do not have yet:
            Publish brings {status.behind === 1 ? 'it' : 'them'} in first.
          </p>
        )}
        {status && !status.problem && (
          <>
            <h3>Saved, not yet live</h3>
            {status.changes.length === 0 ? (
              <p>Nothing: every saved change is live.</p>
            ) : (
              <ul className="publish-changes">
                {status.changes.map((change) => (
                  <li key={change.path}>
                    {change.unused ? (
                      <span>{change.words}</span>
                    ) : (
                      <label>
                        <input
                          type="checkbox"
                          checked={!leftOut.has(change.path)}
                          onChange={() => publishing.leaveOut(change.path)}
                        />{' '}
                        {change.words}
                      </label>
                    )}{' '}
                    <button
                      type="button"
                      className="link"
                      aria-label={`Undo: ${change.words}`}
                      onClick={() => discard(change.path, change.words)}
                    >
                      Undo
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {status.unusedMedia.length > 0 && (
              <>
                <h3>Pictures and videos nothing uses any more</h3>
                <ul className="publish-changes">
                  {status.unusedMedia.map((path) => (
                    <li key={path}>
                      <label>
                        <input type="checkbox" checked={removing.has(path)} onChange={() => publishing.remove(path)} />{' '}
                        Remove {path.split('/').at(-1)} from the site
                      </label>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <label htmlFor={`${id}-message`}>What you changed, for your colleagues</label>
            <textarea
              id={`${id}-message`}
              rows={4}
              value={message ?? suggestedMessage(state)}
              onChange={(event) => publishing.write(event.target.value)}
            />
          </>
        )}
        {outcome && (
          <OutcomeView
            outcome={outcome}
            status={status}
            onChoose={(choices) => void publishing.getLatest(choices, { thenRefresh: true })}
          />
        )}
        <LiveSiteStatus publishing={publishing} />
      </Dialog>
    </>
  );
}
