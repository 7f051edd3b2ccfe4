/**
 * A form file (config/forms/*.json) read and changed as its author thinks of it: fields in the order visitors see
 * them, each with a kind, rules and messages. Every change returns the whole file, still the schema CI checks; what
 * the change does not touch is kept as it was, so the file's diff is the change alone.
 */
import { fieldOrderOf } from '../../content/form-fields.ts';
import { isRecord } from '../../content/json-values.ts';

type Node = Record<string, unknown>;
export type Path = readonly (string | number)[];

/** The kinds of answer a field can ask for, in the words the designer shows, and how each is written in the file. */
export const FIELD_KINDS = [
  { kind: 'text', label: 'Short text', format: undefined },
  { kind: 'email', label: 'Email address', format: 'email' },
  { kind: 'tel', label: 'Phone number', format: undefined },
  { kind: 'url', label: 'Web address', format: 'uri' },
  { kind: 'textarea', label: 'Long text (several lines)', format: undefined },
  { kind: 'select', label: 'Choice from a list', format: undefined },
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number]['kind'];

/** What a browser may fill in for the visitor, in words. */
export const AUTOFILL = [
  ['', 'Nothing in particular'],
  ['name', 'Their name'],
  ['email', 'Their email address'],
  ['tel', 'Their phone number'],
  ['organization', 'Their company'],
  ['url', 'Their web address'],
  ['off', 'Nothing (turn autofill off)'],
] as const;

export interface FieldGroup {
  readonly index: number;
  readonly title: string;
  readonly description?: string;
  readonly columns?: number;
  readonly fields: readonly string[];
}

/** One field as the designer shows it. */
export interface DesignedField {
  readonly name: string;
  readonly rules: Node;
  readonly layout: Node;
  readonly kind: FieldKind;
  readonly required: boolean;
  /** The group it is in, when the form has groups. */
  readonly group?: number;
}

const clone = <T>(value: T): T => structuredClone(value);
const schemaOf = (form: Node) => (isRecord(form.schema) ? form.schema : {});
const uiOf = (form: Node) => (isRecord(form.uiSchema) ? form.uiSchema : {});
const propertiesOf = (form: Node) => (isRecord(schemaOf(form).properties) ? (schemaOf(form).properties as Node) : {});
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The groups of fields, when the form has any. */
export function groupsOf(form: Node): FieldGroup[] {
  const groups = uiOf(form)['ui:groups'];
  if (!Array.isArray(groups)) return [];
  return groups.filter(isRecord).map((group, index) => ({
    index,
    title: typeof group.title === 'string' ? group.title : '',
    ...(typeof group.description === 'string' ? { description: group.description } : {}),
    ...(typeof group.columns === 'number' ? { columns: group.columns } : {}),
    fields: strings(group.fields),
  }));
}

/** The kind of a field: its input, else what its format asks for. */
export function kindOf(rules: Node, layout: Node): FieldKind {
  const widget = layout['ui:widget'];
  if (FIELD_KINDS.some((kind) => kind.kind === widget)) return widget as FieldKind;
  if (rules.format === 'email') return 'email';
  if (rules.format === 'uri') return 'url';
  return 'text';
}

/** The fields in the order visitors see them: group by group when there are groups, else in the form's order. */
export function fieldsOf(form: Node): DesignedField[] {
  const properties = propertiesOf(form);
  const required = strings(schemaOf(form).required);
  const groups = groupsOf(form);
  const order = fieldOrderOf(uiOf(form));
  // A field the order leaves out still shows here (at the end), so the author can put it back.
  const names = [...new Set([...order.filter((name) => name in properties), ...Object.keys(properties)])];
  return names.map((name) => {
    const rules = isRecord(properties[name]) ? properties[name] : {};
    const layout = isRecord(uiOf(form)[name]) ? (uiOf(form)[name] as Node) : {};
    const group = groups.find((candidate) => candidate.fields.includes(name))?.index;
    return {
      name,
      rules,
      layout,
      kind: kindOf(rules, layout),
      required: required.includes(name),
      ...(group !== undefined ? { group } : {}),
    };
  });
}

