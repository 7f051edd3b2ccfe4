import type { Dispatch, SetStateAction } from 'react';
import { nameOf } from './name-of.tsx';
import { asNumber, rulesOf, type NumberOffer } from './rules-of.tsx';
import { fieldId } from './field-ids.ts';
import {
  AUTOFILL,
  FIELD_KINDS,
  freeName,
  groupsOf,
  layoutPath,
  messagePath,
  moveField,
  moveToGroup,
  nameFromLabel,
  removeField,
  renameField,
  setAt,
  setFieldValue,
  setKind,
  setRequired,
  type DesignedField,
  type FieldKind,
  type Path,
} from '../model/form-design.ts';
import { choicesOf } from './choices-of.tsx';
import { inputsShowing, isOfField, messageOf, pathKey, ProblemList } from './designer-inputs.tsx';
import type { Problem } from '../protocol/files.ts';

type Node = Record<string, unknown>;

/** What every field's card shares with the designer: the form, its changes, and what the designer remembers. */
export interface Designer {
  readonly form: Node;
  readonly fields: readonly DesignedField[];
  readonly groups: ReturnType<typeof groupsOf>;
  readonly defaults: Node;
  readonly problems: readonly Problem[];
  readonly onChange: (data: unknown) => void;
  /** Fields added here, whose name follows their label until the author names them. */
  readonly fresh: ReadonlySet<string>;
  readonly setFresh: (fresh: ReadonlySet<string>) => void;
  /** The key each card keeps through renames. */
  readonly keys: Map<string, string>;
  readonly keyOf: (name: string) => string;
  readonly expanded: ReadonlySet<string>;
  readonly toggle: (key: string, open: boolean) => void;
  readonly offers: Readonly<Record<string, NumberOffer>>;
  readonly setOffers: Dispatch<SetStateAction<Readonly<Record<string, NumberOffer>>>>;
  readonly naming?: { readonly name: string; readonly text: string };
  readonly setNaming: (naming: { readonly name: string; readonly text: string } | undefined) => void;
  readonly rename: (from: string, to: string) => Node;
}

/**
 * One field of the form as a card: a line with its label, kind and rules, which opens to every setting of the field,
 * each rule beside its message, with the problems about each beside it and the rest on the card.
 */
