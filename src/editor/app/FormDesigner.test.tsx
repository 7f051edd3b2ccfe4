// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { editorSchemas } from '../server/editor-schemas.ts';
import { fieldId } from './field-ids.ts';
import { FormDesigner } from './FormDesigner.tsx';
import { jargonIn, wordsOn } from '../../testing/editor-words.ts';
import type { Problem } from '../protocol/files.ts';

import { siteFolders } from '../../checker/project-folders.ts';
import { validateConfig } from '../../checker/validate-config.ts';
import { addField, fieldsOf, FIELD_KINDS, rulePath, setAt, setKind } from '../model/form-design.ts';
import { problemWords, underInput } from './problem-words.ts';

let schema: object;
beforeAll(async () => {
  // Resolved as the editor's server resolves them, in Node: with a window, file paths would read as web addresses.
  const browserWindow = globalThis.window;
  Reflect.deleteProperty(globalThis, 'window');
  try {
    schema = (await editorSchemas())['form.schema.json'] as object;
  } finally {
    globalThis.window = browserWindow;
  }
});
afterEach(cleanup);

const FORM = 'config/forms/contact-inquiry.json';
const spec = JSON.parse(readFileSync(join(SPEC_SITE_DIR, FORM), 'utf8')) as {
  schema: { properties: Record<string, object> };
  uiSchema: { 'ui:order': string[] };
};
const [first] = Object.keys(spec.schema.properties) as [string];
// A second field whose name begins with the first's.
const second = `${first}Extra`;
const form = {
  ...spec,
  schema: { ...spec.schema, properties: { ...spec.schema.properties, [second]: { type: 'string', title: 'Extra' } } },
  uiSchema: { ...spec.uiSchema, 'ui:order': [...spec.uiSchema['ui:order'], second] },
};

const problem = (at: (string | number)[], message: string): Problem => ({
  file: FORM,
  position: { line: 1, column: 1 },
  path: at.join('.'),
  message,
  severity: 'error',
  at,
});

/** The problems the designer shows in an element, by its id. */
const shownIn = (container: HTMLElement, id: string) =>
  [...(container.querySelector(`[id="${id}"]`)?.querySelectorAll('li') ?? [])].map((item) => item.textContent);

describe('the form designer', () => {
  it("shows each problem once: beside its input, else on its field's card, else above the fields", () => {
    const problems = [
      problem(['schema', 'properties', first, 'title'], 'is empty. Write some text here.'),
      problem(['schema', 'properties', first, 'unknownSetting'], 'is not a field here.'),
      problem(['schema', 'properties', second, 'unknownSetting'], 'is not known either.'),
      problem(['schema', 'required', 0], 'is not a field of this form.'),
    ];
    const { container } = render(
      <FormDesigner schema={schema} data={form} problems={problems} onChange={() => undefined} />,
    );
    const card = (name: string) => `${fieldId(['schema', 'properties', name])}__problems`;
    expect(shownIn(container, `${fieldId(['schema', 'properties', first, 'title'])}__problems`)).toEqual([
      'Error: This is empty: write one.',
    ]);
    expect(shownIn(container, card(first))).toEqual(['Error: This is not a field here.']);
    // A field's card shows its own problems only, never those of a field whose name begins the same way.
    expect(shownIn(container, card(second))).toEqual(['Error: This is not known either.']);
    expect(shownIn(container, 'designer-fields__problems')).toEqual(['Error: This is not a field of this form.']);
    expect(container.querySelectorAll('.error-detail li')).toHaveLength(problems.length);
  });
});

type Node = Record<string, unknown>;
const FORMS = ['contact-inquiry', 'creator-application'];
const read = (name: string) =>
  JSON.parse(readFileSync(join(SPEC_SITE_DIR, 'config/forms', `${name}.json`), 'utf8')) as Node;

