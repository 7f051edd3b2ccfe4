import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { Problem } from './api';
import { ConfigFileForm, fieldId } from './ConfigFileForm';
import {
  addField,
  AUTOFILL,
  FIELD_KINDS,
  fieldsOf,
  freeName,
  groupsOf,
  layoutPath,
  messagePath,
  moveField,
  moveToGroup,
  nameFromLabel,
  removeField,
  renameField,
  restateNumber,
  rulePath,
  setAt,
  setFieldValue,
  setKind,
  setRequired,
  textsStating,
  type DesignedField,
  type FieldKind,
  type Path,
} from './form-design';
import { isRecord } from '../../content/json-values';
import { type SitePage } from './schema-for-drawing';
import { underInput } from './problem-words';

type Node = Record<string, unknown>;

/** The parts of a form file the designer draws itself; the rest (the form's texts and sending) is an ordinary form. */
const DESIGNED = ['schema', 'uiSchema'];
const pathKey = (path: readonly (string | number)[]) => path.join('\u0000');
const NAME = /^[a-zA-Z][a-zA-Z0-9]*$/;

/** What a rule's message is for, in words. */
const FORMAT_WORDS: Partial<Record<FieldKind, string>> = { email: 'an email address', url: 'a web address' };

/** A changed rule whose number its texts may still state: the offer to change them too. */
interface NumberOffer {
  readonly rule: 'minLength' | 'maxLength';
  readonly from: number;
  readonly to: number;
}

export interface FormDesignerProps {
  /** The form file's schema with every $ref resolved (form.schema.json). */
  readonly schema: object;
  readonly data: unknown;
  readonly problems: readonly Problem[];
  readonly onChange: (data: unknown) => void;
  readonly pages?: readonly SitePage[];
}

/**
 * A form file as a form designer: its fields in the order visitors see them, each with its label, kind, help, and
 * each rule beside the message a visitor sees when the answer breaks it; then the form's own texts and sending.
 * Nothing of JSON Schema shows; the file written is the same one CI checks.
 */