export function FieldCard({
  designer,
  field,
  position,
  count,
}: {
  designer: Designer;
  field: DesignedField;
  position: number;
  count: number;
}) {
  const { form, fields, groups, defaults, problems, onChange, fresh, setFresh, keys, keyOf, expanded, toggle } =
    designer;
  const { offers, setOffers, naming, setNaming, rename } = designer;
  // The problems each input shows; what no input shows goes on the card itself.
  const claimed = new Set<string>();
  const { input, problemsAt } = inputsShowing(problems, claimed);

  const setField = (field: DesignedField, path: Path, value: unknown) =>
    onChange(setFieldValue(form, field.name, path, value));

  const at = ['schema', 'properties', field.name];
  const title = typeof field.rules.title === 'string' ? field.rules.title : '';
  const focusAfter = (what: string) =>
    window.setTimeout(() => document.getElementById(`${fieldId(at)}__${what}`)?.focus(), 0);
  const body = (
    <>
      {input(
        [...at, 'title'],
        'Label',
        title,
        (text) => {
          let next = setAt(form, [...at, 'title'], text);
          // A new field's name follows its label until the author names it.
          if (fresh.has(field.name)) {
            const name = freeName(next, nameFromLabel(text) || 'newField', field.name);
            if (name !== field.name) {
              keys.set(name, keyOf(field.name));
              setFresh(new Set([...fresh].filter((other) => other !== field.name).concat(name)));
              next = renameField(next, field.name, name);
            }
          }
          onChange(next);
        },
        { placeholder: 'such as Full Name' },
      )}
      {input(
        layoutPath(field.name, 'ui:widget'),
        'Kind of answer',
        field.kind,
        (kind) => onChange(setKind(form, field.name, kind as FieldKind)),
        {
          kind: 'select',
          choices: FIELD_KINDS.map((kind) => [kind.kind, kind.label] as const),
        },
      )}
      <div className="switch">
        <input
          type="checkbox"
          role="switch"
          id={fieldId(['schema', 'required', field.name])}
          checked={field.required}
          onChange={(event) => onChange(setRequired(form, field.name, event.target.checked))}
        />
        <label htmlFor={fieldId(['schema', 'required', field.name])}>Visitors must answer it</label>
      </div>
      {field.required &&
        input(
          messagePath(field.name, 'required'),
          'Message when it is left empty',
          messageOf(field, 'required'),
          (text) => setField(field, messagePath(field.name, 'required'), text),
          { kind: 'textarea', placeholder: `The form's message: ${String(defaults.required ?? '')}` },
        )}
      {input(
        layoutPath(field.name, 'ui:placeholder'),
        'Hint inside the empty field',
        field.layout['ui:placeholder'],
        (text) => setField(field, layoutPath(field.name, 'ui:placeholder'), text),
      )}
      {input(layoutPath(field.name, 'ui:help'), 'Help under the field', field.layout['ui:help'], (text) =>
        setField(field, layoutPath(field.name, 'ui:help'), text),
      )}
      {field.kind === 'select'
        ? choicesOf({ field, form, onChange, defaults, input, problemsAt })
        : rulesOf({ field, form, onChange, defaults, input, offers, setOffers })}
      {field.kind === 'textarea' &&
        input(
          ['uiSchema', field.name, 'ui:options', 'rows'],
          'Lines shown',
          (field.layout['ui:options'] as Node | undefined)?.rows,
          (text) => setField(field, ['uiSchema', field.name, 'ui:options', 'rows'], asNumber(text)),
          { kind: 'number', hint: 'How tall the box is, such as 6. Visitors can write more.' },
        )}
      {input(
        layoutPath(field.name, 'ui:autocomplete'),
        'What the browser may fill in',
        field.layout['ui:autocomplete'] ?? '',
        (text) => setField(field, layoutPath(field.name, 'ui:autocomplete'), text),
        { kind: 'select', choices: AUTOFILL },
      )}
      {nameOf({ field, fields, naming, setNaming, rename, onChange })}
      {groups.length > 1 &&
        input(
          ['uiSchema', 'ui:groups', 'of', field.name],
          'Group',
          String(field.group ?? ''),
          (group) => {
            onChange(moveToGroup(form, field.name, Number(group)));
            focusAfter('group');
          },
          {
            kind: 'select',
            choices: groups.map((group) => [String(group.index), group.title || `Group ${group.index + 1}`] as const),
          },
        )}
    </>
  );
  // Problems about the field that no input above shows (a label left out, an unknown setting) show on its card.
  const rest = problems.filter((problem) => isOfField(problem, field.name) && !claimed.has(pathKey(problem.at)));
  const key = keyOf(field.name);
  const errors = problems.filter((problem) => problem.severity === 'error' && isOfField(problem, field.name)).length;
  return (
    <div className="designer-field">
      <details
        open={expanded.has(key) || fresh.has(field.name)}
        onToggle={(event) => toggle(key, event.currentTarget.open)}
        aria-label={title || 'New field'}
      >
        <summary id={fieldId(at)}>
          <span className="designer-field-title">
            {position + 1}. {title || 'New field'}
          </span>{' '}
          <span className="designer-field-summary">{summaryOf(field)}</span>
          {errors > 0 && <span className="problem-error"> · {errors === 1 ? '1 problem' : `${errors} problems`}</span>}
        </summary>
        <ProblemList id={`${fieldId(at)}__problems`} problems={rest} />
        <div className="designer-field-body">{body}</div>
      </details>
      <div className="designer-buttons">
        <button
          type="button"
          id={`${fieldId(at)}__up`}
          disabled={position === 0}
          aria-label={`Move ${title || 'the new field'} up`}
          onClick={() => {
            onChange(moveField(form, field.name, -1));
            focusAfter('up');
          }}
        >
          Move up
        </button>
        <button
          type="button"
          id={`${fieldId(at)}__down`}
          disabled={position === count - 1}
          aria-label={`Move ${title || 'the new field'} down`}
          onClick={() => {
            onChange(moveField(form, field.name, 1));
            focusAfter('down');
          }}
        >
          Move down
        </button>
        <button
          type="button"
          aria-label={`Remove ${title || 'the new field'}`}
          onClick={() => onChange(removeField(form, field.name))}
        >
          Remove
        </button>
      </div>
    </div>
  );
}

/** A field in one line: its kind, whether it must be answered, and its length rules. */
function summaryOf(field: DesignedField): string {
  const { minLength, maxLength } = field.rules;
  const length =
    typeof minLength === 'number' && typeof maxLength === 'number'
      ? `${minLength} to ${maxLength} characters`
      : typeof minLength === 'number'
        ? `at least ${minLength} ${minLength === 1 ? 'character' : 'characters'}`
        : typeof maxLength === 'number'
          ? `at most ${maxLength} characters`
          : '';
  return [
    FIELD_KINDS.find((kind) => kind.kind === field.kind)!.label,
    field.required ? 'must be answered' : 'optional',
    length,
  ]
    .filter(Boolean)
    .join(' · ');
}