/** The form with the value at a path set, or removed when undefined; objects on the way are made as needed. */
export function setAt(form: Node, path: Path, value: unknown): Node {
  const next = clone(form);
  let node: Node = next;
  for (const key of path.slice(0, -1)) {
    const inside = node[String(key)];
    if (!isRecord(inside) && !Array.isArray(inside)) node[String(key)] = {};
    node = node[String(key)] as Node;
  }
  const last = String(path[path.length - 1]);
  if (value === undefined) delete node[last];
  else node[last] = value;
  return next;
}

/**
 * Removes empty objects a change left behind (a field's messages once its last rule went), but never the field itself.
 */
function withoutEmptyParts(form: Node, name: string): Node {
  const next = clone(form);
  const field = propertiesOf(next)[name];
  if (isRecord(field) && isRecord(field.errorMessage) && Object.keys(field.errorMessage).length === 0)
    delete field.errorMessage;
  const layout = uiOf(next)[name];
  if (isRecord(layout) && isRecord(layout['ui:options']) && Object.keys(layout['ui:options']).length === 0)
    delete layout['ui:options'];
  if (isRecord(layout) && Object.keys(layout).length === 0) delete uiOf(next)[name];
  return next;
}

export const rulePath = (name: string, key: string): Path => ['schema', 'properties', name, key];
export const messagePath = (name: string, rule: string): Path => ['schema', 'properties', name, 'errorMessage', rule];
export const layoutPath = (name: string, key: string): Path => ['uiSchema', name, key];

/** Sets one of a field's settings (a rule, a message, a placeholder); an empty text or number removes it. */
export function setFieldValue(form: Node, name: string, path: Path, value: unknown): Node {
  const empty = value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));
  let next = setAt(form, path, empty ? undefined : value);
  // A rule taken away takes its message with it: a message for no rule would never show.
  if (empty && path[0] === 'schema' && path.length === 4)
    next = setAt(next, messagePath(name, String(path[3])), undefined);
  return withoutEmptyParts(next, name);
}

/** The field asks for another kind of answer: its input and format change, and what only the old kind used goes. */
/**
 * What visitors read when an answer breaks a rule the author has just added, until the author writes their own: every
 * rule starts with a message, so a new rule is never a problem to fix.
 */
export const DEFAULT_MESSAGES = {
  email: 'Enter an email address, such as name@example.com.',
  uri: 'Enter a web address, such as https://example.com.',
  oneOf: 'Choose one of the choices.',
  minLength: (count: number) => `Write at least ${count} ${count === 1 ? 'character' : 'characters'}.`,
  maxLength: (count: number) => `Write at most ${count} ${count === 1 ? 'character' : 'characters'}.`,
} as const;

/** The choices a field made a choice from a list starts with, for the author to rename. */
const FIRST_CHOICES = [
  { const: 'choice-1', title: 'Choice 1' },
  { const: 'choice-2', title: 'Choice 2' },
] as const;

export function setKind(form: Node, name: string, kind: FieldKind): Node {
  const format = FIELD_KINDS.find((candidate) => candidate.kind === kind)!.format;
  let next = clone(form);
  const hadWidget = isRecord(uiOf(form)[name]) && (uiOf(form)[name] as Node)['ui:widget'] !== undefined;
  next = setAt(next, layoutPath(name, 'ui:widget'), kind === 'text' && !hadWidget ? undefined : kind);
  const field = propertiesOf(next)[name] as Node;
  if (field.format !== format) {
    next = setAt(next, rulePath(name, 'format'), format);
    next = setAt(next, messagePath(name, 'format'), format ? DEFAULT_MESSAGES[format] : undefined);
  }
  if (kind === 'select' && field.oneOf === undefined && field.optionsFrom === undefined) {
    next = setAt(
      next,
      rulePath(name, 'oneOf'),
      FIRST_CHOICES.map((choice) => ({ ...choice })),
    );
    next = setAt(next, messagePath(name, 'oneOf'), DEFAULT_MESSAGES.oneOf);
  }
  if (kind !== 'select') {
    for (const key of ['oneOf', 'optionsFrom']) next = setAt(next, rulePath(name, key), undefined);
    next = setAt(next, messagePath(name, 'oneOf'), undefined);
  }
  if (kind !== 'textarea') next = setAt(next, ['uiSchema', name, 'ui:options', 'rows'], undefined);
  return withoutEmptyParts(next, name);
}

