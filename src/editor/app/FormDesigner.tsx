import { useMemo, useRef, useState, type ReactNode } from 'react';
import { ConfigFileForm } from './ConfigFileForm.tsx';
import { fieldId } from './field-ids.ts';
import { DESIGNED, inputsShowing, isOfField, isOfGroupChoice, pathKey, ProblemList } from './designer-inputs.tsx';
import { FieldCard, type Designer } from './FieldCard.tsx';
import type { NumberOffer } from './rules-of.tsx';
import { addField, fieldsOf, groupsOf, renameField, setAt, type DesignedField } from '../model/form-design.ts';
import { isRecord } from '../../content/json-values.ts';
import { type SitePage } from './schema-for-drawing.ts';
import type { Problem } from '../protocol/files.ts';

type Node = Record<string, unknown>;

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

  // The group inputs show the problems about their values; each field's card shows the rest of its own.
  const claimed = new Set<string>();
  const { input } = inputsShowing(problems, claimed);

  const rename = (from: string, to: string) => {
    keys.current.set(to, keyOf(from));
    setFresh((before) => (before.has(from) ? new Set([...before].filter((name) => name !== from).concat(to)) : before));
    return renameField(form, from, to);
  };

  const designer: Designer = {
    form,
    fields,
    groups,
    defaults,
    problems,
    onChange,
    fresh,
    setFresh,
    keys: keys.current,
    keyOf,
    expanded,
    toggle,
    offers,
    setOffers,
    naming,
    setNaming,
    rename,
  };

  const add = () => {
    const made = addField(form);
    setFresh(new Set([...fresh, made.name]));
    onChange(made.form);
    window.setTimeout(() => document.getElementById(fieldId(['schema', 'properties', made.name, 'title']))?.focus(), 0);
  };

  /** A card for each field of a list (a group's, or the form's), numbered within it. */
  const cardsOf = (list: readonly DesignedField[]) =>
    list.map((field, position) => (
      <FieldCard key={keyOf(field.name)} designer={designer} field={field} position={position} count={list.length} />
    ));

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
              {cardsOf(inGroup)}
            </section>
          );
        })}
        {cardsOf(fields.filter((field) => field.group === undefined))}
      </>
    ) : (
      cardsOf(fields)
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
  // What no card and no group input shows: a problem of the form's fields as a whole.
  const otherProblems = problems.filter(
    (problem) =>
      DESIGNED.includes(String(problem.at[0])) &&
      !claimed.has(pathKey(problem.at)) &&
      !fields.some(
        (field) => isOfField(problem, field.name) || (groups.length > 1 && isOfGroupChoice(problem, field.name)),
      ),
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
