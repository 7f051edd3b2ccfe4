import type { AnySchemaObject, ErrorObject } from 'ajv';
import type { ConfigProblem } from './config-problem.ts';
import { closestMatch, didYouMean } from './did-you-mean.ts';
import { keyNodeAt, nodeAt, pointerToPath, positionAt, type JsonPath, type JsonSource } from './json-source.ts';

/** Turns Ajv's errors for one file into one plain sentence per problem, at the position of the offending value. */
export function describeSchemaErrors(source: JsonSource, errors: readonly ErrorObject[], sectionTypes: readonly string[]): ConfigProblem[] {
  const seen = new Set<string>();
  const problems: ConfigProblem[] = [];
  // A misspelt key ("answr") also leaves its field ("answer") missing; the author has one thing to fix, so say it once.
  for (const error of errors) {
    if (error.keyword !== 'additionalProperties') continue;
    const extra = String(error.params.additionalProperty);
    const known = Object.keys((error.parentSchema as AnySchemaObject | undefined)?.properties ?? {});
    const meant = closestMatch(extra, known);
    if (meant !== undefined) seen.add(`${error.instancePath}|${meant}`);
  }
  for (const error of errors) {
    const path = pointerToPath(error.instancePath, source.data);
    const child = (error.params as { missingProperty?: string; additionalProperty?: string }).missingProperty
      ?? (error.params as { additionalProperty?: string }).additionalProperty;
    // One problem per value: "" breaks both minLength and the "has text" pattern, but the author has one thing to fix.
    const key = `${error.instancePath}|${child ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(describe(source, error, path, sectionTypes));
  }
  return problems;
}

function describe(source: JsonSource, error: ErrorObject, path: JsonPath, sectionTypes: readonly string[]): ConfigProblem {
  const at = (where: JsonPath, node = nodeAt(source, where)) => ({ file: source.displayPath, position: positionAt(source.lineStarts, node.offset) });
  const schema = (error.parentSchema ?? {}) as AnySchemaObject;
  const value = error.data;
  const params = error.params as Record<string, unknown>;

  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      if ((schema.discriminator as { propertyName?: string } | undefined)?.propertyName === missing) {
        return { ...at(path), path: [...path, missing], message: `this section has no "type". Start it with "type", one of: ${sectionTypes.join(', ')}.` };
      }
      const description = (schema.properties?.[missing] as AnySchemaObject | undefined)?.description;
      return { ...at(path), path: [...path, missing], message: `this required field is missing. Add it${description ? `: ${sentenceCase(description)}` : '.'}` };
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const known = Object.keys(schema.properties ?? {}).filter((name) => name !== '$schema');
      const meant = closestMatch(extra, known);
      const required = (schema.required as string[] | undefined)?.includes(meant ?? '') && !Object.hasOwn((value as object) ?? {}, meant!);
      const fix = meant === undefined ? ` Remove it, or use one of: ${known.join(', ')}.` : ` Did you mean ${JSON.stringify(meant)}?${required ? ' That field is required.' : ''}`;
      return { ...at([...path, extra], keyNodeAt(source, [...path, extra])), path: [...path, extra], message: `${JSON.stringify(extra)} is not a field here.${fix}` };
    }
    case 'discriminator': {
      if (params.error === 'tag') {
        return { ...at([...path, 'type']), path: [...path, 'type'], message: `"type" must be text, one of: ${sectionTypes.join(', ')}.` };
      }
      const written = String(params.tagValue);
      return {
        ...at([...path, 'type']),
        path: [...path, 'type'],
        message: `${JSON.stringify(written)} is not a section type.${didYouMean(written, sectionTypes)} Allowed: ${sectionTypes.join(', ')}.`,
      };
    }
    case 'enum': {
      const allowed = (schema.enum as unknown[]).map(String);
      const noun = typeof schema.title === 'string' ? schema.title.toLowerCase() : String(path[path.length - 1] ?? 'value');
      const written = typeof value === 'string' ? value : JSON.stringify(value);
      return { ...at(path), path, message: `${JSON.stringify(written)} is not an allowed ${noun}.${didYouMean(written, allowed)} Allowed: ${allowed.join(', ')}.` };
    }
    case 'const':
      return { ...at(path), path, message: `must be ${JSON.stringify(schema.const)}, not ${JSON.stringify(value)}.` };
    case 'type':
      return { ...at(path), path, message: describeWrongType(String(params.type), value) };
    case 'minLength':
      return {
        ...at(path),
        path,
        message: params.limit === 1 ? 'is empty. Write some text here.' : `${JSON.stringify(value)} is too short: it needs at least ${String(params.limit)} characters.`,
      };
    case 'maxLength':
      return { ...at(path), path, message: `is too long: at most ${String(params.limit)} characters are allowed, and it has ${String((value as string).length)}.` };
    case 'minItems':
      return { ...at(path), path, message: `needs at least ${String(params.limit)} ${Number(params.limit) === 1 ? 'item' : 'items'}, and it has ${String((value as unknown[]).length)}.` };
    case 'maxItems':
      return { ...at(path), path, message: `can have at most ${String(params.limit)} items, and it has ${String((value as unknown[]).length)}. Remove some.` };
    case 'minProperties':
      return { ...at(path), path, message: `is empty. Add at least ${String(params.limit)} ${Number(params.limit) === 1 ? 'entry' : 'entries'}.` };
    case 'minimum':
    case 'exclusiveMinimum':
      return { ...at(path), path, message: `${JSON.stringify(value)} is too small: the smallest allowed is ${String(params.limit)}.` };
    case 'maximum':
    case 'exclusiveMaximum':
      return { ...at(path), path, message: `${JSON.stringify(value)} is too large: the largest allowed is ${String(params.limit)}.` };
    case 'uniqueItems':
      return { ...at([...path, Number(params.i)]), path: [...path, Number(params.i)], message: `${JSON.stringify((value as unknown[])[Number(params.i)])} is listed twice. Remove one of them.` };
    case 'format':
      return {
        ...at(path),
        path,
        message: params.format === 'email'
          ? `${JSON.stringify(value)} is not a valid email address. Write it like name@example.com.`
          : `${JSON.stringify(value)} is not a valid ${String(params.format)}.`,
      };
    case 'pattern':
      return { ...at(path), path, message: `${JSON.stringify(value)} ${typeof schema.patternErrorMessage === 'string' ? schema.patternErrorMessage : 'does not have the expected form.'}` };
    case 'propertyNames': {
      const name = String(params.propertyName);
      const namesSchema = schema.propertyNames as AnySchemaObject | undefined;
      const hint = typeof namesSchema?.patternErrorMessage === 'string' ? namesSchema.patternErrorMessage : 'is not allowed as a name here.';
      return { ...at([...path, name], keyNodeAt(source, [...path, name])), path: [...path, name], message: `${JSON.stringify(name)} ${hint}` };
    }
    case 'x-internal-link':
    case 'x-asset':
      return { ...at(path), path, message: `${JSON.stringify(value)} ${String(error.message)}` };
    default:
      return {
        ...at(path),
        path,
        message: `is not valid here.${typeof schema.description === 'string' ? ` Expected: ${sentenceCase(schema.description)}` : ''}`,
      };
  }
}

const JSON_KIND: Record<string, string> = {
  string: 'text in double quotes',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list in square brackets [ ]',
  object: 'a group of fields in curly braces { }',
  null: 'null',
};

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `text (${JSON.stringify(value)})`;
  if (typeof value === 'number') return Number.isInteger(value) ? `the number ${value}` : `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  return 'a group of fields';
}

function describeWrongType(expected: string, value: unknown): string {
  const wanted = expected.split(',').map((type) => JSON_KIND[type] ?? type).join(' or ');
  let fix = '';
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if ((expected === 'integer' || expected === 'number') && trimmed !== '' && Number.isFinite(Number(trimmed))) fix = ` Write it without quotes: ${trimmed}.`;
    if (expected === 'boolean' && (trimmed === 'true' || trimmed === 'false')) fix = ` Write it without quotes: ${trimmed}.`;
    if (expected === 'array') fix = ` Write it as a list: [${JSON.stringify(value)}].`;
  } else if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
    fix = ` Put it in double quotes: "${String(value)}".`;
  } else if (expected === 'integer' && typeof value === 'number') {
    return `must be a whole number, not ${value}.`;
  }
  return `must be ${wanted}, not ${kindOf(value)}.${fix}`;
}

/** Schema descriptions start with a capital; inside a sentence they read better without one. */
function sentenceCase(description: string): string {
  return /^[A-Z][a-z]/.test(description) ? description[0]!.toLowerCase() + description.slice(1) : description;
}