/** The field must be answered, or may be left empty. */
export function setRequired(form: Node, name: string, required: boolean): Node {
  const list = strings(schemaOf(form).required);
  if (list.includes(name) === required) return form;
  let next = setAt(form, ['schema', 'required'], required ? [...list, name] : list.filter((item) => item !== name));
  if (!required) next = withoutEmptyParts(setAt(next, messagePath(name, 'required'), undefined), name);
  return next;
}

/**
 * Puts the fields in a new order: a form with groups lists them in its groups alone (`groupFields`, and a "ui:order"
 * left from before goes), any other in "ui:order". Lists that did not change stay as they are.
 */
function withOrder(form: Node, order: readonly string[], groupFields?: readonly (readonly string[])[]): Node {
  let next = form;
  if (!groupFields) {
    if (JSON.stringify(strings(uiOf(form)['ui:order'])) !== JSON.stringify(order))
      next = setAt(next, ['uiSchema', 'ui:order'], [...order]);
    return next;
  }
  if ('ui:order' in uiOf(next)) next = setAt(next, ['uiSchema', 'ui:order'], undefined);
  groupFields.forEach((fields, index) => {
    if (JSON.stringify(groupsOf(next)[index]?.fields) !== JSON.stringify(fields))
      next = setAt(next, ['uiSchema', 'ui:groups', index, 'fields'], [...fields]);
  });
  return next;
}

/** Moves a field one place up (-1) or down (1) among the fields of its group, or of the form. */
export function moveField(form: Node, name: string, by: -1 | 1): Node {
  const groups = groupsOf(form);
  const group = groups.find((candidate) => candidate.fields.includes(name));
  const list = [...(group ? group.fields : fieldsOf(form).map((field) => field.name))];
  const from = list.indexOf(name);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return form;
  [list[from], list[to]] = [list[to]!, list[from]!];
  // A field in no group of a form with groups has no place to move in: the designer offers its groups instead.
  if (!group && groups.length > 0) return form;
  if (!group) return withOrder(form, list);
  const fields = groups.map((candidate) => (candidate.index === group.index ? list : candidate.fields));
  return withOrder(form, fields.flat(), fields);
}

/** Moves a field to the end of another group. */
export function moveToGroup(form: Node, name: string, groupIndex: number): Node {
  const fields = groupsOf(form).map((group) => group.fields.filter((field) => field !== name));
  if (!fields[groupIndex]) return form;
  fields[groupIndex] = [...fields[groupIndex], name];
  return withOrder(form, fields.flat(), fields);
}

/** A field's name for the answers sent, made from its label: "Full Name" is fullName. */
export function nameFromLabel(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const name = words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
  return /^[a-zA-Z]/.test(name) ? name : `field${name}`;
}

/** A name no other field has: the name itself, else with a number after it. */
export function freeName(form: Node, wanted: string, except?: string): string {
  const taken = new Set(Object.keys(propertiesOf(form)).filter((name) => name !== except));
  if (!taken.has(wanted)) return wanted;
  let number = 2;
  while (taken.has(`${wanted}${number}`)) number++;
  return `${wanted}${number}`;
}

