import type { AnySchemaObject, ErrorObject } from 'ajv';
import { problemAt, type ConfigProblem } from './config-problem.ts';
import { quote } from './describe-value.ts';
import { closestMatch, didYouMean } from './did-you-mean.ts';
import { nodeAt, pointerToPath, type JsonPath, type JsonSource } from './json-source.ts';

/**
 * Turns Ajv's errors for one file into one plain sentence per problem, at the position of the offending value: for the
 * first `limit` values with errors; `unlisted` counts the values after those.
 */
export function describeSchemaErrors(
  source: JsonSource,
  allErrors: readonly ErrorObject[],
  sectionTypes: readonly string[],
  limit = Infinity,
): { problems: ConfigProblem[]; unlisted: number } {
  // Only the first `limit` values with errors are described (a suggestion costs an edit distance each); the rest are
  // counted.
  const values = [...new Set(allErrors.map((error) => error.instancePath))];
  const described = new Set(values.slice(0, limit));
  const errors =
    values.length > described.size ? allErrors.filter((error) => described.has(error.instancePath)) : allErrors;
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
  // A path without its leading / breaks the pattern of paths and links too; the site-aware sentence says what to write
  // instead.
  const siteAware = new Set(
    errors
      .filter((error) => error.keyword === 'x-asset' || error.keyword === 'x-internal-link')
      .map((error) => error.instancePath),
  );
  for (const error of errors) {
    if (error.keyword === 'pattern' && siteAware.has(error.instancePath)) continue;
    // A failed condition ("if method is post, then url is needed") is reported by the rule inside it.
    if (error.keyword === 'if') continue;
    const path = pointerToPath(error.instancePath, source.data);
    const child =
      (error.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ??
      (error.params as { additionalProperty?: string }).additionalProperty;
    // One problem per value: "" breaks both minLength and the "has text" pattern, but the author has one thing to fix.
    const key = `${error.instancePath}|${child ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(describe(source, error, path, sectionTypes));
  }
  return { problems, unlisted: values.length - described.size };
}

function describe(
  source: JsonSource,
  error: ErrorObject,
  path: JsonPath,
  sectionTypes: readonly string[],
): ConfigProblem {
  const at = (message: string, where: JsonPath = path, onKey = false) => problemAt(source, where, message, { onKey });
  const schema = (error.parentSchema ?? {}) as AnySchemaObject;
  const value = error.data;
  const params = error.params as Record<string, unknown>;
  const unit = typeof schema['x-unit'] === 'string' ? (schema['x-unit'] as Unit) : undefined;

  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      const kinds = kindsOf(schema, sectionTypes);
      if (kinds?.property === missing) {
        return at(
          `this ${kinds.thing} has no ${JSON.stringify(missing)}. Start it with ${JSON.stringify(missing)}, one of: ${kinds.allowed.join(', ')}.`,
          [...path, missing],
        );
      }
      // A field needed only on a condition (the "then" of an "if") is explained by the condition's own description.
      const description =
        (schema.properties?.[missing] as AnySchemaObject | undefined)?.description ??
        (typeof schema.description === 'string' && !schema.properties ? schema.description : undefined);
      return at(`this required field is missing. Add it${description ? `: ${sentenceCase(description)}` : '.'}`, [
        ...path,
        missing,
      ]);
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const known = Object.keys(schema.properties ?? {}).filter((name) => name !== '$schema');
      const meant = closestMatch(extra, known);
      const required =
        (schema.required as string[] | undefined)?.includes(meant ?? '') &&
        !Object.hasOwn((value as object) ?? {}, meant!);
      // A field of another kind (a delivery's "url" under "method": "log"): the kind is what to change, or the field to
      // drop.
      const kind = Object.entries((schema.properties ?? {}) as Record<string, AnySchemaObject>).find(
        ([name, property]) => name !== 'type' && typeof property.const === 'string',
      );
      if (meant === undefined && kind) {
        return at(
          `${quote(extra)} is not used when ${JSON.stringify(kind[0])} is ${JSON.stringify(kind[1].const)}. Remove it, or change ${JSON.stringify(kind[0])}.`,
          [...path, extra],
          true,
        );
      }
      const fix =
        meant === undefined
          ? ` Remove it, or use one of: ${known.join(', ')}.`
          : ` Did you mean ${JSON.stringify(meant)}?${required ? ' That field is required.' : ''}`;
      return at(`${quote(extra)} is not a field here.${fix}`, [...path, extra], true);
    }
    case 'discriminator': {
      const { property, allowed, name } = kindsOf(schema, sectionTypes)!;
      if (params.error === 'tag')
        return at(`${JSON.stringify(property)} must be text, one of: ${allowed.join(', ')}.`, [...path, property]);
      const written = String(params.tagValue);
      return at(`${quote(written)} is not a ${name}.${didYouMean(written, allowed)} Allowed: ${allowed.join(', ')}.`, [
        ...path,
        property,
      ]);
    }
    case 'enum': {
      const allowed = (schema.enum as unknown[]).map(String);
      const noun =
        typeof schema.title === 'string' ? schema.title.toLowerCase() : String(path[path.length - 1] ?? 'value');
      const written = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
      return at(
        `${quote(value)} is not an allowed ${noun}.${didYouMean(written, allowed)} Allowed: ${allowed.join(', ')}.`,
      );
    }
    case 'const':
      return at(`must be ${JSON.stringify(schema.const)}, not ${quote(value)}.`);
    case 'type':
      return at(describeWrongType(String(params.type), value, writtenAt(source, path), unit));
    case 'minLength':
      return at(
        params.limit === 1
          ? 'is empty. Write some text here.'
          : `${quote(value)} is too short: it needs at least ${String(params.limit)} characters.`,
      );
    case 'maxLength':
      return at(
        `is too long: at most ${String(params.limit)} characters are allowed, and it has ${String([...(value as string)].length)}.`,
      );
    case 'minItems':
      return at(
        `needs at least ${String(params.limit)} ${Number(params.limit) === 1 ? 'item' : 'items'}, and it has ${String((value as unknown[]).length)}.`,
      );
    case 'maxItems':
      return at(
        `can have at most ${String(params.limit)} items, and it has ${String((value as unknown[]).length)}. Remove some.`,
      );
    case 'minProperties':
      return at(`is empty. Add at least ${String(params.limit)} ${Number(params.limit) === 1 ? 'entry' : 'entries'}.`);
    case 'minimum':
    case 'exclusiveMinimum':
      return at(
        `${quote(value)} is too small: the smallest allowed is ${String(params.limit)}.${unit ? ` ${unitHint(unit, value, schema)}` : ''}`,
      );
    case 'maximum':
    case 'exclusiveMaximum':
      return at(
        `${quote(value)} is too large: the largest allowed is ${String(params.limit)}.${unit ? ` ${unitHint(unit, value, schema)}` : ''}`,
      );
    case 'uniqueItems':
      return at(`${quote((value as unknown[])[Number(params.i)])} is listed twice. Remove one of them.`, [
        ...path,
        Number(params.i),
      ]);
    case 'format':
      return at(
        params.format === 'email'
          ? `${quote(value)} is not a valid email address. Write it like name@example.com.`
          : `${quote(value)} is not a valid ${String(params.format)}.`,
      );
    case 'pattern':
      return at(
        `${quote(value)} ${typeof schema.patternErrorMessage === 'string' ? schema.patternErrorMessage : 'does not have the expected form.'}`,
      );
    case 'propertyNames': {
      const name = String(params.propertyName);
      const namesSchema = schema.propertyNames as AnySchemaObject | undefined;
      const hint =
        typeof namesSchema?.patternErrorMessage === 'string'
          ? namesSchema.patternErrorMessage
          : 'is not allowed as a name here.';
      return at(`${quote(name)} ${hint}`, [...path, name], true);
    }
    // The text may be long: its problem names the line and quotes the part at fault instead.
    case 'x-markdown':
      return at(String(error.message));
    case 'x-internal-link':
    case 'x-asset':
    case 'x-file-kind':
      return at(`${quote(value)} ${String(error.message)}`);
    default:
      return at(
        `is not valid here.${typeof schema.description === 'string' ? ` Expected: ${sentenceCase(schema.description)}` : ''}`,
      );
  }
}

/** The value exactly as written in the file, such as 1e309 or 6000, for messages that suggest how to rewrite it. */
function writtenAt(source: JsonSource, path: JsonPath): string {
  const node = nodeAt(source, path);
  return source.text.slice(node.offset, node.offset + Math.min(node.length, 200));
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
  if (typeof value === 'string') return `text (${quote(value)})`;
  if (typeof value === 'number') return Number.isFinite(value) ? `the number ${value}` : 'a number too large to use';
  if (typeof value === 'boolean') return String(value);
  return 'a group of fields';
}

function describeWrongType(expected: string, value: unknown, written: string, unit: Unit | undefined): string {
  const wanted = expected
    .split(',')
    .map((type) => JSON_KIND[type] ?? type)
    .join(' or ');
  if (unit && (expected === 'integer' || expected === 'number')) {
    const converted = typeof value === 'string' ? toUnit(value, unit) : undefined;
    if (converted !== undefined && /\d\s*$/.test(value as string))
      return `must be a number of ${unit}, written without quotes: ${converted}.`;
    if (converted !== undefined)
      return `must be a number of ${unit}, written without quotes or units: ${(value as string).trim()} is ${converted}.`;
    if (typeof value === 'number') return `must be a whole number of ${unit}, not ${value}. ${UNITS[unit].example}`;
    return `must be a number of ${unit}, not ${kindOf(value)}. ${UNITS[unit].example}`;
  }
  let fix = '';
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if ((expected === 'integer' || expected === 'number') && trimmed !== '' && Number.isFinite(Number(trimmed)))
      fix = ` Write it without quotes: ${trimmed}.`;
    if (expected === 'boolean' && (trimmed === 'true' || trimmed === 'false'))
      fix = ` Write it without quotes: ${trimmed}.`;
    if (expected === 'array') fix = ` Write it as a list: [${quote(value)}].`;
  } else if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
    fix = ` Put it in double quotes: "${written}".`;
  } else if (expected === 'integer' && typeof value === 'number') {
    return Number.isFinite(value)
      ? `must be a whole number, not ${value}.`
      : `must be a whole number, and ${written} is too large.`;
  }
  return `must be ${wanted}, not ${kindOf(value)}.${fix}`;
}

type Unit = keyof typeof UNITS;

/**
 * The units a number in config can be in (the schema's "x-unit"), with an example and how other units convert to it.
 */
const UNITS = {
  milliseconds: {
    example: 'It is in milliseconds: 6 seconds is 6000.',
    from: {
      ms: 1,
      millisecond: 1,
      milliseconds: 1,
      s: 1000,
      sec: 1000,
      secs: 1000,
      second: 1000,
      seconds: 1000,
      min: 60_000,
      minute: 60_000,
      minutes: 60_000,
    },
    scale: 1000,
    scaleName: 'seconds',
  },
  hours: {
    example: 'It is in hours: 2 days is 48.',
    from: { h: 1, hr: 1, hrs: 1, hour: 1, hours: 1, d: 24, day: 24, days: 24 },
    scale: 24,
    scaleName: 'days',
  },
  days: {
    example: 'It is in days, such as 5.',
    from: { d: 1, day: 1, days: 1, week: 5, weeks: 5 },
    scale: undefined,
    scaleName: undefined,
  },
} as const satisfies Record<
  string,
  { example: string; from: Record<string, number>; scale: number | undefined; scaleName: string | undefined }
>;

/** A text such as "6s", "6 seconds" or "2 days" in the field's unit, when it reads as an amount of time. */
function toUnit(text: string, unit: Unit): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!match) return undefined;
  const factor = match[2] ? (UNITS[unit].from as Record<string, number>)[match[2].toLowerCase()] : 1;
  return factor === undefined ? undefined : Math.round(Number(match[1]) * factor);
}

/** What to write instead of an out-of-range number, such as "It is in milliseconds: 6 seconds is 6000." */
function unitHint(unit: Unit, value: unknown, schema: AnySchemaObject): string {
  const { example, scale, scaleName } = UNITS[unit];
  if (typeof value !== 'number' || scale === undefined) return example;
  const scaled = value * scale;
  const fits =
    (typeof schema.minimum !== 'number' || scaled >= schema.minimum) &&
    (typeof schema.maximum !== 'number' || scaled <= schema.maximum);
  return fits ? `It is in ${unit}: ${value} ${scaleName} is ${scaled}.` : example;
}

/** Schema descriptions start with a capital; inside a sentence they read better without one. */
function sentenceCase(description: string): string {
  return /^[A-Z][a-z]/.test(description) ? description[0]!.toLowerCase() + description.slice(1) : description;
}

/**
 * What a value picked among kinds ("discriminator": a section by its "type", a delivery by its "method") may be:
 * the property that says the kind, the kinds allowed, the kind in words ("section type", "delivery method") and the
 * value in words ("section", "delivery"). Sections name every section type the page schema knows.
 */
function kindsOf(
  schema: AnySchemaObject,
  sectionTypes: readonly string[],
): { property: string; allowed: readonly string[]; name: string; thing: string } | undefined {
  const property = (schema.discriminator as { propertyName?: string } | undefined)?.propertyName;
  if (!property) return undefined;
  if (property === 'type') return { property, allowed: sectionTypes, name: 'section type', thing: 'section' };
  const options = Array.isArray(schema.oneOf) ? (schema.oneOf as AnySchemaObject[]) : [];
  const allowed = options
    .map((option) => (option.properties as Record<string, AnySchemaObject> | undefined)?.[property]?.const)
    .filter((value): value is string => typeof value === 'string');
  const thing = typeof schema.title === 'string' ? schema.title.toLowerCase() : 'value';
  return { property, allowed, name: `${thing} ${property}`, thing };
}