export function FormDesigner({ schema, data, problems, onChange, pages }: FormDesignerProps) {
  const form = isRecord(data) ? data : {};
  const fields = fieldsOf(form);
  const groups = groupsOf(form);
  const defaults = isRecord(form.messages) ? form.messages : {};
  // A field added here takes its name from its label until the author names it; its card keeps one key throughout.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const keys = useRef(new Map<string, string>());
  const keyOf = (name: string) => keys.current.get(name) ?? name;
  const [offers, setOffers] = useState<Readonly<Record<string, NumberOffer>>>({});
  const [naming, setNaming] = useState<{ name: string; text: string } | undefined>();
  // Fields show as one line each (label, kind, rules) until opened; a field with a problem opens to show it.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        problems
          .filter(
            (problem) => problem.severity === 'error' && problem.at[0] === 'schema' && problem.at[1] === 'properties',
          )
          .map((problem) => String(problem.at[2])),
      ),
  );
  const toggle = (key: string, open: boolean) =>
    setExpanded((before) =>
      before.has(key) === open
        ? before
        : open
          ? new Set([...before, key])
          : new Set([...before].filter((other) => other !== key)),
    );

  // Each problem shows beside the input it is about; those about no input show on their field's card, or above.
  const claimed = new Set<string>();
  const problemsAt = (...paths: Path[]) => {
    paths.forEach((path) => claimed.add(pathKey(path)));
    return problems.filter((problem) => paths.some((path) => pathKey(problem.at) === pathKey(path)));
  };

  const rename = (from: string, to: string) => {
    keys.current.set(to, keyOf(from));
    setFresh((before) => (before.has(from) ? new Set([...before].filter((name) => name !== from).concat(to)) : before));
    return renameField(form, from, to);
  };

  const input = (
    path: Path,
    label: string,
    value: unknown,
    change: (value: string) => void,
    options: {
      hint?: string;
      placeholder?: string;
      kind?: 'number' | 'textarea' | 'select';
      choices?: readonly (readonly [string, string])[];
      list?: string;
      about?: readonly Path[];
    } = {},
  ) => {
    const id = fieldId(path);
    // The problems shown here: those about this value, unless told (a rule's problems show at its message).
    const shown = problemsAt(...(options.about ?? [path]));
    const described =
      [options.hint ? `${id}__help` : '', shown.length > 0 ? `${id}__problems` : ''].filter(Boolean).join(' ') ||
      undefined;
    const common = {
      id,
      'aria-describedby': described,
      'aria-invalid': shown.some((problem) => problem.severity === 'error') || undefined,
    };
    const text = value === undefined || value === null ? '' : String(value);
    return (
      <div className={`designer-input${shown.some((problem) => problem.severity === 'error') ? ' has-error' : ''}`}>
        <label htmlFor={id}>{label}</label>
        {options.kind === 'textarea' ? (
          <textarea
            {...common}
            rows={2}
            value={text}
            placeholder={options.placeholder}
            onChange={(event) => change(event.target.value)}
          />
        ) : options.kind === 'select' ? (
          <select {...common} value={text} onChange={(event) => change(event.target.value)}>
            {options.choices!.map(([choice, words]) => (
              <option key={choice} value={choice}>
                {words}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...common}
            type={options.kind === 'number' ? 'number' : 'text'}
            min={options.kind === 'number' ? 1 : undefined}
            inputMode={options.kind === 'number' ? 'numeric' : undefined}
            value={text}
            placeholder={options.placeholder}
            list={options.list}
            onChange={(event) => change(event.target.value)}
          />
        )}
        {options.hint && (
          <p id={`${id}__help`} className="field-description">
            {options.hint}
          </p>
        )}
        <ProblemList id={`${id}__problems`} problems={shown} />
      </div>
    );
  };

  const setField = (field: DesignedField, path: Path, value: unknown) =>
    onChange(setFieldValue(form, field.name, path, value));
  const asNumber = (text: string) => (text.trim() === '' ? undefined : Math.trunc(Number(text)));

  const changeRule = (field: DesignedField, rule: NumberOffer['rule'], text: string) => {
    const to = asNumber(text);
    const before = field.rules[rule];
    onChange(setFieldValue(form, field.name, rulePath(field.name, rule), to));
    if (typeof before !== 'number' || to === undefined || Number.isNaN(to)) return;
    setOffers((offers) => {
      const earlier = offers[field.name]?.rule === rule ? offers[field.name]!.from : before;
      return { ...offers, [field.name]: { rule, from: earlier, to } };
    });
  };

  const lengthRule = (field: DesignedField, rule: NumberOffer['rule'], label: string, messageLabel: string) => (
    <div className="designer-rule">
      {input(rulePath(field.name, rule), label, field.rules[rule], (text) => changeRule(field, rule, text), {
        kind: 'number',
        hint: 'Leave empty for no limit.',
        about: [],
      })}
      {field.rules[rule] !== undefined &&
        input(
          messagePath(field.name, rule),
          messageLabel,
          messageOf(field, rule),
          (text) => setField(field, messagePath(field.name, rule), text),
          {
            about: [messagePath(field.name, rule), rulePath(field.name, rule)],
          },
        )}
    </div>
  );

  const numberOffer = (field: DesignedField) => {
    const offer = offers[field.name];
    if (!offer || offer.from === offer.to || field.rules[offer.rule] !== offer.to) return null;
    const paths = textsStating(field, offer.from);
    if (paths.length === 0) return null;
    const which = paths.map((path) =>
      path[path.length - 2] === 'errorMessage'
        ? 'a message'
        : path[path.length - 1] === 'ui:help'
          ? 'the help'
          : 'the placeholder',
    );
    const dismiss = () => setOffers(({ [field.name]: _dropped, ...rest }) => rest);
    return (
      <p className="designer-offer" role="status">
        The rule is now {offer.to}, but {[...new Set(which)].join(' and ')} still {paths.length === 1 ? 'says' : 'say'}{' '}
        {offer.from}.{' '}
        <button
          type="button"
          onClick={() => {
            onChange(restateNumber(form, paths, offer.from, offer.to));
            dismiss();
          }}
        >
          Change {offer.from} to {offer.to} in {paths.length === 1 ? 'it' : 'them'}
        </button>{' '}
        <button type="button" onClick={dismiss}>
          Leave {paths.length === 1 ? 'it' : 'them'}
        </button>
      </p>
    );
  };

  const nameInput = (field: DesignedField) => {
    const id = `${fieldId(['schema', 'properties', field.name])}__name`;
    const text = naming?.name === field.name ? naming.text : field.name;
    const refusal =
      text === field.name
        ? ''
        : !NAME.test(text)
          ? 'Use letters and digits only, starting with a letter, such as fullName.'
          : fields.some((other) => other.name === text)
            ? `Another field is already named ${text}.`
            : '';
    const commit = () => {
      if (naming?.name === field.name && !refusal && text !== field.name) onChange(rename(field.name, text));
      setNaming(undefined);
    };
    return (
      <div className="designer-input">
        <label htmlFor={id}>Name in the answers you receive</label>
        <input
          id={id}
          type="text"
          value={text}
          aria-describedby={`${id}__help`}
          aria-invalid={refusal ? true : undefined}
          onChange={(event) => setNaming({ name: field.name, text: event.target.value })}
          onBlur={commit}
          onKeyDown={(event) => event.key === 'Enter' && commit()}
        />
        <p id={`${id}__help`} className={refusal ? 'field-description problem-error' : 'field-description'}>
          {refusal ? (
            <>
              <span className="problem-word">Error:</span> {refusal} The name is kept as {field.name}.
            </>
          ) : (
            'Letters and digits, no spaces. Renaming it here renames it everywhere in the form.'
          )}
        </p>
      </div>
    );
  };

  const choices = (field: DesignedField) => {
    const options = Array.isArray(field.rules.oneOf) ? field.rules.oneOf.filter(isRecord) : [];
    const setChoices = (next: Node[]) =>
      onChange(setFieldValue(form, field.name, rulePath(field.name, 'oneOf'), next.length > 0 ? next : undefined));
    return (
      <fieldset className="designer-choices">
        <legend>Choices</legend>
        <div className="switch">
          <input
            type="checkbox"
            role="switch"
            id={`${fieldId(rulePath(field.name, 'optionsFrom'))}`}
            checked={field.rules.optionsFrom === 'services'}
            onChange={(event) =>
              setField(field, rulePath(field.name, 'optionsFrom'), event.target.checked ? 'services' : undefined)
            }
          />
          <label htmlFor={fieldId(rulePath(field.name, 'optionsFrom'))}>First, one choice per service</label>
          <p className="field-description">
            Named as in Collections: Services, so a service is renamed in one place. The choices below come after them.
          </p>
        </div>
        <ProblemList
          id={`${fieldId(rulePath(field.name, 'optionsFrom'))}__problems`}
          problems={problemsAt(rulePath(field.name, 'optionsFrom'))}
        />
        <ol className="designer-choice-list">
          {options.map((option, index) => {
            const at = [...rulePath(field.name, 'oneOf'), index];
            const move = (by: -1 | 1) => {
              const next = [...options];
              [next[index], next[index + by]] = [next[index + by]!, next[index]!];
              setChoices(next);
            };
            return (
              <li key={index}>
                {input(
                  [...at, 'title'],
                  `Choice ${index + 1}: label`,
                  option.title,
                  (text) => onChange(setAt(form, [...at, 'title'], text)),
                  {
                    placeholder: 'such as Fitness & Wellness',
                  },
                )}
                {input(
                  [...at, 'const'],
                  `Choice ${index + 1}: value sent`,
                  option.const,
                  (text) => onChange(setAt(form, [...at, 'const'], text)),
                  {
                    placeholder: 'such as fitness',
                  },
                )}
                <div className="designer-buttons">
                  <button
                    type="button"
                    disabled={index === 0}
                    onClick={() => move(-1)}
                    aria-label={`Move choice ${index + 1} up`}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    disabled={index === options.length - 1}
                    onClick={() => move(1)}
                    aria-label={`Move choice ${index + 1} down`}
                  >
                    Move down
                  </button>
                  <button
                    type="button"
                    onClick={() => setChoices(options.filter((_, other) => other !== index))}
                    aria-label={`Remove choice ${index + 1}`}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
        <button type="button" onClick={() => setChoices([...options, { const: '', title: '' }])}>
          Add a choice
        </button>
        {(options.length > 0 || field.rules.optionsFrom !== undefined) &&
          input(
            messagePath(field.name, 'oneOf'),
            'Message when the answer is not one of the choices',
            messageOf(field, 'oneOf'),
            (text) => setField(field, messagePath(field.name, 'oneOf'), text),
            {
              placeholder: String(defaults.invalid ?? ''),
              about: [messagePath(field.name, 'oneOf'), rulePath(field.name, 'oneOf')],
            },
          )}
      </fieldset>
    );
  };

  const card = (field: DesignedField, position: number, siblings: readonly DesignedField[]) => {
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
                keys.current.set(name, keyOf(field.name));
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
            { placeholder: `The form's message: ${String(defaults.required ?? '')}` },
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
        {field.kind === 'select' ? (
          choices(field)
        ) : (
          <fieldset className="designer-rules">
            <legend>Rules and their messages</legend>
            {lengthRule(field, 'minLength', 'At least this many characters', 'Message when it is shorter')}
            {lengthRule(field, 'maxLength', 'At most this many characters', 'Message when it is longer')}
            {numberOffer(field)}
            {field.rules.format !== undefined &&
              input(
                messagePath(field.name, 'format'),
                `Message when it is not ${FORMAT_WORDS[field.kind] ?? 'of the right kind'}`,
                messageOf(field, 'format'),
                (text) => setField(field, messagePath(field.name, 'format'), text),
                {
                  placeholder: String(defaults.invalid ?? ''),
                  about: [messagePath(field.name, 'format'), rulePath(field.name, 'format')],
                },
              )}
            {field.rules.pattern !== undefined && (
              <div className="designer-rule">
                {input(
                  rulePath(field.name, 'pattern'),
                  'Must match this pattern (ask a developer before changing it)',
                  field.rules.pattern,
                  (text) => setField(field, rulePath(field.name, 'pattern'), text),
                )}
                {input(
                  messagePath(field.name, 'pattern'),
                  'Message when it does not match',
                  messageOf(field, 'pattern'),
                  (text) => setField(field, messagePath(field.name, 'pattern'), text),
                  { about: [messagePath(field.name, 'pattern'), rulePath(field.name, 'pattern')] },
                )}
              </div>
            )}
          </fieldset>
        )}
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
        {nameInput(field)}
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
    const rest = problems.filter(
      (problem) =>
        (pathKey(problem.at).startsWith(pathKey(at)) ||
          pathKey(problem.at).startsWith(pathKey(['uiSchema', field.name]))) &&
        !claimed.has(pathKey(problem.at)),
    );
    rest.forEach((problem) => claimed.add(pathKey(problem.at)));
    const key = keyOf(field.name);
    const errors = problems.filter(
      (problem) =>
        problem.severity === 'error' &&
        (pathKey(problem.at).startsWith(pathKey(at)) ||
          pathKey(problem.at).startsWith(pathKey(['uiSchema', field.name]))),
    ).length;
    return (
      <div key={key} className="designer-field">
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
            {errors > 0 && (
              <span className="problem-error"> · {errors === 1 ? '1 problem' : `${errors} problems`}</span>
            )}
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
            disabled={position === siblings.length - 1}
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
  };

  const add = () => {
    const made = addField(form);
    setFresh(new Set([...fresh, made.name]));
    onChange(made.form);
    window.setTimeout(() => document.getElementById(fieldId(['schema', 'properties', made.name, 'title']))?.focus(), 0);
  };

  const cards: ReactNode =
    groups.length > 0 ? (
      <>
        {groups.map((group) => {
          const inGroup = fields.filter((field) => field.group === group.index);
          const at = ['uiSchema', 'ui:groups', group.index];
          return (
            <section key={group.index} className="designer-group" aria-labelledby={`designer-group-${group.index}`}>
              <h4 id={`designer-group-${group.index}`}>
                Group {group.index + 1}: {group.title || 'without a heading'}
              </h4>
              {input([...at, 'title'], 'Heading of the group', group.title, (text) =>
                onChange(setAt(form, [...at, 'title'], text)),
              )}
              {input(
                [...at, 'description'],
                'Sentence under the heading',
                group.description,
                (text) => onChange(setAt(form, [...at, 'description'], text === '' ? undefined : text)),
                { kind: 'textarea' },
              )}
              {input(
                [...at, 'columns'],
                'Fields side by side',
                String(group.columns ?? 1),
                (text) =>
                  onChange(
                    setAt(
                      form,
                      [...at, 'columns'],
                      text === '1' && group.columns === undefined ? undefined : Number(text),
                    ),
                  ),
                {
                  kind: 'select',
                  choices: [
                    ['1', 'One per row'],
                    ['2', 'Two side by side on wide screens'],
                  ],
                },
              )}
              {inGroup.map((field, position) => card(field, position, inGroup))}
            </section>
          );
        })}
        {fields
          .filter((field) => field.group === undefined)
          .map((field, position, list) => card(field, position, list))}
      </>
    ) : (
      fields.map((field, position) => card(field, position, fields))
    );

  // The form's texts and sending are drawn from the schema, without the parts above.
  const textsSchema = useMemo(() => {
    // Its own title and description are the whole file's; this part is introduced by its heading.
    const {
      title: _title,
      description: _description,
      ...full
    } = schema as { properties: Node; required?: string[]; title?: string; description?: string };
    return {
      ...full,
      properties: Object.fromEntries(Object.entries(full.properties).filter(([key]) => !DESIGNED.includes(key))),
      required: (full.required ?? []).filter((key) => !DESIGNED.includes(key)),
    };
  }, [schema]);
  const texts = Object.fromEntries(Object.entries(form).filter(([key]) => !DESIGNED.includes(key)));
  const changeTexts = (next: unknown) => {
    const changed = isRecord(next) ? next : {};
    const kept = Object.entries(form).flatMap(([key, value]): [string, unknown][] =>
      DESIGNED.includes(key) ? [[key, value]] : key in changed ? [[key, changed[key]]] : [],
    );
    onChange(Object.fromEntries([...kept, ...Object.entries(changed).filter(([key]) => !(key in form))]));
  };
  const otherProblems = problems.filter(
    (problem) => DESIGNED.includes(String(problem.at[0])) && !claimed.has(pathKey(problem.at)),
  );

  return (
    <div className="form-designer">
      <section aria-labelledby="designer-fields">
        <h3 id="designer-fields">Fields, in the order visitors see them</h3>
        <ProblemList id="designer-fields__problems" problems={otherProblems} />
        {cards}
        <button type="button" className="designer-add" onClick={add}>
          Add a field
        </button>
      </section>
      <section aria-labelledby="designer-texts">
        <h3 id="designer-texts">The form&apos;s texts, and where answers go</h3>
        <ConfigFileForm
          schema={textsSchema}
          data={texts}
          problems={problems.filter((problem) => !DESIGNED.includes(String(problem.at[0])))}
          onChange={changeTexts}
          pages={pages}
        />
      </section>
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

const messageOf = (field: DesignedField, rule: string) =>
  isRecord(field.rules.errorMessage) ? field.rules.errorMessage[rule] : undefined;

/** The validator's problems about one input or card, each marked in words as an error or a warning. */
function ProblemList({ id, problems }: { id: string; problems: readonly Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul id={id} className="error-detail">
      {problems.map((problem, index) => (
        <li key={index} className={problem.severity === 'warning' ? 'problem-warning' : 'problem-error'}>
          <span className="problem-word">{problem.severity === 'warning' ? 'Warning:' : 'Error:'}</span>{' '}
          {underInput(problem.message)}
        </li>
      ))}
    </ul>
  );
}
