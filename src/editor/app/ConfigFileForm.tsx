import Form from '@rjsf/core';
import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { shownAt, withMadeIds } from './made-ids.ts';
import { fieldId, fieldPathOf } from './field-ids.ts';
import { formValidator } from './form-validator.ts';
import { FIELDS, TEMPLATES, warningKey, WIDGETS } from './form-parts.tsx';
import { isRecord } from '../../content/json-values.ts';
import { problemWords } from './problem-words.ts';
import { addedEntry } from '../model/new-entry-problems.ts';
import { forDrawing, type FormContext, type SitePage } from './schema-for-drawing.ts';
import type { Problem } from '../protocol/files.ts';

// "$schema" tells text editors where the rules are; it is not the author's to change here. Any list entry can be
// duplicated.
const UI_SCHEMA: UiSchema = {
  $schema: { 'ui:widget': 'hidden' },
  'ui:submitButtonOptions': { norender: true },
  'ui:globalOptions': { copyable: true },
};

/** The data without the value at `at` (a field of a group). */
function withoutField(data: unknown, at: readonly (string | number)[]): unknown {
  if (at.length === 0 || typeof data !== 'object' || data === null) return data;
  const [head, ...rest] = at;
  if (Array.isArray(data)) return data.map((item, index) => (index === head ? withoutField(item, rest) : item));
  const record = data as Record<string, unknown>;
  if (rest.length === 0) return Object.fromEntries(Object.entries(record).filter(([key]) => key !== head));
  return { ...record, [head!]: withoutField(record[String(head)], rest) };
}

const valueAt = (data: unknown, at: readonly (string | number)[]): unknown =>
  at.reduce<unknown>(
    (value, key) =>
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[String(key)] : undefined,
    data,
  );
/**
 * The validator's problems for one file, in the shape react-jsonschema-form shows under each field (a made id's under
 * its name).
 */
function errorSchemaOf(problems: readonly Problem[], schema: object): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const problem of problems) {
    let node = root;
    for (const key of shownAt(schema, problem.at)) node = (node[String(key)] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(problemWords(problem, '', schema).sentence);
  }
  return root as ErrorSchema;
}

/** Holds nothing an author wrote: undefined, or a group whose fields hold nothing. */
const isEmpty = (value: unknown): boolean =>
  value === undefined || (isRecord(value) && Object.values(value).every(isEmpty));

/**
 * The author's change without what react-jsonschema-form fills in by itself: on any change it gives every optional
 * group it draws an empty {} (a form's delivery, a field's errorMessage), which the file never had and the schema may
 * refuse. A field that was not there and still holds nothing is left out.
 */
export function withoutInventedEmpties(next: unknown, before: unknown): unknown {
  if (isRecord(next) && isRecord(before)) {
    return Object.fromEntries(
      Object.entries(next)
        .filter(([key, value]) => key in before || !isEmpty(value))
        .map(([key, value]) => [key, withoutInventedEmpties(value, before[key])]),
    );
  }
  if (Array.isArray(next) && Array.isArray(before) && next.length === before.length)
    return next.map((item, index) => withoutInventedEmpties(item, before[index]));
  if (isRecord(next) && before === undefined)
    return Object.fromEntries(
      Object.entries(next)
        .filter(([, value]) => !isEmpty(value))
        .map(([key, value]) => [key, withoutInventedEmpties(value, undefined)]),
    );
  return next;
}

export interface ConfigFileFormProps {
  /** The file's schema with every $ref resolved. */
  readonly schema: object;
  readonly data: unknown;
  /** The file's data as saved, whose ids made from names stay as they are (made-ids.ts). */
  readonly saved?: unknown;
  /** The validator's problems in this file, shown under their fields. */
  readonly problems: readonly Problem[];
  readonly onChange: (data: unknown) => void;
  /** Told the path of each field the author moves into. */
  readonly onFocusField?: (at: (string | number)[]) => void;
  /** Told the place of an entry the author adds to a list (model/new-entry-problems.ts). */
  readonly onEntryAdded?: (at: readonly (string | number)[]) => void;
  /** Told the path of each field the author leaves. */
  readonly onLeaveField?: (at: (string | number)[]) => void;
  /** The site's pages, offered in fields that link to one. */
  readonly pages?: readonly SitePage[];
}

/**
 * A config file as a form generated from its JSON Schema: titles and help from the schema, enums as drop-down
 * lists, booleans as check boxes, lists with worded buttons, a section's kind picked from the page schema's oneOf.
 * The validator's messages replace react-jsonschema-form's own: the file is judged by the rules CI applies.
 */
export function ConfigFileForm({
  schema,
  data,
  saved,
  problems,
  onChange,
  onFocusField,
  onEntryAdded,
  onLeaveField,
  pages = [],
}: ConfigFileFormProps) {
  const drawn = useMemo(() => forDrawing(schema), [schema]);
  const context = useMemo<FormContext>(
    () => ({
      ...drawn,
      warnings: new Set(
        problems
          .filter((problem) => problem.severity === 'warning')
          .map((problem) =>
            warningKey(fieldId(shownAt(schema, problem.at)), problemWords(problem, '', schema).sentence),
          ),
      ),
      sibling: (id: string, key: string) => {
        const at = [...fieldPathOf(id).slice(0, -1), key];
        return { value: valueAt(data, at), saved: valueAt(saved, at), remove: () => onChange(withoutField(data, at)) };
      },
      // The data itself, not only the functions that read it: react-jsonschema-form redraws a field when its context
      // changes, and compares functions as equal, so a field whose sibling changed would otherwise show stale words.
      data,
      saved,
      pages,
    }),
    [drawn, problems, data, saved, onChange, pages],
  );
  return (
    <Form
      schema={drawn.schema}
      formContext={context}
      uiSchema={UI_SCHEMA}
      templates={TEMPLATES}
      widgets={WIDGETS}
      fields={FIELDS}
      validator={formValidator}
      formData={data}
      noHtml5Validate
      // The file holds what the author wrote: a schema's default is never written in for them. A value that is the only
      // one allowed (a section's "type") is, so a block added or changed is of the kind picked for it.
      experimental_defaultFormStateBehavior={{
        emptyObjectFields: 'skipDefaults',
        arrayMinItems: { populate: 'never' },
        constAsDefaults: 'always',
      }}
      showErrorList={false}
      extraErrors={errorSchemaOf(problems, schema)}
      onChange={({ formData }) => {
        const next = withMadeIds(schema, withoutInventedEmpties(formData, data), data, saved);
        const added = onEntryAdded && addedEntry(data, next);
        if (added) onEntryAdded(added);
        onChange(next);
      }}
      onFocus={(id) => onFocusField?.(fieldPathOf(id))}
      onBlur={(id) => onLeaveField?.(fieldPathOf(id))}
    />
  );
}
