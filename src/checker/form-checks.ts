import { DELIVERY_METHODS } from '../content/delivery-methods.ts';
import type { ParsedConfigFile } from './config-files.ts';
import { problemAt, type ConfigProblem, type Severity } from './config-problem.ts';
import { quote } from './describe-value.ts';
import { didYouMean } from './did-you-mean.ts';
import { asList, asObject, type JsonPath, type JsonSource } from './json-source.ts';

type Json = Record<string, unknown>;

/**
 * The collections a form field can take its choices from ("optionsFrom"), and where each choice's value and label come
 * from.
 */
export const OPTION_SOURCES = {
  services: { file: 'collections/services.json', list: 'services', value: 'id', labels: ['optionLabel', 'name'] },
} as const;

/**
 * The choices a collection gives a field with "optionsFrom", as { const, title }; empty when the collection is missing.
 */
export function optionsFromCollection(
  source: keyof typeof OPTION_SOURCES,
  collectionData: unknown,
): { const: string; title: string }[] {
  const { list, value, labels } = OPTION_SOURCES[source];
  return asList(asObject(collectionData)?.[list]).map((entry) => ({
    const: String(entry[value]),
    title: String(labels.map((label) => entry[label]).find((label) => typeof label === 'string') ?? entry[value]),
  }));
}

const RULE_KEYWORDS = ['minLength', 'maxLength', 'format', 'pattern', 'oneOf'] as const;

/**
 * A form's layout must name its fields exactly; every rule must come with the message a visitor sees, and that
 * message must state the rule's own number; texts must not call a required field optional.
 */
export function formProblems(form: JsonSource, files: ReadonlyMap<string, ParsedConfigFile>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const report = (path: JsonPath, message: string, options: FormReportOptions = {}) =>
    problems.push(problemAt(form, path, message, options));
  const data = asObject(form.data);
  const fields = asObject(asObject(data?.schema)?.properties);
  const uiSchema = asObject(data?.uiSchema);
  if (!data || !fields || !uiSchema) return problems;
  const names = Object.keys(fields);
  const notAField = (name: string) =>
    `${quote(name)} is not a field of this form.${didYouMean(name, names)} Fields: ${names.join(', ')}.`;

  const required = asObject(data.schema)?.required;
  const isRequired = (name: string) => Array.isArray(required) && required.includes(name);
  if (Array.isArray(required)) {
    required.forEach((name, index) => {
      if (typeof name === 'string' && !names.includes(name)) report(['schema', 'required', index], notAField(name));
    });
  }

  // The fields are listed once: in their groups when the form has any, else in "ui:order".
  const groups = asList(uiSchema['ui:groups']);
  const hasGroups = Array.isArray(uiSchema['ui:groups']) && uiSchema['ui:groups'].length > 0;
  if (hasGroups && 'ui:order' in uiSchema)
    report(
      ['uiSchema', 'ui:order'],
      'is not needed: the fields are in groups ("ui:groups"), which give their order. Remove "ui:order", so each field is listed once.',
      { onKey: true },
    );
  else if (!hasGroups && !('ui:order' in uiSchema))
    report(
      ['uiSchema'],
      'lists no fields. Add "ui:order" with the field names in the order they show, or "ui:groups" to show them in groups under headings.',
    );
  else if (!hasGroups) {
    const order = Array.isArray(uiSchema['ui:order']) ? uiSchema['ui:order'] : [];
    order.forEach((name, index) => {
      if (typeof name === 'string' && !names.includes(name)) report(['uiSchema', 'ui:order', index], notAField(name));
    });
    for (const name of names) {
      if (!order.includes(name))
        report(
          ['uiSchema', 'ui:order'],
          `the field ${quote(name)} is not listed, so it would not show. Add it where it should appear.`,
        );
    }
  }

  if (hasGroups) {
    const groupOf = new Map<string, number>();
    groups.forEach((group, groupIndex) => {
      (Array.isArray(group.fields) ? group.fields : []).forEach((name: unknown, index: number) => {
        if (typeof name !== 'string') return;
        const path = ['uiSchema', 'ui:groups', groupIndex, 'fields', index];
        if (!names.includes(name)) report(path, notAField(name));
        else if (groupOf.has(name))
          report(
            path,
            `${quote(name)} is already in group ${groupOf.get(name)! + 1}. A field can be in one group only.`,
          );
        else groupOf.set(name, groupIndex);
      });
    });
    for (const name of names) {
      if (!groupOf.has(name))
        report(
          ['uiSchema', 'ui:groups'],
          `the field ${quote(name)} is in no group, so it would not show. Add it to the group where it belongs.`,
        );
    }
  }

  // A label names its field for screen readers and for the visitor's eye: two fields with one label cannot be told
  // apart.
  const titled = new Map<string, string>();
  for (const [name, value] of Object.entries(fields)) {
    const title = asObject(value)?.title;
    if (typeof title !== 'string') continue;
    const first = titled.get(title);
    if (first === undefined) titled.set(title, name);
    else
      report(
        ['schema', 'properties', name, 'title'],
        `${quote(title)} is already the label of the field ${quote(first)}, so visitors could not tell the two apart. Give this field its own label.`,
      );
  }

  for (const key of Object.keys(uiSchema)) {
    if (!key.startsWith('ui:') && !names.includes(key)) report(['uiSchema', key], notAField(key), { onKey: true });
  }

  for (const [name, value] of Object.entries(fields)) {
    const field = asObject(value);
    if (!field) continue;
    const layout = asObject(uiSchema[name]) ?? {};
    const messages = asObject(field.errorMessage) ?? {};
    const at = ['schema', 'properties', name];
    const hasChoices = Array.isArray(field.oneOf) || typeof field.optionsFrom === 'string';
    for (const rule of RULE_KEYWORDS) {
      const hasRule = rule === 'oneOf' ? hasChoices : field[rule] !== undefined;
      if (hasRule && messages[rule] === undefined) {
        report(
          [...at, rule === 'oneOf' && field.oneOf === undefined ? 'optionsFrom' : rule],
          `this rule has no message for visitors. Write the words they see when an answer breaks it (in the file: "errorMessage": { ${JSON.stringify(rule)}: "..." }).`,
          { onKey: true },
        );
      }
    }
    for (const rule of Object.keys(messages)) {
      const hasRule =
        rule === 'required' ? isRequired(name) : rule === 'oneOf' ? hasChoices : field[rule] !== undefined;
      if (!hasRule)
        report(
          [...at, 'errorMessage', rule],
          `this message would never show: the field has no ${JSON.stringify(rule)} rule. Remove the message, or add the rule.`,
          { onKey: true },
        );
    }
    if (
      typeof field.minLength === 'number' &&
      typeof field.maxLength === 'number' &&
      field.minLength > field.maxLength
    ) {
      report(
        [...at, 'maxLength'],
        `${field.maxLength} is less than minLength (${field.minLength}), so no answer could be accepted.`,
      );
    }
    if (typeof field.pattern === 'string') {
      try {
        new RegExp(field.pattern, 'u');
      } catch {
        report(
          [...at, 'pattern'],
          `${quote(field.pattern)} is not a valid regular expression. Ask a developer to check it.`,
        );
      }
    }
    if (layout['ui:widget'] === 'select' && !hasChoices) {
      report(
        ['uiSchema', name, 'ui:widget'],
        `a select needs choices, and the field ${quote(name)} has none. Add "oneOf" with the choices (or "optionsFrom") to the field in "schema".`,
      );
    }
    checkOptionsFrom(field, at, files, report);
    checkStatedNumbers(field, messages, layout, at, name, report);
    if (isRequired(name)) {
      for (const key of ['ui:placeholder', 'ui:help'] as const) {
        const text = layout[key];
        if (typeof text === 'string' && /\boptional\b/i.test(text)) {
          report(
            ['uiSchema', name, key],
            `the field ${quote(name)} is required, but this text tells visitors it is optional. Remove "optional" from it, or take the field out of "required".`,
          );
        }
      }
    }
  }

  if (asObject(data.behaviour)?.whenIncomplete === 'show-toast' && !asObject(data.toasts)?.incomplete) {
    report(
      ['behaviour', 'whenIncomplete'],
      'show-toast needs the notification to show. Add "incomplete": { "title": "...", "description": "..." } to "toasts".',
    );
  }
  checkDelivery(data, report);
  return problems;
}

