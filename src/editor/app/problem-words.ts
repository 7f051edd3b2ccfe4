/**
 * A checker's problem as the editor says it: a sentence about the field in the form's own words ("Heading is empty:
 * write one.") and the place of that field ("Home page › Section 1 (Page opening)"). The command line keeps the
 * checker's wording with the file, line and path a code editor jumps to; the editor shows those only in small print.
 */
import { createContext } from 'react';
import { shownAt, schemaAt } from './made-ids.ts';
import { isRecord } from '../../content/json-values.ts';
import { entryLabel, kindName } from './schema-for-drawing.ts';
import { humanize } from '../model/labels.ts';

type Path = readonly (string | number)[];

/** What the editor needs of a problem to say it in words. */
export interface WordableProblem {
  readonly file: string;
  readonly message: string;
  /** The readable path, said when nothing better is known. */
  readonly path: string;
  /** The field's path: `at` where the editor located it, else the checker's `field`. */
  readonly at?: Path;
  readonly field?: Path;
  readonly names?: readonly (string | null)[];
}

export interface ProblemWords {
  /** What is wrong, starting with the field's label: "Heading is empty: write one." */
  readonly sentence: string;
  /**
   * Where that field is, from the file's name down to the group that holds it: "Home page › Section 1 (Page opening)".
   */
  readonly place: string;
}

/**
 * The checker speaks of a file's text ("this required field is missing"); in a form the field is a box the author
 * left empty, so the editor says so, and what to write.
 */
const FORM_WORDING: readonly (readonly [RegExp, string])[] = [
  [/^is empty\. Write some text here\.$/, 'is empty: write one.'],
  [/^this required field is missing\. Add it: (.+)$/, 'is empty: fill it in. $1'],
  [/^this required field is missing\. Add it\.$/, 'is empty: fill it in.'],
  // The form designer's rules, said as its boxes are named (form-checks.ts says them as the file writes them).
  [
    /^this rule has no message for visitors\. .*$/s,
    'has no message for visitors: write the words they see when an answer breaks this rule.',
  ],
  [
    /^this message would never show: the field has no "\w+" rule\. .*$/s,
    'would never show: the field has no such rule. Empty the message, or set the rule.',
  ],
  [/^a select needs choices, and the field "[^"]*" has none\. .*$/s, 'has no choices: add one, or take the services.'],
  [
    /^(\d+) is less than minLength \((\d+)\), so no answer could be accepted\.$/,
    'is $1, less than the least number of characters ($2), so no answer could be accepted.',
  ],
  [
    /^("[^"]*") is already a choice, from config\/collections\/[\w-]+\.json \("optionsFrom": "\w+"\)\. (.*)$/s,
    '$1 is already one of the services. $2',
  ],
];

/** A form's rules and layout, as the form designer names their boxes. */
const FORM_PARTS: Readonly<Record<string, string>> = {
  oneOf: 'Choices',
  optionsFrom: 'One choice per service',
  minLength: 'At least this many characters',
  maxLength: 'At most this many characters',
  format: 'Kind of answer',
  pattern: 'Pattern',
  errorMessage: 'Messages',
  'ui:widget': 'Kind of answer',
  'ui:placeholder': 'Hint inside the empty field',
  'ui:help': 'Help under the field',
  'ui:autocomplete': 'What the browser may fill in',
  'ui:options': 'Options',
  'ui:order': 'Order of the fields',
  'ui:groups': 'Groups of fields',
};

const inFormWords = (message: string) =>
  FORM_WORDING.reduce((text, [pattern, words]) => text.replace(pattern, words), message);

/** A message that goes on from the field's label as one sentence ("Heading is empty"); any other follows a colon. */
const CONTINUES = /^(is|are|must|needs|can|has|does|should|may)\b/;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Steps that hold fields rather than name one: a group's "properties", and in a form its "schema" and "uiSchema". */
const isHolder = (step: string | number, index: number, file: string) =>
  step === 'properties' ||
  (index === 0 && file.startsWith('config/forms/') && (step === 'schema' || step === 'uiSchema'));

/** An entry's name as its list's kind picker says it ("Page opening"), when the entry is named by its kind. */
function kindWord(schema: object | undefined, list: Path, name: string): string {
  const items = schemaAt(schema, list)?.items;
  const option =
    isRecord(items) && Array.isArray(items.oneOf)
      ? items.oneOf.find(
          (kind) =>
            isRecord(kind) &&
            isRecord(kind.properties) &&
            isRecord(kind.properties.type) &&
            kind.properties.type.const === name,
        )
      : undefined;
  return isRecord(option) ? kindName(option).replace(/:.*$/, '') : name;
}

/** The message said under the input it is about, whose label is above it: "This is empty: write one." */
export function underInput(message: string): string {
  const reworded = inFormWords(message);
  return CONTINUES.test(reworded) ? `This ${reworded}` : capitalised(reworded);
}

/**
 * The problem in words, for a file the editor lists as `fileName` whose schema (every $ref resolved) is `schema`. A
 * problem with an id the author never sees (made-ids.ts) is said of the field it is made from.
 */
export function problemWords(problem: WordableProblem, fileName: string, schema?: object): ProblemWords {
  const located = problem.at ?? problem.field;
  if (!located || located.length === 0) {
    const whole = problem.path === '(whole file)' || problem.path === '(top level)' || !located;
    return { sentence: capitalised(whole ? problem.message : `${problem.path}: ${problem.message}`), place: fileName };
  }
  const at = schema ? shownAt(schema, located) : located;
  const labels: string[] = [];
  at.forEach((step, index) => {
    const name = at === located ? problem.names?.[index] : index < at.length - 1 ? problem.names?.[index] : null;
    if (typeof step === 'number') {
      const list = at[index - 1];
      const label = entryLabel(`${typeof list === 'string' ? humanize(list) : 'Entry'}-${step + 1}`);
      labels.push(name ? `${label} (${kindWord(schema, at.slice(0, index), name)})` : label);
    } else if (!isHolder(step, index, problem.file) && typeof at[index + 1] !== 'number') {
      const formPart = problem.file.startsWith('config/forms/') ? FORM_PARTS[step] : undefined;
      labels.push(name ?? formPart ?? humanize(step));
    }
  });
  const label = labels.pop() ?? fileName;
  const reworded = inFormWords(problem.message);
  // A text block's problem names "the text", or its line: the field's label says which text.
  const ofText = /^(?:the text|line (\d+) of the text) (.*)$/s.exec(reworded);
  const sentence = ofText
    ? `${label}${ofText[1] ? `, line ${ofText[1]},` : ''} ${ofText[2]}`
    : CONTINUES.test(reworded)
      ? `${label} ${reworded}`
      : `${label}: ${capitalised(reworded)}`;
  return {
    sentence,
    place: [fileName, ...labels].join(' › '),
  };
}

/** How the editor page says a problem (its files' names and schemas known), for the dialogs that list problems too. */
export const ProblemWordsContext = createContext<(problem: WordableProblem) => ProblemWords>((problem) =>
  problemWords(problem, problem.file),
);

/** The problem as one line of a list: what is wrong, then where, with the file and line in small print. */
export const problemLine = (
  words: ProblemWords,
  problem: { readonly file: string; readonly position: { readonly line: number } },
) => `${words.sentence} (${words.place}; ${problem.file}, line ${problem.position.line})`;
