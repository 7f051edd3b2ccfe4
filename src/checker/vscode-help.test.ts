/**
 * What an author sees in VS Code, through VS Code's own JSON language service (the code behind its hover, completion
 * and red underlines), with the schemas found from each file's "$schema" as VS Code finds them: every field's own
 * help on hover, the allowed values offered as completions, and underlines that agree with npm run validate.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnySchemaObject } from 'ajv';
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { getLanguageService, type JSONDocument, type LanguageService } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { readConfigFolder } from './read-config-files.ts';
import { resolveRef, sectionTypesOf, type LocatedSchema } from './schema-registry.ts';
import { readSchemas } from './read-config-files.ts';
import { applyEdits, copyOfSpecSite, validateEditedSite, VALID_SITE, type ConfigEdit } from '../testing/edited-site.ts';
import { LIVE_SITE_DIR } from '../testing/sites.ts';

const schemas = readSchemas(join(LIVE_SITE_DIR, 'schemas'));
let service: LanguageService;

beforeAll(() => {
  service = getLanguageService({
    schemaRequestService: async (uri) => readFileSync(fileURLToPath(uri), 'utf8'),
    workspaceContext: { resolveRelativePath: (path, resource) => new URL(path, resource).href },
  });
  service.configure({ validate: true, allowComments: false });
});

/** A config file as VS Code opens it: in the project's config/, where its "$schema" leads to schemas/. */
function open(relativePath: string, text: string): { document: TextDocument; json: JSONDocument } {
  const document = TextDocument.create(
    pathToFileURL(join(LIVE_SITE_DIR, 'config', relativePath)).href,
    'json',
    1,
    text,
  );
  return { document, json: service.parseJSONDocument(document) };
}

/** The config files of a site, by their path under config/. */
function configTexts(root: string): [string, string][] {
  return readConfigFolder(join(root, 'config')).files.map((file) => [file.path, file.text]);
}

/** Which kind of one of (a section by its "type", a delivery by its "method") a value is. */
function kindOf({ schema, file }: LocatedSchema, value: unknown): LocatedSchema {
  const name = (schema.discriminator as { propertyName?: string } | undefined)?.propertyName;
  if (!name || !Array.isArray(schema.oneOf) || !value || typeof value !== 'object') return { schema, file };
  const wanted = (value as Record<string, unknown>)[name];
  for (const option of schema.oneOf as AnySchemaObject[]) {
    const kind = resolveRef(schemas, { schema: option, file });
    if ((kind.schema.properties as Record<string, AnySchemaObject> | undefined)?.[name]?.const === wanted) return kind;
  }
  return { schema, file };
}

/** The schema of the value at `path` in a file, as JSON Schema reads it: a field's own words beside a "$ref" win. */
function schemaAt(root: LocatedSchema, data: unknown, path: readonly (string | number)[]): LocatedSchema | undefined {
  let here = resolveRef(schemas, root);
  let value = data;
  for (const key of path) {
    const { schema, file } = kindOf(here, value);
    const next =
      typeof key === 'number'
        ? (schema.items as AnySchemaObject | undefined)
        : ((schema.properties as Record<string, AnySchemaObject> | undefined)?.[key] ??
          (typeof schema.additionalProperties === 'object'
            ? (schema.additionalProperties as AnySchemaObject)
            : undefined));
    if (!next) return undefined;
    here = resolveRef(schemas, { schema: next, file });
    value = (value as Record<string | number, unknown> | undefined)?.[key];
  }
  return here;
}

/** Every property of a JSON tree, with its path and the offset of its key. */
function propertiesOf(
  node: Node,
  path: (string | number)[] = [],
): { path: (string | number)[]; keyOffset: number; valueNode: Node }[] {
  if (node.type === 'array')
    return (node.children ?? []).flatMap((child, index) => propertiesOf(child, [...path, index]));
  if (node.type !== 'object') return [];
  return (node.children ?? []).flatMap((property) => {
    const [key, value] = property.children ?? [];
    if (!key || !value) return [];
    const at = [...path, key.value as string];
    return [{ path: at, keyOffset: key.offset, valueNode: value }, ...propertiesOf(value, at)];
  });
}

/** The text of a hover, without Markdown's escapes. */
const hoverText = (contents: unknown): string =>
  (Array.isArray(contents) ? contents : [contents])
    .map((part) => (typeof part === 'string' ? part : ((part as { value?: string }).value ?? '')))
    .join('\n')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1');

