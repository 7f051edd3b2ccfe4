/**
 * What the three publishing dialogs share: the outcome of a publish, an undo or a Get latest, in words, with the
 * questions a conflict asks. They draw the publishing state (publishing-store.ts) and hold none of it.
 */
import { useContext, useId, useState } from 'react';
import { isRefusal } from '../protocol/publishing.ts';
import type { Problem } from '../protocol/files.ts';
import type { Conflict, PublishStatus } from '../protocol/publishing.ts';
import { useBackend } from './backend.ts';
import { problemLine, ProblemWordsContext } from './problem-words.ts';
import { afterAllInWords, nextStepInWords, type Outcome, type PublishingStore } from './publishing-store.ts';
import type { StrayFilesStore } from './stray-files-store.ts';

export interface PublishingProps {
  /** How many files have changes not saved yet: they are not published, and the panel says so. */
  readonly unsavedFiles: number;
  /** The publishing state the dialogs draw, and its actions. */
  readonly publishing: PublishingStore;
  /** What a developer has still to set up (SetupNotes.tsx), which Publish mentions once, folded. */
  readonly setupNotes?: readonly Problem[];
  /** Files where saves go that Publish never sends, which Publish lists with the way to take them off. */
  readonly strays?: StrayFilesStore;
}

/** A clash as it happened: "Kofi Boateng changed it from “A” to “B”; you changed it to “C”." */
export function clashInWords(conflict: Conflict): string {
  const who = conflict.by ?? 'Your teammate';
  if (conflict.id.endsWith('#file')) return `${who} changed this file, and so did you: keep one of the two.`;
  const from = conflict.before === undefined ? '' : ` from “${conflict.before}”`;
  return `${who} changed it${from} to “${conflict.theirs}”; you changed it to “${conflict.mine}”.`;
}

/** The teammate-versus-author questions of a Get latest, with a choice for each. */
export function ConflictChooser({
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
          <p>{clashInWords(conflict)}</p>
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
            Take {conflict.by ? `${conflict.by}'s` : "your teammate's"}: <q>{conflict.theirs}</q>
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

/**
 * After Get latest brought in the site's code: npm run edit runs it only once restarted, which this button does (the
 * editor at /admin/ runs the site's build, never a branch's code, and has nothing to restart).
 */
export function CodeChanged() {
  const [restarting, setRestarting] = useState(false);
  const { local } = useBackend();
  if (!local) return null;
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
          void local.restart().catch(() => setRestarting(false));
        }}
      >
        {restarting ? 'Restarting the editor…' : 'Restart the editor'}
      </button>
    </div>
  );
}

export function ProblemList({ problems }: { problems: readonly Omit<Problem, 'at'>[] }) {
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
export function OutcomeView({
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
    case 'sent-for-review':
      return (
        <div role="status" className="publish-done">
          <p>
            {afterAllInWords(outcome)}
            {nextStepInWords(outcome, status)}
          </p>
          {outcome.status === 'sent-for-review' && outcome.link && (
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
      // Only the author's own published changes came back (a publish whose answer was lost): nothing of a teammate's.
      if (outcome.brought.length === 0 && !outcome.codeChanged)
        return <p role="status">You already have everything your teammates published.</p>;
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
