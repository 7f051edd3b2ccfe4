import { useContext } from 'react';
import type { Problem } from '../protocol/files.ts';
import { ProblemWordsContext } from './problem-words.ts';

/** The warnings that are a developer's to act on (the checker gives them words for authors), once each. */
export function setupNotesOf(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    if (!problem.forAuthors) return false;
    const key = `${problem.file}\n${problem.forAuthors}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * How the site is set up, said to an author in a line each, folded: what the checker says for whoever sets it up is
 * inside, with its file and line. Shown on the file it is about and in Publish, never filling the screen.
 */
export function SetupNotes({ notes, named = false }: { notes: readonly Problem[]; named?: boolean }) {
  const inWords = useContext(ProblemWordsContext);
  if (notes.length === 0) return null;
  return (
    <div className="setup-notes">
      {notes.map((note) => (
        <details key={`${note.file}:${note.forAuthors}`} className="setup-note">
          <summary>
            {named ? `${inWords(note).place.split(' › ')[0]}: ` : ''}
            {note.forAuthors}
          </summary>
          <p>
            For whoever sets up the site: {inWords(note).sentence}{' '}
            <span className="problem-place">
              {note.file}, line {note.position.line}
            </span>
          </p>
        </details>
      ))}
    </div>
  );
}
