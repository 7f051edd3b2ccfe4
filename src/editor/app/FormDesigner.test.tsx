// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { editorSchemas } from '../server/editor-schemas.ts';
import { fieldId } from './field-ids.ts';
import { FormDesigner } from './FormDesigner.tsx';
import type { Problem } from '../protocol/files.ts';

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
