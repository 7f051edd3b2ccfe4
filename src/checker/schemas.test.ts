import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE_KINDS } from './config-files.ts';
import { SCHEMA_KEYWORDS } from '../content/schema-keywords.ts';
import { schemaValidatorFor, sectionTypesOf } from './schema-registry.ts';
import { readSchemas } from './read-config-files.ts';

const schemas = readSchemas(join(import.meta.dirname, '../../schemas'));

/** Every (path, schema) below a schema, following properties, items, $defs and the like. */
function* walk(node: unknown, path: string): Generator<[string, Record<string, unknown>]> {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  const schema = node as Record<string, unknown>;
  yield [path, schema];
  for (const key of ['properties', '$defs'] as const) {
    for (const [name, child] of Object.entries((schema[key] as Record<string, unknown> | undefined) ?? {}))
      yield* walk(child, `${path}/${key}/${name}`);
  }
  for (const key of ['items', 'additionalProperties', 'propertyNames'] as const)
    yield* walk(schema[key], `${path}/${key}`);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    ((schema[key] as unknown[] | undefined) ?? []).forEach((child, index) => walk(child, `${path}/${key}/${index}`));
  }
}

describe('the schemas, as authors meet them', () => {
  it('compile together, with every $ref resolved', () => {
    const validator = schemaValidatorFor(schemas);
    const everythingExists = {
      checkInternalLink: () => undefined,
      checkAsset: () => undefined,
      checkFileKind: () => undefined,
      cautionForFile: () => undefined,
    };
    for (const kind of CONFIG_FILE_KINDS)
      expect(() => validator.validate(kind.schema, {}, everythingExists)).not.toThrow();
  });

  it('describe every property in words a non-developer can follow', () => {
    const undescribed: string[] = [];
    for (const [file, schema] of schemas) {
      for (const [path, node] of walk(schema, file)) {
        for (const [name, property] of Object.entries(
          (node.properties as Record<string, Record<string, unknown>> | undefined) ?? {},
        )) {
          if (typeof property.description !== 'string' || property.description.length < 10)
            undescribed.push(`${path}/properties/${name}`);
        }
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('reject unknown keys in every object, so a misspelt key is reported', () => {
    const open: string[] = [];
    for (const [file, schema] of schemas) {
      for (const [path, node] of walk(schema, file)) {
        if (node.type === 'object' && node.properties && node.additionalProperties === undefined) open.push(path);
      }
    }
    expect(open).toEqual([]);
  });

  it('explain every pattern in plain words', () => {
    const unexplained: string[] = [];
    for (const [file, schema] of schemas) {
      for (const [path, node] of walk(schema, file)) {
        if (typeof node.pattern === 'string' && typeof node.patternErrorMessage !== 'string') unexplained.push(path);
      }
    }
    expect(unexplained).toEqual([]);
  });

  it('offer a page every section schema, each named after its type', () => {
    const page = schemas.get('page.schema.json')!;
    const listed = (page.properties as { sections: { items: { oneOf: { $ref: string }[] } } }).sections.items.oneOf.map(
      (entry) => entry.$ref,
    );
    const files = [...schemas.keys()].filter((path) => path.startsWith('sections/')).sort();
    expect(listed).toEqual(files);
    expect(sectionTypesOf(schemas).map((type) => `sections/${type}.schema.json`)).toEqual(files);
  });
});

describe("the project's own schema keywords", () => {
  it('are each declared once, in src/content/schema-keywords.ts, and each declared one is used', () => {
    const used = new Set<string>();
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key.startsWith('x-')) used.add(key);
          // Examples and ready-made blocks hold config, not schema.
          if (key !== 'examples' && key !== 'defaultSnippets' && key !== 'default') collect(value);
        }
      }
    };
    for (const schema of schemas.values()) collect(schema);
    expect([...used].sort()).toEqual(Object.keys(SCHEMA_KEYWORDS).sort());
  });
});
