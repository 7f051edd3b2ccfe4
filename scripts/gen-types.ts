/**
 * Writes src/generated/config-types.ts from the schemas in schemas/.
 * `npm run gen:types` rewrites it; `npm run gen:types -- --check` fails when it is out of date.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import { writeOrCheckGenerated } from './generated-file.ts';
import { CONFIG_FILE_KINDS } from '../src/config/config-files.ts';

const root = join(import.meta.dirname, '..');
const schemasDir = join(root, 'schemas');
const outFile = join(root, 'src/generated/config-types.ts');

const HEADER = `/* eslint-disable */
/**
 * GENERATED from the JSON Schemas in schemas/. Do not edit by hand:
 * change the schema, then run \`npm run gen:types\`. \`npm test\` fails when this file is out of date.
 */`;

/**
 * A schema file as the type generator should see it. A "$ref" to a titled definition (Action, Platform) with a
 * description beside it would become a new type (Action1, Action2, ...) for every description; those lose the
 * description. A "$ref" to plain text keeps it, so the property's comment says what that text is for.
 */
function readSchemaForTypes(url: string): string {
  const path = url.startsWith('file:') ? fileURLToPath(url) : decodeURIComponent(url);
  const simplify = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(simplify);
    if (!value || typeof value !== 'object') return value;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && Object.keys(value).length > 1 && isTitled(path, ref)) return { $ref: ref };
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, simplify(child)]));
  };
  return JSON.stringify(simplify(JSON.parse(readFileSync(path, 'utf8'))));
}

function isTitled(fromFile: string, ref: string): boolean {
  const [file, pointer = ''] = ref.split('#');
  const document: unknown = JSON.parse(readFileSync(file ? resolve(dirname(fromFile), file) : fromFile, 'utf8'));
  const target = pointer
    .split('/')
    .filter(Boolean)
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
  return typeof (target as { title?: unknown } | undefined)?.title === 'string';
}

/** One schema that refers to every file schema, so shared definitions come out once, named by their titles. */
async function generate(): Promise<string> {
  const properties = Object.fromEntries(
    [...new Set(CONFIG_FILE_KINDS.map((kind) => kind.schema))].map((schema) => [schema.replace(/\.schema\.json$/, ''), { $ref: schema }]),
  );
  const body = await compile({ title: 'ConfigFiles', type: 'object', additionalProperties: false, properties }, 'ConfigFiles', {
    cwd: schemasDir,
    bannerComment: HEADER,
    additionalProperties: false,
    unreachableDefinitions: false,
    style: { singleQuote: true, printWidth: 120 },
    $refOptions: { resolve: { file: { order: 1, canRead: true, read: (file: { url: string }) => readSchemaForTypes(file.url) } } },
  });
  return body;
}

const generated = await generate();
writeOrCheckGenerated(outFile, generated, 'npm run gen:types');
