import type { ConfigProblem } from './config-problem.ts';
import { closestMatch, didYouMean } from './did-you-mean.ts';
import { keyNodeAt, nodeAt, positionAt, type JsonPath, type JsonSource } from './json-source.ts';
import { PAGE_PLACEHOLDERS, placeholdersIn, sitePlaceholderValues } from './placeholders.ts';
import type { ParsedConfigFile } from './validate-config.ts';

type Json = Record<string, unknown>;

/** Checks no single schema can make: unique ids and routes, placeholders, forms whose layout matches their fields. */
export function crossFileProblems(files: ReadonlyMap<string, ParsedConfigFile>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const report = (source: JsonSource, path: JsonPath, message: string, onKey = false) => {
    const node = onKey ? keyNodeAt(source, path) : nodeAt(source, path);
    problems.push({ file: source.displayPath, position: positionAt(source.lineStarts, node.offset), path, message });
  };
  const file = (path: string) => files.get(path)?.source;

  const influencers = file('collections/influencers.json');
  if (influencers) checkUniqueIds(influencers, report);
  const services = file('collections/services.json');
  if (services) checkUnique(services, 'services', 'id', 'service', report);
  const labels = file('collections/platforms-and-niches.json');
  if (labels) {
    checkUnique(labels, 'platforms', 'value', 'platform', report);
    checkUnique(labels, 'niches', 'value', 'niche', report);
    if (influencers) checkLabelsCoverInfluencers(influencers, labels, report);
  }
  checkRoutes([...files.entries()].filter(([path]) => path.startsWith('pages/')).map(([, parsed]) => parsed.source), report);
  for (const [path, parsed] of files) {
    if (path.startsWith('forms/')) checkForm(parsed.source, report);
    if (path.startsWith('pages/')) checkFormReferences(parsed.source, files, report);
  }
  const site = file('site.json');
  if (site) for (const parsed of files.values()) checkPlaceholders(parsed.source, sitePlaceholderValues(site.data), problems);
  return problems;
}

type Report = (source: JsonSource, path: JsonPath, message: string, onKey?: boolean) => void;

const asList = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((item): item is Json => !!item && typeof item === 'object') : []);
const asObject = (value: unknown): Json | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined);

function checkUniqueIds(source: JsonSource, report: Report): void {
  const list = asList(asObject(source.data)?.influencers);
  const ids = list.map((influencer) => influencer.id).filter((id): id is number => typeof id === 'number');
  const firstIndex = new Map<number, number>();
  list.forEach((influencer, index) => {
    if (typeof influencer.id !== 'number') return;
    const first = firstIndex.get(influencer.id);
    if (first === undefined) {
      firstIndex.set(influencer.id, index);
      return;
    }
    const owner = typeof list[first]!.name === 'string' ? ` (${String(list[first]!.name)})` : '';
    report(source, ['influencers', index, 'id'], `${influencer.id} is already the id of influencers[${first}]${owner}. Each influencer needs a different id, because it is the address of their profile; ${Math.max(...ids) + 1} is free.`);
  });
}

function checkUnique(source: JsonSource, listKey: string, field: string, noun: string, report: Report): void {
  const seen = new Map<unknown, number>();
  asList(asObject(source.data)?.[listKey]).forEach((item, index) => {
    const value = item[field];
    if (value === undefined) return;
    const first = seen.get(value);
    if (first === undefined) seen.set(value, index);
    else report(source, [listKey, index, field], `${JSON.stringify(value)} is listed twice: ${listKey}[${first}] is the same ${noun}. Remove one of them.`);
  });
}

function checkLabelsCoverInfluencers(influencers: JsonSource, labels: JsonSource, report: Report): void {
  const named = (key: string) => new Set(asList(asObject(labels.data)?.[key]).map((item) => item.value));
  const platforms = named('platforms');
  const niches = named('niches');
  asList(asObject(influencers.data)?.influencers).forEach((influencer, index) => {
    if (typeof influencer.platform === 'string' && !platforms.has(influencer.platform)) {
      report(influencers, ['influencers', index, 'platform'], `${JSON.stringify(influencer.platform)} has no label in config/collections/platforms-and-niches.json. Add it to "platforms" there.`);
    }
    if (typeof influencer.niche === 'string' && !niches.has(influencer.niche)) {
      report(influencers, ['influencers', index, 'niche'], `${JSON.stringify(influencer.niche)} has no label in config/collections/platforms-and-niches.json. Add it to "niches" there.`);
    }
  });
}

function checkRoutes(pages: readonly JsonSource[], report: Report): void {
  const owner = new Map<string, string>();
  for (const page of pages) {
    const route = asObject(page.data)?.route;
    if (typeof route !== 'string') continue;
    const first = owner.get(route);
    if (first === undefined) owner.set(route, page.displayPath);
    else report(page, ['route'], `${JSON.stringify(route)} is already the route of ${first}. Each page needs its own route.`);
  }
}

function checkFormReferences(page: JsonSource, files: ReadonlyMap<string, ParsedConfigFile>, report: Report): void {
  asList(asObject(page.data)?.sections).forEach((section, index) => {
    if (typeof section.form === 'string' && !files.has(`forms/${section.form}.json`)) {
      report(page, ['sections', index, 'form'], `${JSON.stringify(section.form)} has no form file: config/forms/${section.form}.json does not exist.`);
    }
  });
}

const RULE_KEYWORDS = ['minLength', 'maxLength', 'format', 'pattern', 'oneOf'] as const;

