/**
 * How react-jsonschema-form draws the editor's fields: its lists' buttons in words, a drop-down that says what each
 * kind of block is, true or false as a switch, each problem under its field marked as an error or a warning, and the
 * fields the author never sets (a block's type, a made id) left out. ConfigFileForm.tsx hands these to the form.
 */
import { getDefaultRegistry } from '@rjsf/core';
import {
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  errorId,
  type ArrayFieldTemplateProps,
  type FieldErrorProps,
  type FieldTemplateProps,
  type IconButtonProps,
  type TitleFieldProps,
  type WidgetProps,
} from '@rjsf/utils';
import { SiteObjectField } from './FocusField.tsx';
import { TextOrMediaWidget } from './TextOrMediaWidget.tsx';
import { addWords, entryLabel, firstSentence, type DrawnSchema, type FormContext } from './schema-for-drawing.ts';

/** A list's buttons, in words: what each does is read out and shown, not left to an icon font. */
const wordButton =
  (words: string) =>
  ({
    icon: _icon,
    iconType: _iconType,
    uiSchema: _uiSchema,
    registry: _registry,
    className: _className,
    ...props
  }: IconButtonProps) => (
    <button type="button" {...props} className="list-button">
      {words}
    </button>
  );

const DefaultSelect = getDefaultRegistry().widgets.SelectWidget!;

/**
 * A drop-down list. The one that picks the kind of a block is labelled as such, and says what each kind is.
 */
function SelectWidget(props: WidgetProps) {
  const {
    id,
    options,
    value,
    required,
    disabled,
    readonly,
    autofocus,
    onChange,
    onBlur,
    onFocus,
    label,
    multiple,
    placeholder,
    registry,
  } = props;
  if (multiple) return <DefaultSelect {...props} />;
  const { enumOptions = [], emptyValue } = options;
  const index = enumOptionsIndexForValue(value, enumOptions, false);
  const pick = (event: { target: { value: string } }) =>
    enumOptionsValueForIndex(event.target.value, enumOptions, emptyValue);
  const picksKind = id.endsWith('__oneof_select');
  const { kinds, pickers } = registry.formContext as DrawnSchema;
  // The field the picker belongs to, by its name: "delivery" for root_delivery__oneof_select; a list entry's is a
  // number.
  const pickerLabel =
    pickers[
      id
        .replace(/__oneof_select$/, '')
        .split('_')
        .at(-1) ?? ''
    ] ?? 'Kind of block';
  const select = (
    <select
      id={id}
      name={id}
      aria-label={picksKind ? undefined : label || undefined}
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
          {picksKind && kinds[option.label] ? `${option.label}: ${firstSentence(kinds[option.label]!)}` : option.label}
        </option>
      ))}
    </select>
  );
  if (!picksKind) return select;
  return (
    <div className="kind-picker">
      <label htmlFor={id}>{pickerLabel}</label>
      {select}
    </div>
  );
}

/** true or false as a switch: on or off at a glance, still a check box to assistive technology and the keyboard. */
function SwitchWidget({
  id,
  value,
  disabled,
  readonly,
  label,
  autofocus,
  onChange,
  onBlur,
  onFocus,
  schema,
}: WidgetProps) {
  return (
    <div className="switch">
      <input
        type="checkbox"
        role="switch"
        id={id}
        name={id}
        checked={value === true}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-describedby={schema.description ? `${id}__description` : undefined}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={(event) => onBlur(id, event.target.checked)}
        onFocus={(event) => onFocus(id, event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {schema.description && (
        <p id={`${id}__description`} className="field-description">
          {schema.description}
        </p>
      )}
    </div>
  );
}

/** How a warning is known under its field: the field and the message. */
export const warningKey = (fieldId: string, message: string) => `${fieldId}\n${message}`;

/**
 * The validator's messages under a field, each marked in words as an error (the file cannot be saved) or a warning
 * (it can), with an icon and a colour of its own, so the two never look alike.
 */
function FieldErrorTemplate({ errors = [], fieldPathId, registry }: FieldErrorProps) {
  const shown = errors.filter((error): error is string => typeof error === 'string' && error !== '');
  if (shown.length === 0) return null;
  const { warnings } = registry.formContext as FormContext;
  return (
    <ul id={errorId(fieldPathId)} className="error-detail">
      {shown.map((error, index) => {
        const warning = warnings.has(warningKey(fieldPathId.$id, error));
        return (
          <li key={index} className={warning ? 'problem-warning' : 'problem-error'}>
            <span className="problem-word">{warning ? 'Warning:' : 'Error:'}</span> {error}
          </li>
        );
      })}
    </ul>
  );
}

const DefaultFieldTemplate = getDefaultRegistry().templates.FieldTemplate;
const DefaultArrayField = getDefaultRegistry().templates.ArrayFieldTemplate;

/** The Add button of each list, made once per name. */
const addButtons = new Map<string, ReturnType<typeof wordButton>>();

/** A list, whose Add button says what it adds ("Add a service"): two lists on one screen are told apart. */
function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const words = addWords(String(props.uiSchema?.['ui:title'] ?? props.title ?? ''));
  if (!addButtons.has(words)) addButtons.set(words, wordButton(words));
  const { templates } = props.registry;
  const registry = {
    ...props.registry,
    templates: { ...templates, ButtonTemplates: { ...templates.ButtonTemplates, AddButton: addButtons.get(words)! } },
  };
  return <DefaultArrayField {...props} registry={registry} />;
}
const DefaultTitleField = getDefaultRegistry().templates.TitleFieldTemplate;

/**
 * A field with one allowed value (a block's "type") is set by the kind picker above it, and an id made from a name
 * (made-ids.ts) as the name is typed: the author never sees either.
 */
function FieldTemplate(props: FieldTemplateProps) {
  if (props.schema.const !== undefined && props.schema.readOnly) return null;
  if (props.schema['x-made-from'] !== undefined) return null;
  return <DefaultFieldTemplate {...props} label={entryLabel(props.label)} />;
}

/** The heading of a group of fields (an entry of a list: "Section 2", "Influencer 3"). */
function TitleFieldTemplate(props: TitleFieldProps) {
  return <DefaultTitleField {...props} title={entryLabel(props.title)} />;
}

export const TEMPLATES = {
  ArrayFieldTemplate,
  FieldTemplate,
  TitleFieldTemplate,
  FieldErrorTemplate,
  ButtonTemplates: {
    AddButton: wordButton('Add'),
    CopyButton: wordButton('Duplicate'),
    MoveUpButton: wordButton('Move up'),
    MoveDownButton: wordButton('Move down'),
    RemoveButton: wordButton('Remove'),
  },
};
export const WIDGETS = { SelectWidget, CheckboxWidget: SwitchWidget, TextWidget: TextOrMediaWidget };
export const FIELDS = { ObjectField: SiteObjectField };
