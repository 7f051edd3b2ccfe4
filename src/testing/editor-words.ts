/**
 * What the editor must never show an author, and how a test reads what a screen shows: the editor speaks of fields by
 * their labels, never of a schema's keys, its layout's keys, JSON or paths into a file.
 */

/** A schema's keys, its layout's keys, a piece of JSON, the word "schema". */
export const JARGON =
  /\b(oneOf|optionsFrom|errorMessage|minLength|maxLength|uiSchema|properties|enum|const)\b|\bui:[a-zA-Z]|"[\w:]+"\s*:|\{\s*"|\bschema\b/;

/** Every word a screen shows: its text, and what its controls say (placeholders, names, titles). */
export const wordsOn = (container: HTMLElement): string[] => [
  container.textContent ?? '',
  ...[...container.querySelectorAll('[placeholder], [aria-label], [title]')].flatMap((element) =>
    ['placeholder', 'aria-label', 'title'].map((attribute) => element.getAttribute(attribute) ?? ''),
  ),
];

/** The sentences of `said` that hold jargon, each once. */
export const jargonIn = (said: readonly string[]): string[] => [
  ...new Set(said.flatMap((words) => words.split(/(?<=[.!?])\s+/).filter((piece) => JARGON.test(piece)))),
];
