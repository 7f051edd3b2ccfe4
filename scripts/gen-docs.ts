/**
 * Writes docs/config-reference.md from the schemas: one part per config file and per section type, with every
 * field's description, whether it is required, and its allowed values and bounds.
 * `npm run docs` rewrites it; `npm run docs -- --check` fails when it is out of date.
 */
import { join } from 'node:path';
import type { AnySchemaObject } from 'ajv';
import { writeOrCheckGenerated } from './generated-file.ts';
import { CONFIG_FILE_KINDS } from '../src/checker/config-files.ts';
import { resolveRef, type LocatedSchema } from '../src/checker/schema-registry.ts';
import { readSchemas } from '../src/checker/read-config-files.ts';
import { SCHEMA_KEYWORDS, type SchemaKeyword } from '../src/content/schema-keywords.ts';

const root = join(import.meta.dirname, '..');
const outFile = join(root, 'docs/config-reference.md');
const schemas = readSchemas(join(root, 'schemas'));

const resolve = (located: LocatedSchema) => resolveRef(schemas, located);

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');

/** The rules of a field, in words: its kind, allowed values and bounds. */
function rulesOf(schema: AnySchemaObject): string {
  const rules: string[] = [];
  if (schema.const !== undefined) rules.push(`always ${code(schema.const)}`);
  if (Array.isArray(schema.enum)) {
    const notes = (schema.enumDescriptions as string[] | undefined) ?? [];
    rules.push(
      `one of: ${schema.enum.map((value, index) => (notes[index] ? `${code(value)} (${notes[index]})` : code(value))).join(', ')}`,
    );
  } else if (schema.type === 'string') rules.push(schema.format === 'email' ? 'an email address' : 'text');
  if (schema.type === 'integer') rules.push('a whole number');
  if (schema.type === 'boolean') rules.push('`true` or `false`');
  if (schema.type === 'array') rules.push('a list');
  if (schema.type === 'object') rules.push('a group of fields');
  if (schema.minLength === 1) rules.push('not empty');
  else if (typeof schema.minLength === 'number') rules.push(`at least ${schema.minLength} characters`);
  if (typeof schema.maxLength === 'number') rules.push(`at most ${schema.maxLength} characters`);
  if (typeof schema.minimum === 'number') rules.push(`at least ${schema.minimum}`);
  if (typeof schema.maximum === 'number') rules.push(`at most ${schema.maximum}`);
  if (typeof schema.minItems === 'number' && schema.minItems > 0)
    rules.push(`at least ${schema.minItems} ${schema.minItems === 1 ? 'item' : 'items'}`);
  if (typeof schema.maxItems === 'number') rules.push(`at most ${schema.maxItems} items`);
  // Pattern messages read "is not a web address. Write a full address ..."; the instruction is what helps here.
  if (typeof schema.patternErrorMessage === 'string' && schema.minLength !== 1)
    rules.push(schema.patternErrorMessage.replace(/^[^.]*\.\s*/, '').replace(/\.$/, ''));
  // What the project's own keywords add, in the words src/content/schema-keywords.ts gives each.
  for (const [name, keyword] of Object.entries(SCHEMA_KEYWORDS) as [string, SchemaKeyword][]) {
    const rule = schema[name] !== undefined && schema[name] !== false ? keyword.docs?.(schema[name]) : undefined;
    if (rule) rules.push(rule);
  }
  return rules.join('; ');
}

/** One table row per field, nested fields as dotted paths (socials[].url), in the order of the schema. */
function rows(located: LocatedSchema, prefix = ''): string[] {
  const { schema, file } = resolve(located);
  const out: string[] = [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const [name, raw] of Object.entries((schema.properties as Record<string, AnySchemaObject> | undefined) ?? {})) {
    if (name === '$schema') continue;
    const field = resolve({ schema: raw, file });
    const path = `${prefix}${name}`;
    out.push(
      `| \`${path}\` | ${required.has(name) ? 'yes' : 'no'} | ${cell(String(field.schema.description ?? ''))} | ${cell(rulesOf(field.schema))} |`,
    );
    if (field.schema.type === 'object' && field.schema.properties)
      for (const row of rows(field, `${path}.`)) out.push(row);
    for (const row of kindRows(field, `${path}.`)) out.push(row);
    const items = field.schema.items
      ? resolve({ schema: field.schema.items as AnySchemaObject, file: field.file })
      : undefined;
    if (items?.schema.type === 'object' && items.schema.properties)
      for (const row of rows(items, `${path}[].`)) out.push(row);
  }
  return out;
}