/** What an author is told of a form whose answers go nowhere yet: a developer sets where they go. */
const NOBODY_RECEIVES = 'What visitors send with this form reaches nobody yet: a developer sets where it goes.';

/**
 * A delivery that can fail needs the notification that says so. (Which settings each method takes is the schema's:
 * "delivery" is one of a few kinds, by its "method".)
 */
function checkDelivery(data: Json, report: FormReport): void {
  const delivery = asObject(data.delivery);
  const method = delivery?.method;
  // The spec's forms only log, so the site can be tried without a service: allowed, but never silently.
  const whatToSet = `Set "delivery" to send them somewhere: "method": "post" with your form service's "url", or "method": "netlify" on Netlify (EDITING.md, "Where form answers go").`;
  if (data.delivery === undefined) {
    report(
      ['delivery'],
      `is not set, so nobody receives what visitors send: the answers are only written to the browser's console. ${whatToSet}`,
      { severity: 'warning', forAuthors: NOBODY_RECEIVES },
    );
  } else if (method === 'log') {
    report(
      ['delivery', 'method'],
      `"log" only writes the answers to the browser's console, so nobody receives what visitors send. ${whatToSet}`,
      { severity: 'warning', forAuthors: NOBODY_RECEIVES },
    );
  }
  if (!delivery || typeof method !== 'string' || !Object.hasOwn(DELIVERY_METHODS, method)) return;
  if (!DELIVERY_METHODS[method as keyof typeof DELIVERY_METHODS].sends) return;
  if (!asObject(data.toasts)?.failure) {
    report(
      ['delivery', 'method'],
      `with ${quote(method)}, sending can fail, and visitors must be told. Add "failure": { "title": "...", "description": "..." } to "toasts", such as "Submission Failed" / "Something went wrong. Please try again."`,
    );
  }
  if (asObject(data.behaviour)?.simulateSending === true) {
    report(
      ['behaviour', 'simulateSending'],
      `has no effect with delivery ${quote(method)}: the button stays busy until the answers are delivered. Set it to false.`,
      { severity: 'warning' },
    );
  }
}