const schemaOfFile = (data: unknown) =>
  String((data as { $schema?: string }).$schema ?? '').replace(/^(\.\.\/)+schemas\//, '');

describe('VS Code on the config files', () => {
  it("shows each field's own description on hover, in every file of every kind", async () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const [path, text] of configTexts(VALID_SITE)) {
      const { document, json } = open(path, text);
      const data = JSON.parse(text) as unknown;
      const root = { schema: schemas.get(schemaOfFile(data))!, file: schemaOfFile(data) };
      expect(root.schema, path).toBeDefined();
      for (const property of propertiesOf(parseTree(text)!)) {
        const own = schemaAt(root, data, property.path)?.schema;
        const expected = own?.markdownDescription ?? own?.description;
        // Inside a form's own "schema", the values are a form's fields, described by their kind alone.
        if (typeof expected !== 'string') continue;
        const hover = await service.doHover(document, document.positionAt(property.keyOffset + 1), json);
        checked++;
        const shown = hoverText(hover?.contents ?? '');
        if (!shown.includes(expected))
          wrong.push(
            `${path} ${property.path.join('.')}: shows ${JSON.stringify(shown)}, not ${JSON.stringify(expected)}`,
          );
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  }, 60_000);

  it('offers the allowed values of a field as completions, wherever one is written', async () => {
    const cases: { file: string; path: (string | number)[]; allowed: readonly unknown[] }[] = [];
    for (const [path, text] of configTexts(VALID_SITE)) {
      const data = JSON.parse(text) as unknown;
      const root = { schema: schemas.get(schemaOfFile(data))!, file: schemaOfFile(data) };
      const seen = new Set<string>();
      for (const property of propertiesOf(parseTree(text)!)) {
        const own = schemaAt(root, data, property.path)?.schema;
        const key = `${path}:${property.path.filter((segment) => typeof segment === 'string').join('.')}`;
        if (seen.has(key) || property.valueNode.type !== 'string') continue;
        if (!Array.isArray(own?.enum)) continue;
        cases.push({ file: path, path: property.path, allowed: own.enum as unknown[] });
        seen.add(key);
      }
    }
    expect(cases.map((entry) => entry.path.at(-1))).toEqual(expect.arrayContaining(['platform', 'niche', 'category']));
    for (const { file, path, allowed } of cases) {
      const text = Object.fromEntries(configTexts(VALID_SITE))[file]!;
      const { document, json } = open(file, text);
      const value = findNodeAtLocation(parseTree(text)!, path)!;
      const list = await service.doComplete(document, document.positionAt(value.offset + 1), json);
      const offered = (list?.items ?? []).map((item) => item.label);
      expect(offered, `${file} ${path.join('.')}`).toEqual(
        expect.arrayContaining(allowed.map((entry) => JSON.stringify(entry))),
      );
    }
  }, 60_000);

  it('offers every kind of section for a new section of a page', async () => {
    const [file, text] = configTexts(VALID_SITE).find(([path]) => path.startsWith('pages/'))!;
    const withNew = text.replace('"sections": [', '"sections": [\n    { "type": "" },');
    const { document, json } = open(file, withNew);
    const list = await service.doComplete(
      document,
      document.positionAt(withNew.indexOf('{ "type": "" }') + '{ "type": "'.length),
      json,
    );
    expect((list?.items ?? []).map((item) => item.label).sort()).toEqual(
      sectionTypesOf(schemas).map((type) => JSON.stringify(type)),
    );
  });

  it('underlines nothing in the committed config, which npm run validate accepts', async () => {
    const underlined: string[] = [];
    for (const [path, text] of configTexts(LIVE_SITE_DIR)) {
      const { document, json } = open(path, text);
      for (const diagnostic of await service.doValidation(document, json))
        underlined.push(`${path}:${diagnostic.range.start.line + 1} ${diagnostic.message}`);
    }
    expect(underlined).toEqual([]);
  });

  const MISTAKES: { name: string; edit: Extract<ConfigEdit, { replace: unknown }> }[] = [
    { name: 'a number in quotes', edit: { file: 'collections/influencers.json', replace: ['"id": 2,', '"id": "2",'] } },
    {
      name: 'a misspelt platform',
      edit: { file: 'collections/influencers.json', replace: ['"platform": "instagram"', '"platform": "instagramm"'] },
    },
    {
      name: 'an unknown field',
      edit: { file: 'site.json', replace: ['"language": "en",', '"language": "en",\n  "favouriteColour": "purple",'] },
    },
    {
      name: 'a misspelt section kind',
      edit: { file: 'pages/about.json', replace: ['"type": "story"', '"type": "stroy"'] },
    },
    {
      name: 'an emptied heading',
      edit: { file: 'pages/about.json', replace: ['"heading": "Our Story"', '"heading": ""'] },
    },
    {
      name: 'a page address without its /',
      edit: { file: 'pages/about.json', replace: ['"route": "/about"', '"route": "about"'] },
    },
  ];

  it.each(MISTAKES)('underlines $name on the line npm run validate names', async ({ edit }) => {
    const expected = validateEditedSite([edit]).problems.filter((problem) => problem.file === `config/${edit.file}`);
    expect(expected.length).toBeGreaterThan(0);
    const { root, remove } = copyOfSpecSite();
    try {
      applyEdits(root, [edit]);
      const text = readFileSync(join(root, 'config', edit.file), 'utf8');
      const { document, json } = open(edit.file, text);
      const lines = new Set(
        (await service.doValidation(document, json)).map((diagnostic) => diagnostic.range.start.line + 1),
      );
      for (const problem of expected)
        expect([...lines], `${problem.file}:${problem.position.line} ${problem.message}`).toContain(
          problem.position.line,
        );
    } finally {
      remove();
    }
  });
});