/**
 * The fields of a value of one of several kinds (a delivery by its "method"): the property that picks the kind, then
 * each kind's own fields, said to be for that kind. Sections are listed on their own, as section types.
 */
function kindRows(located: LocatedSchema, prefix: string): string[] {
  const { schema, file } = located;
  const property = (schema.discriminator as { propertyName?: string } | undefined)?.propertyName;
  if (!property || property === 'type' || !Array.isArray(schema.oneOf)) return [];
  const kinds = (schema.oneOf as AnySchemaObject[]).map((option) => resolve({ schema: option, file }));
  const names = kinds.map(
    (kind) => (kind.schema.properties as Record<string, AnySchemaObject>)[property]!.const as string,
  );
  const out = [
    `| \`${prefix}${property}\` | yes | Which kind of ${cell(String(schema.title ?? 'value').toLowerCase())} it is. | one of: ${kinds.map((kind, index) => `${code(names[index])} (${cell(String(kind.schema.description ?? ''))})`).join(', ')} |`,
  ];
  kinds.forEach((kind, index) => {
    const required = new Set((kind.schema.required as string[] | undefined) ?? []);
    for (const [name, raw] of Object.entries(kind.schema.properties as Record<string, AnySchemaObject>)) {
      if (name === property) continue;
      const field = resolve({ schema: raw, file: kind.file });
      const description = `With ${property} ${code(names[index])}: ${String(field.schema.description ?? '')}`;
      out.push(
        `| \`${prefix}${name}\` | ${required.has(name) ? 'yes' : 'no'} | ${cell(description)} | ${cell(rulesOf(field.schema))} |`,
      );
    }
  });
  return out;
}

function table(located: LocatedSchema): string {
  return ['| Field | Required | What it is | Allowed |', '|---|---|---|---|', ...rows(located)].join('\n');
}

/** An editor snippet as plain JSON: "${1:Heading}" becomes "Heading", and a choice "${1|a,b|}" its first option. */
function withoutTabStops(snippet: string): string {
  return snippet.replace(/\$\{\d+\|([^,|}]*)[^}]*\}/g, '$1').replace(/\$\{\d+:([^}]*)\}/g, '$1');
}

function generate(): string {
  const parts: string[] = [
    '<!-- GENERATED from schemas/ by `npm run docs`. Do not edit by hand; `npm test` fails when it is out of date. -->',
    '# Config reference',
    '',
    'Every file in `config/`, every field it may hold, and what each field accepts. Guidance on making common changes is in [EDITING.md](../EDITING.md).',
    'Texts can show values from `config/site.json` by naming them in braces, such as `{name}` or `{claims.creatorNetwork}`.',
    '',
    '## Files',
    '',
  ];
  for (const kind of CONFIG_FILE_KINDS) {
    const schema = schemas.get(kind.schema)!;
    // A file's own introduction as VS Code shows it, which also tells how the file may be laid out (one file, or a
    // folder).
    parts.push(
      `### \`config/${kind.pattern}\``,
      '',
      String(schema.markdownDescription ?? schema.description ?? ''),
      '',
      `Rules: \`schemas/${kind.schema}\`.${kind.required ? '' : ' Optional: add as many as you need.'}`,
      '',
    );
    if (kind.schema === 'page.schema.json') {
      parts.push('Each entry of `sections` is one of the [section types](#section-types) below.', '');
    }
    parts.push(table({ schema, file: kind.schema }), '');
  }
  parts.push(
    '## Section types',
    '',
    'A page\'s `sections` list holds these blocks, each starting with `"type"`. In VS Code, type `{` inside `sections` to insert one with its fields.',
    '',
  );
  for (const [file, schema] of [...schemas]
    .filter(([path]) => path.startsWith('sections/'))
    .sort(([a], [b]) => a.localeCompare(b))) {
    const type = (schema.properties as { type: { const: string } }).type.const;
    const example = (schema.defaultSnippets as { body: unknown }[] | undefined)?.[0]?.body;
    parts.push(`### \`${type}\``, '', String(schema.description ?? ''), '', table({ schema, file }), '');
    // The comment tells the docs test (src/checker/docs-examples.test.ts) to check the example as a section of a page.
    if (example)
      parts.push(
        'Example:',
        '',
        '<!-- example: pages/*.json#/sections/- -->',
        '```json',
        withoutTabStops(JSON.stringify(example, null, 2)),
        '```',
        '',
      );
  }
  return `${parts.join('\n').trimEnd()}\n`;
}

const generated = generate();
writeOrCheckGenerated(outFile, generated, 'npm run docs');
