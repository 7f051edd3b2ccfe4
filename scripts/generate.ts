/**
 * Writes what is made from schemas/ and src/sections/, so that a kind of section or config file is declared once:
 * - the kinds of section in schemas/page.schema.json ("sections" > "items" > "oneOf"), one per schema in
 *   schemas/sections/;
 * - src/generated/config-types.ts: the TypeScript types of every config file;
 * - src/generated/sections.ts, section-data.ts, section-behaviours.ts and section-first-answers.ts: each section
 *   folder's definition, build-time data, browser behaviour and first answer, by type.
 * `npm run generate` rewrites them; `npm run generate -- --check` fails when one is out of date.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { writeOrCheckGenerated } from './generated-file.ts';
import { CONFIG_FILE_KINDS, collectsPerFile } from '../src/checker/config-files.ts';

const root = join(import.meta.dirname, '..');
const schemasDir = join(root, 'schemas');
const sectionsDir = join(root, 'src/sections');
const typesFile = join(root, 'src/generated/config-types.ts');
const pageSchemaFile = join(schemasDir, 'page.schema.json');
const COMMAND = 'npm run generate';

const HEADER = `/* eslint-disable */
/**
 * GENERATED from the JSON Schemas in schemas/. Do not edit by hand:
 * change the schema, then run \`npm run generate\`. \`npm test\` fails when this file is out of date.
 */`;

/**
 * A schema file as the type generator should see it. A "$ref" to a titled definition (Action, Platform) with a
 * description beside it would become a new type (Action1, Action2, ...) for every description; those lose the
 * description. A "$ref" to plain text keeps it, so the property's comment says what that text is for.
 */
function readSchemaForTypes(url: string): string {
  const path = url.startsWith('file:') ? fileURLToPath(url) : decodeURIComponent(url);
  // The page schema as it is about to be written, so a check compares types made from the folders as they are.
  if (path === pageSchemaFile) return pageSchema;
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
    [...new Set(CONFIG_FILE_KINDS.map((kind) => kind.schema))].map((schema) => [
      schema.replace(/\.schema\.json$/, ''),
      { $ref: schema },
    ]),
  );
  const body = await compile(
    { title: 'ConfigFiles', type: 'object', additionalProperties: false, properties },
    'ConfigFiles',
    {
      cwd: schemasDir,
      bannerComment: HEADER,
      additionalProperties: false,
      unreachableDefinitions: false,
      style: { singleQuote: true, printWidth: 120 },
      $refOptions: {
        resolve: { file: { order: 1, canRead: true, read: (file: { url: string }) => readSchemaForTypes(file.url) } },
      },
    },
  );
  return `${body}${siteCollections()}`;
}

/**
 * The collections the renderer receives (SiteConfig), by the names CONFIG_FILE_KINDS gives them, each typed by its
 * file's schema: a new collection is its entry there and its schema, and sections can select it at once.
 */
function siteCollections(): string {
  const members: string[] = [];
  const lists: string[] = [];
  for (const kind of CONFIG_FILE_KINDS) {
    const file = `NonNullable<ConfigFiles['${kind.schema.replace(/\.schema\.json$/, '')}']>`;
    const where = `From config/${kind.orFolder ? `${kind.pattern} or config/${kind.orFolder}` : kind.pattern}`;
    if (kind.list) {
      lists.push(`'${kind.list}'`);
      members.push(`  /** ${where}. */\n  readonly ${kind.list}: readonly ${file}['${kind.list}'][number][];`);
    }
    for (const [name, field] of Object.entries(kind.collects ?? {})) {
      const list = `readonly NonNullable<${file}['${field}']>[number][]`;
      members.push(
        collectsPerFile(kind)
          ? `  /** ${where}: "${field}" of each file, by the file's name. */\n  readonly ${name}: Readonly<Record<string, ${list}>>;`
          : `  /** ${where}: its "${field}". */\n  readonly ${name}: ${list};`,
      );
    }
  }
  return `
/** The collections the renderer receives, as src/checker/config-files.ts names them (CONFIG_FILE_KINDS). */
export interface SiteCollections {
${members.join('\n')}
}
/** The collections that are a list of entries, in one file or a folder of one file per entry. */
export type ListCollection = ${lists.join(' | ')};
`;
}

/** A section type's name as a variable: "call-to-action" reads callToAction. */
const camel = (type: string) => type.replace(/-(.)/g, (_dash, letter: string) => letter.toUpperCase());

/**
 * The kinds of section: one schema per kind in schemas/sections/, named after its "type", and one folder per kind in
 * src/sections/ with its definition.ts (data.ts when it shows collections, behaviour.ts when it answers the visitor
 * with no framework, first-answer.ts when a React island answers before React attaches). Stops in words when the two differ.
 */
function sectionTypes(): { types: string[]; withData: string[]; withBehaviour: string[]; withFirstAnswer: string[] } {
  const problems: string[] = [];
  const types = readdirSync(join(schemasDir, 'sections'))
    .filter((file) => file.endsWith('.schema.json'))
    .map((file) => file.slice(0, -'.schema.json'.length))
    .sort();
  for (const type of types) {
    const schema = JSON.parse(readFileSync(join(schemasDir, 'sections', `${type}.schema.json`), 'utf8')) as {
      properties?: { type?: { const?: unknown } };
    };
    if (schema.properties?.type?.const !== type) {
      problems.push(
        `schemas/sections/${type}.schema.json: its "type" should be { "const": ${JSON.stringify(type)} }, the file's name.`,
      );
    }
    if (!existsSync(join(sectionsDir, type, 'definition.ts'))) {
      problems.push(
        `schemas/sections/${type}.schema.json has no src/sections/${type}/definition.ts. Add the folder (README: "A new section type").`,
      );
    }
  }
  for (const folder of readdirSync(sectionsDir, { withFileTypes: true })) {
    if (folder.isDirectory() && !types.includes(folder.name)) {
      problems.push(
        `src/sections/${folder.name}/ has no schemas/sections/${folder.name}.schema.json. Add its schema, or rename the folder after its "type".`,
      );
    }
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  const withFile = (file: string) => types.filter((type) => existsSync(join(sectionsDir, type, file)));
  return {
    types,
    withData: withFile('data.ts'),
    withBehaviour: withFile('behaviour.ts'),
    withFirstAnswer: withFile('first-answer.ts'),
  };
}