/** A form's layout must name its fields exactly, and every rule must come with the message a visitor sees. */
function checkForm(form: JsonSource, report: Report): void {
  const data = asObject(form.data);
  const fields = asObject(asObject(data?.schema)?.properties);
  const uiSchema = asObject(data?.uiSchema);
  if (!data || !fields || !uiSchema) return;
  const names = Object.keys(fields);
  const notAField = (name: string) => `${JSON.stringify(name)} is not a field of this form.${didYouMean(name, names)} Fields: ${names.join(', ')}.`;

  const required = asObject(data.schema)?.required;
  if (Array.isArray(required)) {
    required.forEach((name, index) => {
      if (typeof name === 'string' && !names.includes(name)) report(form, ['schema', 'required', index], notAField(name));
    });
  }

  const order = Array.isArray(uiSchema['ui:order']) ? uiSchema['ui:order'] : [];
  order.forEach((name, index) => {
    if (typeof name === 'string' && !names.includes(name)) report(form, ['uiSchema', 'ui:order', index], notAField(name));
  });
  for (const name of names) {
    if (!order.includes(name)) report(form, ['uiSchema', 'ui:order'], `the field ${JSON.stringify(name)} is not listed, so it would not show. Add it where it should appear.`);
  }

  const groups = asList(uiSchema['ui:groups']);
  if (groups.length > 0) {
    const groupOf = new Map<string, number>();
    groups.forEach((group, groupIndex) => {
      (Array.isArray(group.fields) ? group.fields : []).forEach((name: unknown, index: number) => {
        if (typeof name !== 'string') return;
        const path = ['uiSchema', 'ui:groups', groupIndex, 'fields', index];
        if (!names.includes(name)) report(form, path, notAField(name));
        else if (groupOf.has(name)) report(form, path, `${JSON.stringify(name)} is already in ui:groups[${groupOf.get(name)!}]. A field can be in one group only.`);
        else groupOf.set(name, groupIndex);
      });
    });
    for (const name of names) {
      if (!groupOf.has(name)) report(form, ['uiSchema', 'ui:groups'], `the field ${JSON.stringify(name)} is in no group, so it would not show. Add it to the group where it belongs.`);
    }
  }

  for (const key of Object.keys(uiSchema)) {
    if (!key.startsWith('ui:') && !names.includes(key)) report(form, ['uiSchema', key], notAField(key), true);
  }

  for (const [name, value] of Object.entries(fields)) {
    const field = asObject(value);
    if (!field) continue;
    const messages = asObject(field.errorMessage) ?? {};
    const at = ['schema', 'properties', name];
    for (const rule of RULE_KEYWORDS) {
      if (field[rule] !== undefined && messages[rule] === undefined) {
        report(form, [...at, rule], `this rule has no message for visitors. Add "errorMessage": { ${JSON.stringify(rule)}: "..." } to the field with the words to show.`, true);
      }
    }
    for (const rule of Object.keys(messages)) {
      const hasRule = rule === 'required' ? Array.isArray(required) && required.includes(name) : field[rule] !== undefined;
      if (!hasRule) report(form, [...at, 'errorMessage', rule], `this message would never show: the field has no ${JSON.stringify(rule)} rule. Remove the message, or add the rule.`, true);
    }
    if (typeof field.minLength === 'number' && typeof field.maxLength === 'number' && field.minLength > field.maxLength) {
      report(form, [...at, 'maxLength'], `${field.maxLength} is less than minLength (${field.minLength}), so no answer could be accepted.`);
    }
    if (typeof field.pattern === 'string') {
      try {
        new RegExp(field.pattern, 'u');
      } catch {
        report(form, [...at, 'pattern'], `${JSON.stringify(field.pattern)} is not a valid regular expression. Ask a developer to check it.`);
      }
    }
    if (asObject(uiSchema[name])?.['ui:widget'] === 'select' && !Array.isArray(field.oneOf)) {
      report(form, ['uiSchema', name, 'ui:widget'], `a select needs choices, and the field ${JSON.stringify(name)} has none. Add "oneOf" with the choices to the field in "schema".`);
    }
  }

  if (asObject(data.behaviour)?.whenIncomplete === 'show-toast' && !asObject(data.toasts)?.incomplete) {
    report(form, ['behaviour', 'whenIncomplete'], 'show-toast needs the notification to show. Add "incomplete": { "title": "...", "description": "..." } to "toasts".');
  }
}

/** Every {placeholder} must name a value in site.json, or one the page fills in (such as {count}). */
function checkPlaceholders(source: JsonSource, siteValues: ReadonlyMap<string, string>, problems: ConfigProblem[]): void {
  const known = [...siteValues.keys(), ...PAGE_PLACEHOLDERS];
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (typeof value === 'string') {
      for (const { name } of placeholdersIn(value)) {
        if (known.includes(name)) continue;
        const node = nodeAt(source, path);
        const raw = source.text.slice(node.offset, node.offset + node.length);
        const offset = node.offset + Math.max(0, raw.indexOf(`{${name}}`));
        const match = closestMatch(name, known);
        problems.push({
          file: source.displayPath,
          position: positionAt(source.lineStarts, offset),
          path,
          message: `{${name}} is not a value this text can show.${match ? ` Did you mean {${match}}?` : ''} Placeholders name a value in config/site.json, such as {name} or {claims.creatorNetwork}.`,
        });
      }
    } else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) if (key !== '$schema' && key !== 'pattern') walk(child, [...path, key]);
  };
  walk(source.data, []);
}
