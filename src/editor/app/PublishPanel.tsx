/**
 * Publish, Get latest changes and History: the editor's way from "Saved" to the live site, in words, with no terminal.
 * Each opens a dialog; everything it does is done by the editor's server (src/editor/server/publishing.ts), which
 * refuses in words and changes nothing when it cannot go on.
 */
import { useContext, useId, useRef, useState, type ReactNode } from 'react';
import { problemLine, ProblemWordsContext } from './problem-words';
import {
  discardChange,
  getLatest,
  isRefusal,
  loadHistory,
  publish,
  publishStatus,
  restartEditor,
  setIdentity,
  undoPublished,
  type Conflict,
  type HistoryEntry,
  type LatestResult,
  type Problem,
  type PublishResult,
  type PublishStatus,
  type Refusal,
} from './api';

type Outcome = PublishResult | LatestResult | Refusal;

export interface PublishingProps {
  /** How many files have changes not saved yet: they are not published, and the panel says so. */
  readonly unsavedFiles: number;
  /** Called after files changed on disk (published, brought in, undone), so the editor reads them again. */
  readonly onFilesChanged: () => Promise<void> | void;
  /** Shows a line in the editor's status bar. */
  readonly onStatus: (status: string) => void;
}

/** The message the panel offers for the changes checked: their words, a summary line first when there are several. */
function messageFor(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.length} changes: ${words.slice(0, 3).join('; ')}${words.length > 3 ? '; …' : ''}\n\n${words.map((word) => `- ${word}`).join('\n')}`;
}

/** What happens next, in words, after a publish or an undo went through. */
function nextStepInWords(
  result: Extract<PublishResult, { status: 'published' }>,
  status: PublishStatus | undefined,
): string {
  // A review branch is not the branch the site is published from.
  if (result.branch !== (status?.branch ?? 'main'))
    return result.link
      ? 'Ask a colleague to review your changes at the link below. The site updates once they accept them.'
      : `Your changes are on the branch "${result.branch}". Ask a colleague to review and accept them; the site updates then.`;
  const minutes = status?.updateMinutes ?? 2;
  return `Your changes are on their way: the site updates in about ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
}

