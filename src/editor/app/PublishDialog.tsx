import { useId, useState } from 'react';
import { isRefusal } from '../protocol/publishing';
import type { PublishStatus } from './api';
import { useBackend } from './backend';
import { messageFor } from '../model/change-words';
import {
  useBringIn,
  nextStepInWords,
  OutcomeView,
  PanelDialog,
  useAction,
  useDialog,
  type Outcome,
  type PublishingProps,
} from './publish-dialogs';

/** Publish: what is saved and not yet live, to choose from, checked with the whole site, then published. */
export function PublishDialog(props: PublishingProps) {
  const { unsavedFiles, onFilesChanged, onStatus } = props;
  const dialog = useDialog();
  const { busy, act } = useAction();
  const [status, setStatus] = useState<PublishStatus>();
  const [leftOut, setLeftOut] = useState<Set<string>>(new Set());
  const [remove, setRemove] = useState<Set<string>>(new Set());
  // What the author wrote for their colleagues; until they write, the list of what is checked says it.
  const [message, setMessage] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [who, setWho] = useState({ name: '', email: '' });
  const id = useId();
  const bringIn = useBringIn(act, props);
  const backend = useBackend();
  const refresh = async (keepOutcome = false) => {
    const next = await act('Looking at what is saved…', backend.publishStatus);
    if (isRefusal(next)) {
      setOutcome(next);
      return;
    }
    setStatus(next);
    setLeftOut((before) => new Set([...before].filter((path) => next.changes.some((change) => change.path === path))));
    setRemove((before) => new Set([...before].filter((path) => next.unusedMedia.includes(path))));
    if (!keepOutcome) setOutcome(undefined);
  };

  const openPublish = () => {
    dialog.open();
    void refresh();
  };

  const publishNow = async () => {
    const result = await act('Getting the latest changes, checking the site and publishing…', () =>
      backend.publish({ leaveOut: [...leftOut], removeMedia: [...remove], message: message ?? suggested }),
    );
    setOutcome(result);
    if (!isRefusal(result) && result.status === 'published') {
      setMessage(undefined);
      onStatus(nextStepInWords(result, status));
      await onFilesChanged();
      await refresh(true);
    }
  };

  const discard = async (path: string, words: string) => {
    if (!window.confirm(`Undo "${words}"? The file goes back to how it is on the live site.`)) return;
    const result = await act('Undoing…', () => backend.discardChange(path));
    if (isRefusal(result)) setOutcome(result);
    else {
      onStatus(`Undone: ${words}.`);
      await onFilesChanged();
      await refresh();
    }
  };

  const saveIdentity = async () => {
    const result = await act('Saving your name…', () => backend.setIdentity(who.name, who.email));
    if (isRefusal(result)) setOutcome(result);
    else await refresh();
  };

  const toggle = (set: Set<string>, path: string) => {
    const next = new Set(set);
    if (!next.delete(path)) next.add(path);
    return next;
  };
  const publishable = status?.changes.filter((change) => !change.unused && !leftOut.has(change.path)) ?? [];
  const suggested = messageFor([
    ...publishable.map((change) => change.words),
    ...[...remove].map((path) => `Removed ${path.split('/').at(-1)}`),
  ]);
  const questionsOpen = !!outcome && !isRefusal(outcome) && outcome.status === 'conflicts';
  const canPublish =
    !!status &&
    !status.problem &&
    status.outside.length === 0 &&
    !!status.identity &&
    (publishable.length > 0 || remove.size > 0) &&
    !busy &&
    !questionsOpen;

  return (
    <>
      <button type="button" className="primary" onClick={openPublish}>
        Publish
      </button>
      <PanelDialog
        dialog={dialog}
        title="Publish"
        busy={busy}
        actions={
          <button type="button" className="primary" disabled={!canPublish} onClick={() => void publishNow()}>
            {status?.mode === 'review' ? 'Publish for review' : 'Publish to the live site'}
          </button>
        }
      >
        {status?.notice && <p className="publish-note">{status.notice}</p>}
        {status?.busy && !busy && <p className="publish-note">This editor is busy in another tab: {status.busy}</p>}
        {status?.problem && <p role="alert">{status.problem}</p>}
        {status && status.outside.length > 0 && (
          <div role="alert" className="publish-refusal">
            <p>
              Files outside config/ and public/media/ have changed on this computer, so the editor does not publish
              until a developer deals with them:
            </p>
            <ul>
              {status.outside.map((path) => (
                <li key={path}>{path}</li>
              ))}
            </ul>
          </div>
        )}
        {status && !status.problem && !status.identity && (
          <form
            className="publish-identity"
            onSubmit={(event) => {
              event.preventDefault();
              void saveIdentity();
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
                          onChange={() => setLeftOut(toggle(leftOut, change.path))}
                        />{' '}
                        {change.words}
                      </label>
                    )}{' '}
                    <button
                      type="button"
                      className="link"
                      aria-label={`Undo: ${change.words}`}
                      onClick={() => void discard(change.path, change.words)}
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
                        <input
                          type="checkbox"
                          checked={remove.has(path)}
                          onChange={() => setRemove(toggle(remove, path))}
                        />{' '}
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
              value={message ?? suggested}
              onChange={(event) => setMessage(event.target.value)}
            />
          </>
        )}
        {outcome && (
          <OutcomeView
            outcome={outcome}
            status={status}
            onChoose={(choices) => void bringIn(choices, setOutcome).then(() => refresh(true))}
          />
        )}
      </PanelDialog>
    </>
  );
}