const { types, withData, withBehaviour, withFirstAnswer } = sectionTypes();
const GENERATED =
  '// GENERATED by `npm run generate` from the folders in src/sections/. Do not edit: add or remove a folder instead.';

/**
 * The page schema with its list of section kinds written from schemas/sections/. The list stays inside the page schema
 * rather than behind a "$ref" to a file of its own: Ajv then reports thousands of wrong sections in linear time.
 */
const pageSchema = withSectionKinds(readFileSync(pageSchemaFile, 'utf8'), types);

/** The page schema's text with its list of section kinds replaced, one kind a line, the rest of the file as written. */
function withSectionKinds(text: string, kinds: readonly string[]): string {
  const list = findNodeAtLocation(parseTree(text)!, ['properties', 'sections', 'items', 'oneOf'])!;
  const indent = ' '.repeat(list.offset - text.lastIndexOf('\n', list.offset) - 1 - '"oneOf": '.length);
  const entries = kinds.map((kind) => `${indent}  { "$ref": "sections/${kind}.schema.json" }`).join(',\n');
  return `${text.slice(0, list.offset)}[\n${entries}\n${indent}]${text.slice(list.offset + list.length)}`;
}

const sectionDefinitions = `${GENERATED}
import type { SectionDefinition, SectionType } from '../sections/section-definition.ts';
${types.map((type) => `import { definition as ${camel(type)} } from '../sections/${type}/definition.ts';`).join('\n')}

/** Each section type's definition (src/sections/<type>/definition.ts). */
export const SECTION_DEFINITIONS: { readonly [T in SectionType]: SectionDefinition<T> } = {
${types.map((type) => `  '${type}': ${camel(type)},`).join('\n')}
};
`;

const sectionData = `${GENERATED}
import type { SectionType, SelectData } from '../sections/section-types.ts';
${withData.map((type) => `import { selectData as ${camel(type)} } from '../sections/${type}/data.ts';`).join('\n')}

/**
 * What each section type shows from the collections, chosen at build time (src/sections/<type>/data.ts); none when
 * absent.
 */
export const SECTION_DATA: { readonly [T in SectionType]?: SelectData<T> } = {
${withData.map((type) => `  '${type}': ${camel(type)},`).join('\n')}
};
`;

const sectionBehaviours = `${GENERATED}
import type { SectionBehaviour, SectionType } from '../sections/section-types.ts';

/**
 * The sections that answer the visitor with no framework, each with its behaviour (src/sections/<type>/behaviour.ts),
 * loaded only by a page that shows one.
 */
export const SECTION_BEHAVIOURS: { readonly [T in SectionType]?: () => Promise<SectionBehaviour> } = {
${withBehaviour.map((type) => `  '${type}': () => import('../sections/${type}/behaviour.ts').then((module) => module.behaviour),`).join('\n')}
};
`;

const sectionFirstAnswers = `${GENERATED}
import type { SectionFirstAnswer, SectionType } from '../sections/section-types.ts';

/**
 * The React islands that answer a visitor before React has attached, each with its first answer
 * (src/sections/<type>/first-answer.ts), loaded only by a page that shows one.
 */
export const SECTION_FIRST_ANSWERS: { readonly [T in SectionType]?: () => Promise<SectionFirstAnswer<T>> } = {
${withFirstAnswer.map((type) => `  '${type}': () => import('../sections/${type}/first-answer.ts').then((module) => module.firstAnswer),`).join('\n')}
};
`;

writeOrCheckGenerated(pageSchemaFile, pageSchema, COMMAND, 'schemas/sections/');
writeOrCheckGenerated(typesFile, await generate(), COMMAND);
writeOrCheckGenerated(join(root, 'src/generated/sections.ts'), sectionDefinitions, COMMAND, 'src/sections/');
writeOrCheckGenerated(join(root, 'src/generated/section-data.ts'), sectionData, COMMAND, 'src/sections/');
writeOrCheckGenerated(join(root, 'src/generated/section-behaviours.ts'), sectionBehaviours, COMMAND, 'src/sections/');
writeOrCheckGenerated(
  join(root, 'src/generated/section-first-answers.ts'),
  sectionFirstAnswers,
  COMMAND,
  'src/sections/',
);
