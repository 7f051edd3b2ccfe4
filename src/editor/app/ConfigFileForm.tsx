import Form, { getDefaultRegistry } from '@rjsf/core';
import { enumOptionsIndexForValue, enumOptionsValueForIndex, type ErrorSchema, type IconButtonProps, type RJSFSchema, type UiSchema, type WidgetProps } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';
import type { Problem } from './api';

// "$schema" tells text editors where the rules are; it is not the author's to change here. Any list entry can be duplicated.
const UI_SCHEMA: UiSchema = { $schema: { 'ui:widget': 'hidden' }, 'ui:submitButtonOptions': { norender: true }, 'ui:globalOptions': { copyable: true } };

/** A list's buttons, in words: what each does is read out and shown, not left to an icon font. */
const wordButton =
  (words: string) =>
  ({ icon: _icon, iconType: _iconType, uiSchema: _uiSchema, registry: _registry, className: _className, ...props }: IconButtonProps) => (
    <button type="button" {...props} className="list-button">
      {words}
    </button>
  );

const DefaultSelect = getDefaultRegistry().widgets.SelectWidget!;

/**
 * A drop-down list that always has a name for screen readers: the one that picks a section's kind has no visible
 * label of its own, so it is named for what it picks.
 */
function SelectWidget(props: WidgetProps) {
  const { id, options, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, label, multiple, placeholder } = props;
  if (multiple) return <DefaultSelect {...props} />;
  const { enumOptions = [], emptyValue } = options;
  const index = enumOptionsIndexForValue(value, enumOptions, false);
  const pick = (event: { target: { value: string } }) => enumOptionsValueForIndex(event.target.value, enumOptions, emptyValue);
  return (
    <select
      id={id}
      name={id}
      aria-label={label || (id.endsWith('__oneof_select') ? 'Kind of block' : undefined)}
      value={index === undefined ? '' : String(index)}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      onChange={(event) => onChange(pick(event))}
      onBlur={(event) => onBlur(id, pick(event))}
      onFocus={(event) => onFocus(id, pick(event))}
    >
      {(!required || index === undefined) && <option value="">{placeholder ?? ''}</option>}
      {enumOptions.map((option, optionIndex) => (
        <option key={optionIndex} value={String(optionIndex)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

const TEMPLATES = {
  ButtonTemplates: {
    AddButton: wordButton('Add'),
    CopyButton: wordButton('Duplicate'),
    MoveUpButton: wordButton('Move up'),
    MoveDownButton: wordButton('Move down'),
    RemoveButton: wordButton('Remove'),
  },
};
const WIDGETS = { SelectWidget };

// The schemas are JSON Schema 2020-12, as the site's validator reads them. Only react-jsonschema-form's own choices
// (which kind of section this is) use it; the messages shown are the site validator's.
const validator = customizeValidator({ AjvClass: Ajv2020 });

/** The validator's problems for one file, in the shape react-jsonschema-form shows under each field. */
function errorSchemaOf(problems: readonly Problem[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const problem of problems) {
    let node = root;
    for (const key of problem.at) node = (node[String(key)] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(problem.message);
  }
  return root as ErrorSchema;
}

/**
 * The schema as the form draws it: a field with one allowed value (a section's "type", which the kind picker above
 * it sets) is shown read-only, so it cannot be typed into a value no section has.
 */
const drawable = new WeakMap<object, RJSFSchema>();
function forDrawing(schema: object): RJSFSchema {
  let copy = drawable.get(schema);
  if (!copy) {
    const walk = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(walk);
      if (typeof node !== 'object' || node === null) return node;
      const entries = Object.entries(node).map(([key, value]) => [key, walk(value)]);
      return 'const' in node ? Object.fromEntries([...entries, ['readOnly', true]]) : Object.fromEntries(entries);
    };
    copy = walk(schema) as RJSFSchema;
    drawable.set(schema, copy);
  }
  return copy;
}

/** The id react-jsonschema-form gives the input of a field. */
export const fieldId = (at: readonly (string | number)[]) => ['root', ...at].join('_');

export interface ConfigFileFormProps {
  /** The file's schema with every $ref resolved. */
  readonly schema: object;
  readonly data: unknown;
  /** The validator's problems in this file, shown under their fields. */
  readonly problems: readonly Problem[];
  readonly onChange: (data: unknown) => void;
}

/**
 * A config file as a form generated from its JSON Schema: titles and help from the schema, enums as drop-down
 * lists, booleans as check boxes, lists with worded buttons, a section's kind picked from the page schema's oneOf.
 * The validator's messages replace react-jsonschema-form's own: the file is judged by the rules CI applies.
 */
export function ConfigFileForm({ schema, data, problems, onChange }: ConfigFileFormProps) {
  return (
    <Form
      schema={forDrawing(schema)}
      uiSchema={UI_SCHEMA}
      templates={TEMPLATES}
      widgets={WIDGETS}
      validator={validator}
      formData={data}
      noHtml5Validate
      // The file holds what the author wrote: a schema's default is never written in for them.
      experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults', arrayMinItems: { populate: 'never' }, constAsDefaults: 'never' }}
      showErrorList={false}
      extraErrors={errorSchemaOf(problems)}
      onChange={({ formData }) => onChange(formData)}
    />
  );
}