/** Renames a field everywhere the file names it, keeping its place in every list and among the file's keys. */
export function renameField(form: Node, from: string, to: string): Node {
  if (from === to || to in propertiesOf(form)) return form;
  const renameKey = (node: Node) =>
    Object.fromEntries(Object.entries(node).map(([key, value]) => [key === from ? to : key, value]));
  const renameIn = (list: unknown) => (Array.isArray(list) ? list.map((item) => (item === from ? to : item)) : list);
  const next = clone(form);
  const schema = schemaOf(next);
  schema.properties = renameKey(propertiesOf(next));
  if (Array.isArray(schema.required)) schema.required = renameIn(schema.required);
  next.uiSchema = renameKey(uiOf(next));
  const ui = uiOf(next);
  if (Array.isArray(ui['ui:order'])) ui['ui:order'] = renameIn(ui['ui:order']);
  if (Array.isArray(ui['ui:groups']))
    ui['ui:groups'] = ui['ui:groups'].map((group: unknown) =>
      isRecord(group) ? { ...group, fields: renameIn(group.fields) } : group,
    );
  return next;
}

/** A new field at the end (of the last group, when there are groups): a short text, its label left for the author. */
export function addField(form: Node): { form: Node; name: string } {
  const name = freeName(form, 'newField');
  let next = setAt(form, rulePath(name, 'type'), 'string');
  next = setAt(next, rulePath(name, 'title'), '');
  const groups = groupsOf(next);
  const fields = groups.map((group) => group.fields);
  if (fields.length > 0) fields[fields.length - 1] = [...fields[fields.length - 1]!, name];
  return {
    form: withOrder(next, [...fieldOrderOf(uiOf(form)), name], fields.length > 0 ? fields : undefined),
    name,
  };
}

/** Takes a field out of the form, and every mention of it. */
export function removeField(form: Node, name: string): Node {
  const next = clone(form);
  delete propertiesOf(next)[name];
  const schema = schemaOf(next);
  if (Array.isArray(schema.required)) {
    schema.required = schema.required.filter((item) => item !== name);
    if ((schema.required as unknown[]).length === 0) delete schema.required;
  }
  const ui = uiOf(next);
  delete ui[name];
  if (Array.isArray(ui['ui:order'])) ui['ui:order'] = strings(ui['ui:order']).filter((item) => item !== name);
  if (Array.isArray(ui['ui:groups']))
    ui['ui:groups'] = ui['ui:groups'].map((group: unknown) =>
      isRecord(group) ? { ...group, fields: strings(group.fields).filter((item) => item !== name) } : group,
    );
  return next;
}

/** A number as a text states it, not as part of a longer one ("50" in "50 to 500 characters", not in "1500"). */
const numberIn = (number: number) => new RegExp(`(?<![\\d,.])${number}(?![\\d,]*\\d)`, 'g');

/** Whether a text states the number (so a changed rule leaves it saying the old one). */
export const states = (text: unknown, number: number) => typeof text === 'string' && numberIn(number).test(text);

/** The texts of a field that can state a rule's number: its messages, help and placeholder. */
export function textsStating(field: DesignedField, number: number): Path[] {
  const messages = isRecord(field.rules.errorMessage) ? field.rules.errorMessage : {};
  return [
    ...Object.keys(messages)
      .filter((rule) => states(messages[rule], number))
      .map((rule) => messagePath(field.name, rule)),
    ...(['ui:help', 'ui:placeholder'] as const)
      .filter((key) => states(field.layout[key], number))
      .map((key) => layoutPath(field.name, key)),
  ];
}

/** Changes a number in the texts at the paths: the offer made when a rule's number changed. */
export function restateNumber(form: Node, paths: readonly Path[], from: number, to: number): Node {
  return paths.reduce((next, path) => {
    const text = path.reduce<unknown>((value, key) => (isRecord(value) ? value[String(key)] : undefined), next);
    return typeof text === 'string' ? setAt(next, path, text.replace(numberIn(from), String(to))) : next;
  }, form);
}