/** A form in the states an author meets: each kind of field made anew, and the mistakes a file can hold. */
function formsToShow(name: string): Node[] {
  const form = read(name);
  // A field made and labelled (the checker looks at a form's rules once its file is valid).
  const added = addField(form);
  const made = { ...added, form: setAt(added.form, rulePath(added.name, 'title'), 'Budget') };
  const fields = fieldsOf(form);
  const [first] = fields;
  const withRule = (rule: string, value: unknown) => setAt(made.form, rulePath(made.name, rule), value);
  return [
    form,
    made.form,
    ...FIELD_KINDS.map(({ kind }) => setKind(made.form, made.name, kind)),
    // A rule with no message, a message with no rule, a select with no choices, a choice a collection gives too,
    // a least above a most.
    withRule('minLength', 5),
    setAt(made.form, rulePath(made.name, 'errorMessage'), { maxLength: 'Too long.' }),
    setAt(made.form, ['uiSchema', made.name, 'ui:widget'], 'select'),
    setAt(
      setAt(withRule('optionsFrom', 'services'), rulePath(made.name, 'oneOf'), [{ const: 'x', title: 'X' }]),
      rulePath(made.name, 'errorMessage'),
      { oneOf: 'Choose.' },
    ),
    setAt(setAt(withRule('minLength', 9), rulePath(made.name, 'maxLength'), 3), rulePath(made.name, 'errorMessage'), {
      minLength: 'Longer.',
      maxLength: 'Shorter.',
    }),
    ...(first ? [setAt(form, rulePath(first.name, 'title'), '')] : []),
  ];
}

/** What the checker finds in a form, as the editor locates it. */
function problemsOf(name: string, form: Node): Problem[] {
  const file = `forms/${name}.json`;
  return validateConfig(siteFolders(SPEC_SITE_DIR), { unsaved: new Map([[file, JSON.stringify(form, null, 2)]]) })
    .problems.filter((problem) => problem.file === `config/${file}`)
    .map((problem) => ({ ...problem, at: [...(problem.field ?? [])] }));
}

/**
 * The form designer speaks the author's words: whatever state a field is in, and whatever the checker finds wrong in
 * a form, nothing on screen is a schema's key ("oneOf", "errorMessage", "ui:widget"), a JSON fragment or a path.
 */
describe('the form designer in the words of the author', () => {
  it('shows no schema key, JSON or path in any state of a field, nor in any problem the checker finds in a form', () => {
    const found: string[] = [];
    for (const name of FORMS) {
      for (const form of formsToShow(name)) {
        // A warning for whoever sets up the site is said to authors in its own words, its details folded away
        // (SetupNotes.tsx); every other problem is said at its input and in the list of problems.
        const problems = problemsOf(name, form);
        const forAuthors = problems.filter((problem) => !problem.forAuthors);
        const { container, unmount } = render(
          <FormDesigner schema={schema} data={form} problems={forAuthors} onChange={() => undefined} />,
        );
        const said = [
          ...wordsOn(container),
          ...problems.flatMap((problem) => (problem.forAuthors ? [problem.forAuthors] : [])),
          ...forAuthors.flatMap((problem) => {
            const words = problemWords(problem, name, schema);
            return [underInput(problem.message), words.sentence, words.place];
          }),
        ];
        unmount();
        found.push(...jargonIn(said));
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });

  it('starts a choice from a list with two choices to rename, and every rule with a message', () => {
    const form = read('contact-inquiry');
    const added = addField(form);
    const made = { ...added, form: setAt(added.form, rulePath(added.name, 'title'), 'Budget') };
    const choice = fieldsOf(setKind(made.form, made.name, 'select')).find((field) => field.name === made.name)!;
    expect((choice.rules.oneOf as unknown[]).length).toBe(2);
    // Nothing to fix: only the note for whoever sets up the site, which the spec's forms always have.
    const toFix = (form: Node) => problemsOf('contact-inquiry', form).filter((problem) => !problem.forAuthors);
    for (const { kind } of FIELD_KINDS) expect(toFix(setKind(made.form, made.name, kind))).toEqual([]);
  });
});