/** The teammate-versus-author questions of a Get latest, with a choice for each. */
function ConflictChooser({
  conflicts,
  onDone,
}: {
  conflicts: readonly Conflict[];
  onDone: (choices: Record<string, 'mine' | 'theirs'>) => void;
}) {
  const [choices, setChoices] = useState<Record<string, 'mine' | 'theirs'>>({});
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="publish-conflicts">
      <h3 id={`${id}-heading`}>A teammate changed the same {conflicts.length === 1 ? 'field' : 'fields'}</h3>
      <p>Nothing has changed yet. Choose which value to keep for each, then bring their changes in.</p>
      {conflicts.map((conflict) => (
        <fieldset key={conflict.id}>
          <legend>
            {conflict.fileName}: {conflict.field}
          </legend>
          <label>
            <input
              type="radio"
              name={`${id}-${conflict.id}`}
              checked={choices[conflict.id] === 'mine'}
              onChange={() => setChoices({ ...choices, [conflict.id]: 'mine' })}
            />{' '}
            Keep yours: <q>{conflict.mine}</q>
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-${conflict.id}`}
              checked={choices[conflict.id] === 'theirs'}
              onChange={() => setChoices({ ...choices, [conflict.id]: 'theirs' })}
            />{' '}
            Take your teammate's: <q>{conflict.theirs}</q>
          </label>
        </fieldset>
      ))}
      <button
        type="button"
        className="primary"
        disabled={conflicts.some((conflict) => !choices[conflict.id])}
        onClick={() => onDone(choices)}
      >
        Bring their changes in with these choices
      </button>
    </section>
  );
}

/** After Get latest brought in the site's code: the editor runs it only once restarted, which this button does. */
function CodeChanged() {
  const [restarting, setRestarting] = useState(false);
  return (
    <div className="publish-note">
      <p>
        The site's code changed: restart the editor to use it. Until then the editor and its preview go on with the code
        they started with. Your saved and unsaved changes stay.
      </p>
      <button
        type="button"
        disabled={restarting}
        onClick={() => {
          setRestarting(true);
          void restartEditor().catch(() => setRestarting(false));
        }}
      >
        {restarting ? 'Restarting the editor…' : 'Restart the editor'}
      </button>
    </div>
  );
}

function ProblemList({ problems }: { problems: readonly Omit<Problem, 'at'>[] }) {
  const inWords = useContext(ProblemWordsContext);
  return (
    <ul className="publish-problems">
      {problems.map((problem) => (
        <li key={`${problem.file}:${problem.position.line}:${problem.message}`}>
          {problemLine(inWords(problem), problem)}
        </li>
      ))}
    </ul>
  );
}

/** What an action answered, in words, with what to do next: a link, the questions to answer, the problems to fix. */
function OutcomeView({
  outcome,
  status,
  onChoose,
}: {
  outcome: Outcome;
  status?: PublishStatus;
  onChoose: (choices: Record<string, 'mine' | 'theirs'>) => void;
}) {
  if (isRefusal(outcome))
    return (
      <div role="alert" className="publish-refusal">
        <p>{outcome.error}</p>
        {outcome.outside && (
          <ul>
            {outcome.outside.map((path) => (
              <li key={path}>{path}</li>
            ))}
          </ul>
        )}
      </div>
    );
  switch (outcome.status) {
    case 'published':
      return (
        <div role="status" className="publish-done">
          <p>{nextStepInWords(outcome, status)}</p>
          {outcome.link && (
            <p>
              Ask a colleague to review:{' '}
              <a href={outcome.link} target="_blank" rel="noopener noreferrer">
                {outcome.link}
              </a>
            </p>
          )}
          {outcome.kept && <p>{outcome.kept}</p>}
        </div>
      );
    case 'invalid':
      return (
        <div role="alert" className="publish-refusal">
          <p>
            Nothing was published: the site would have{' '}
            {outcome.problems.length === 1 ? 'this problem' : 'these problems'}. Fix{' '}
            {outcome.problems.length === 1 ? 'it' : 'them'}, save, and publish again.
          </p>
          <ProblemList problems={outcome.problems} />
        </div>
      );
    case 'conflicts':
      return <ConflictChooser conflicts={outcome.conflicts} onDone={onChoose} />;
    case 'up-to-date':
      return <p role="status">You already have everything your teammates published.</p>;
    case 'updated':
      return (
        <div role="status">
          <p>Brought in what your teammates published; your saved changes are still here, on top:</p>
          <ul>
            {outcome.brought.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
          {outcome.codeChanged && <CodeChanged />}
        </div>
      );
  }
}

/** A dialog opened by a button in the editor's bar. */
function useDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  return { ref, open: () => ref.current?.showModal(), close: () => ref.current?.close() };
}

/** One of the three dialogs: its title, what it is doing right now, its content, and its buttons with Close last. */
function PanelDialog({
  dialog,
  title,
  busy,
  actions,
  children,
}: {
  dialog: ReturnType<typeof useDialog>;
  title: string;
  busy?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <dialog ref={dialog.ref} aria-labelledby={id} className="publish-dialog">
      <h2 id={id}>{title}</h2>
      {busy && <p role="status">{busy}</p>}
      {children}
      <div className="dialog-actions">
        {actions}
        <button type="button" onClick={dialog.close}>
          Close
        </button>
      </div>
    </dialog>
  );
}

/** What every action of a dialog shares: what it is doing right now, and a failure turned into words. */
function useAction() {
  const [busy, setBusy] = useState<string>();
  const act = async <T,>(doing: string, action: () => Promise<T>): Promise<T | Refusal> => {
    setBusy(doing);
    try {
      return await action();
    } catch (failure) {
      return { error: `${(failure as Error).message} Your saved changes are all still here.` };
    } finally {
      setBusy(undefined);
    }
  };
  return { busy, act };
}

/** Brings in what teammates published (Get latest, and the questions a publish or an undo asks first). */
function bringInWith(act: ReturnType<typeof useAction>['act'], { onFilesChanged, onStatus }: PublishingProps) {
  return async (choices: Record<string, 'mine' | 'theirs'>, show: (outcome: Outcome) => void) => {
    const result = await act('Getting the latest changes…', () => getLatest(choices));
    show(result);
    if (!isRefusal(result) && result.status === 'updated') {
      onStatus('Brought in what your teammates published.');
      await onFilesChanged();
    }
    return result;
  };
}

/** Get latest changes: brings in what teammates published, asking the author where both changed the same field. */
function GetLatest(props: PublishingProps) {
  const dialog = useDialog();
  const { busy, act } = useAction();
  const [latest, setLatest] = useState<Outcome>();
  const bringIn = bringInWith(act, props);
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

/** History: what was published, by whom and when, in words, each change with its Undo. */
function History(props: PublishingProps) {
  const dialog = useDialog();
  const { busy, act } = useAction();
  const [history, setHistory] = useState<HistoryEntry[]>();
  const [status, setStatus] = useState<PublishStatus>();
  const [undone, setUndone] = useState<Outcome>();
  const bringIn = bringInWith(act, props);

  const openHistory = async () => {
    dialog.open();
    setUndone(undefined);
    const loaded = await act('Reading the history…', loadHistory);
    if (isRefusal(loaded)) setUndone(loaded);
    else setHistory(loaded.entries);
    // Where the site is published from, for the words after an undo.
    const publishing = await publishStatus().catch(() => undefined);
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
      undoPublished(entry.commit, part ? [part.path] : undefined),
    );
    setUndone(result);
    if (!isRefusal(result) && (result.status === 'published' || result.status === 'updated')) {
      await props.onFilesChanged();
      const loaded = await loadHistory();
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

/** Publish: what is saved and not yet live, to choose from, checked with the whole site, then published. */
function Publish(props: PublishingProps) {
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
  const bringIn = bringInWith(act, props);
  const refresh = async (keepOutcome = false) => {
    const next = await act('Looking at what is saved…', publishStatus);
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
      publish({ leaveOut: [...leftOut], removeMedia: [...remove], message: message ?? suggested }),
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
    const result = await act('Undoing…', () => discardChange(path));
    if (isRefusal(result)) setOutcome(result);
    else {
      onStatus(`Undone: ${words}.`);
      await onFilesChanged();
      await refresh();
    }
  };

  const saveIdentity = async () => {
    const result = await act('Saving your name…', () => setIdentity(who.name, who.email));
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

/** The editor bar's way to the live site: Get latest changes, History and Publish, each with its dialog. */
export function PublishingButtons(props: PublishingProps) {
  return (
    <>
      <GetLatest {...props} />
      <History {...props} />
      <Publish {...props} />
    </>
  );
}