type FormReportOptions = { onKey?: boolean; severity?: Severity; forAuthors?: string };
type FormReport = (path: JsonPath, message: string, options?: FormReportOptions) => void;

/** A field's own choices must not repeat one its collection already gives. */
function checkOptionsFrom(
  field: Json,
  at: JsonPath,
  files: ReadonlyMap<string, ParsedConfigFile>,
  report: FormReport,
): void {
  if (typeof field.optionsFrom !== 'string' || !(field.optionsFrom in OPTION_SOURCES)) return;
  const source = field.optionsFrom as keyof typeof OPTION_SOURCES;
  const collection = files.get(OPTION_SOURCES[source].file)?.source.data;
  if (collection === undefined) return;
  const given = new Set(optionsFromCollection(source, collection).map((option) => option.const));
  asList(field.oneOf).forEach((option, index) => {
    if (typeof option.const === 'string' && given.has(option.const)) {
      report(
        [...at, 'oneOf', index, 'const'],
        `${quote(option.const)} is already a choice, from config/${OPTION_SOURCES[source].file} ("optionsFrom": "${source}"). Remove it here; change its label there.`,
      );
    }
  });
}

// A number of characters as people write it: "50", "1,000" or "1000", maybe as a range "50 to 500" or "50-500".
const COUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;
const COUNTED = new RegExp(
  `${COUNT}(?:\\s*(?:-|–|to)\\s*${COUNT})?\\s*(?:characters?|chars?|letters?|digits?)\\b`,
  'gi',
);
const ANY_NUMBER = new RegExp(COUNT, 'g');
const toNumber = (text: string) => Number(text.replace(/,/g, ''));

/** A length rule as the designer names it, with its name in the file: at least 50 characters ("minLength": 50). */
const ruleInWords = (rule: 'minLength' | 'maxLength', limit: number) =>
  `${rule === 'minLength' ? 'at least' : 'at most'} ${limit} characters ("${rule}": ${limit})`;

/** The numbers of characters a text states, such as [50, 500] for "50 to 500 characters". */
function statedCounts(text: string): number[] {
  return [...text.matchAll(COUNTED)].flatMap((match) =>
    [match[1], match[2]].filter((part): part is string => part !== undefined).map(toNumber),
  );
}

/**
 * A message must state its rule's own number ("at least 80 characters" under "minLength": 50 is an error), and help
 * text or a placeholder that states a number of characters should state one of the field's limits (a warning: it may
 * be advice, such as "most creators write about 200 characters").
 */
function checkStatedNumbers(
  field: Json,
  messages: Json,
  layout: Json,
  at: JsonPath,
  name: string,
  report: FormReport,
): void {
  const limits = { minLength: field.minLength, maxLength: field.maxLength };
  for (const rule of ['minLength', 'maxLength'] as const) {
    const message = messages[rule];
    const limit = limits[rule];
    if (typeof message !== 'string' || typeof limit !== 'number') continue;
    const numbers = [...message.matchAll(ANY_NUMBER)].map((match) => toNumber(match[1]!));
    if (numbers.length > 0 && !numbers.includes(limit)) {
      report(
        [...at, 'errorMessage', rule],
        `this message says ${numbers.join(' and ')}, but the rule is ${ruleInWords(rule, limit)}. Change the message or the rule so they agree.`,
      );
    }
  }
  const required = messages.required;
  if (typeof required === 'string' && typeof limits.minLength === 'number') {
    const stated = statedCounts(required).filter((count) => count !== limits.minLength && count !== limits.maxLength);
    if (stated.length > 0)
      report(
        [...at, 'errorMessage', 'required'],
        `this message says ${stated.join(' and ')} characters, but the rule is ${ruleInWords('minLength', limits.minLength)}. Change the message or the rule so they agree.`,
      );
  }
  const known = [limits.minLength, limits.maxLength].filter((limit): limit is number => typeof limit === 'number');
  for (const key of ['ui:help', 'ui:placeholder'] as const) {
    const text = layout[key];
    if (typeof text !== 'string') continue;
    const stated = statedCounts(text).filter((count) => !known.includes(count));
    if (stated.length === 0) continue;
    const stating = (['minLength', 'maxLength'] as const).flatMap((rule) =>
      typeof limits[rule] === 'number' ? [ruleInWords(rule, limits[rule])] : [],
    );
    const rules =
      stating.length > 0
        ? `the field's ${stating.length === 1 ? 'rule is' : 'rules are'} ${stating.join(' and ')}`
        : `the field ${quote(name)} has no length rule`;
    report(
      ['uiSchema', name, key],
      `this text says ${stated.join(' and ')} characters, but ${rules}. Change the text or the rules so they agree.`,
      {
        severity: 'warning',
      },
    );
  }
}
