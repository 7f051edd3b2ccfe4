import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { SchemaValidateFunction } from 'ajv';
import Ajv2020, { type AnySchemaObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** Keywords that only editors read (VS Code); the validator accepts them and uses patternErrorMessage in its own messages. */
export const EDITOR_KEYWORDS = ['patternErrorMessage', 'enumDescriptions', 'markdownDescription', 'markdownEnumDescriptions', 'defaultSnippets'];

/** Every schema under schemas/, by its path relative to that folder (forward slashes). */
export function readSchemas(schemasDir: string): Map<string, AnySchemaObject> {
  const schemas = new Map<string, AnySchemaObject>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.schema.json')) {
        schemas.set(relative(schemasDir, full).split(sep).join('/'), JSON.parse(readFileSync(full, 'utf8')) as AnySchemaObject);
      }
    }
  };
  walk(schemasDir);
  return schemas;
}

/** Checks that need to know the rest of the site: which pages exist and which files are in public/. */
export interface SiteAwareChecks {
  /** An error sentence for a link to a page of this site, or undefined when the page exists. */
  checkInternalLink(path: string): string | undefined;
  /** An error sentence for a file path, or undefined when the file is in public/. */
  checkAsset(path: string): string | undefined;
}

const SCHEMA_BASE = 'file:///schemas/';

/** An Ajv instance that knows every schema and the site-aware keywords "x-internal-link" and "x-asset". */
export function createSchemaValidator(schemas: Map<string, AnySchemaObject>, checks: SiteAwareChecks) {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, discriminator: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats(ajv, ['email']);
  ajv.addVocabulary(EDITOR_KEYWORDS);
  const siteKeyword = (keyword: string, check: (value: string) => string | undefined) => {
    const validate: SchemaValidateFunction = (_enabled: boolean, value: string) => {
      const problem = check(value);
      // Ajv adds where the value is; the message is the sentence the author reads after the value.
      validate.errors = problem ? [{ keyword, message: problem, params: {} }] : [];
      return problem === undefined;
    };
    ajv.addKeyword({ keyword, type: 'string', schemaType: 'boolean', errors: true, validate });
  };
  siteKeyword('x-internal-link', (value) => (value.startsWith('/') ? checks.checkInternalLink(value) : undefined));
  siteKeyword('x-asset', (value) => (value.startsWith('/') ? checks.checkAsset(value) : undefined));
  for (const [path, schema] of schemas) ajv.addSchema(schema, SCHEMA_BASE + path);
  return {
    /** The validate function of one schema, by its path relative to schemas/. */
    validatorFor(schemaPath: string): ValidateFunction {
      const validate = ajv.getSchema(SCHEMA_BASE + schemaPath);
      if (!validate) throw new Error(`No schema at schemas/${schemaPath}`);
      return validate;
    },
  };
}

/** The section types the page schema allows, from each section schema's "type" constant. */
export function sectionTypesOf(schemas: Map<string, AnySchemaObject>): string[] {
  const types: string[] = [];
  for (const [path, schema] of schemas) {
    const constant = (schema.properties as Record<string, { const?: unknown }> | undefined)?.type?.const;
    if (path.startsWith('sections/') && typeof constant === 'string') types.push(constant);
  }
  return types.sort();
}
