import type { ErrorObject, SchemaValidateFunction } from 'ajv';
import Ajv2020, { type AnySchemaObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FileKind } from '../content/file-formats.ts';
import { markdownProblem, type MarkdownKind } from '../content/markdown.ts';
import { keywordsChecked } from '../content/schema-keywords.ts';

/**
 * Keywords that only editors read (VS Code); the validator accepts them and uses patternErrorMessage in its own
 * messages.
 */
export const EDITOR_KEYWORDS = [
  'patternErrorMessage',
  'enumDescriptions',
  'markdownDescription',
  'markdownEnumDescriptions',
  'defaultSnippets',
];

/**
 * Keywords of this project that describe a value without checking it (src/content/schema-keywords.ts says what each
 * means).
 */
export const ANNOTATION_KEYWORDS: readonly string[] = keywordsChecked('annotation');

/**
 * The placeholders the page fills in, by where they may be written (a JSON pointer into the file, such as
 * /sections/1/countOther): a field's "x-placeholders", and a section's "x-page-placeholders", which its page's title
 * and description may use. Recorded while a file is validated, for the placeholder check that follows.
 */
export type PagePlaceholders = ReadonlyMap<string, readonly string[]>;

/** The path of `target` (such as ../shared.schema.json) read from beside `file`, both under schemas/. */
function besideFile(file: string, target: string): string {
  const parts = file.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** A schema and the file under schemas/ it is written in, which its relative "$ref"s start from. */
export interface LocatedSchema {
  readonly schema: AnySchemaObject;
  readonly file: string;
}

/**
 * Follows a "$ref" (and the "$ref"s it leads to), keeping what is written beside it: a field's own description wins
 * over the shared definition's, as JSON Schema 2020-12 reads it.
 */
export function resolveRef(
  schemas: ReadonlyMap<string, AnySchemaObject>,
  { schema, file }: LocatedSchema,
): LocatedSchema {
  if (typeof schema.$ref !== 'string') return { schema, file };
  const [target = '', pointer = ''] = schema.$ref.split('#');
  const targetFile = target ? besideFile(file, target) : file;
  const document = schemas.get(targetFile);
  if (!document) throw new Error(`${file}: cannot resolve ${schema.$ref}`);
  const found = pointer
    .split('/')
    .filter(Boolean)
    .reduce<AnySchemaObject>((node, key) => node[key] as AnySchemaObject, document);
  const { $ref: _ref, ...beside } = schema;
  return resolveRef(schemas, { schema: { ...found, ...beside }, file: targetFile });
}

export type { FileKind } from '../content/file-formats.ts';

/** Checks that need to know the rest of the site: which pages exist and which files are in public/. */
export interface SiteAwareChecks {
  /** An error sentence for a link to a page of this site, or undefined when the page exists. */
  checkInternalLink(path: string): string | undefined;
  /** An error sentence for a file path, or undefined when the file is in public/. */
  checkAsset(path: string): string | undefined;
  /** An error sentence for a file in public/ that is not the kind its field needs, or undefined when it is. */
  checkFileKind(path: string, kind: FileKind): string | undefined;
  /**
   * A warning for a file in public/ its field takes but would rather have otherwise (a huge original), or undefined.
   */
  cautionForFile(path: string, kind: FileKind): string | undefined;
}

/** A warning the schema's checks found in a value, at its JSON pointer. */
export interface Caution {
  readonly pointer: string;
  readonly message: string;
}

/** Validates config data against the schemas, with the checks of one site. */
export interface SchemaValidator {
  /**
   * Ajv's errors for `data` against one schema (by its path relative to schemas/), none when it is valid, and the
   * page-filled placeholders its schema allows where.
   */
  validate(
    schemaPath: string,
    data: unknown,
    checks: SiteAwareChecks,
  ): { errors: readonly ErrorObject[]; pagePlaceholders: PagePlaceholders; cautions: readonly Caution[] };
}

const SCHEMA_BASE = 'file:///schemas/';

// Compiling every schema takes a few hundred milliseconds; a dev server or a test run reuses the compiled set
// for as long as the schemas stay the same.
const compiled = new Map<string, SchemaValidator>();

/** A validator for a set of schemas, compiled once per distinct set. */
export function schemaValidatorFor(schemas: ReadonlyMap<string, AnySchemaObject>): SchemaValidator {
  const fingerprint = JSON.stringify([...schemas]);
  let validator = compiled.get(fingerprint);
  if (!validator) {
    validator = createSchemaValidator(schemas);
    compiled.clear();
    compiled.set(fingerprint, validator);
  }
  return validator;
}

/**
 * An Ajv instance that knows every schema and the site-aware keywords "x-internal-link", "x-markdown", "x-asset" and
 * "x-file-kind".
 */
function createSchemaValidator(schemas: ReadonlyMap<string, AnySchemaObject>): SchemaValidator {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    discriminator: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
  });
  addFormats(ajv, ['email']);
  ajv.addVocabulary([...EDITOR_KEYWORDS, ...ANNOTATION_KEYWORDS]);
  // The site being checked; set for the length of one synchronous validate call.
  let site: SiteAwareChecks | undefined;
  const siteKeyword = (
    keyword: string,
    schemaType: 'boolean' | 'string',
    check: (value: string, schema: unknown, instancePath: string) => string | undefined,
  ) => {
    const validate: SchemaValidateFunction = (
      schema: unknown,
      value: string,
      _parent?: unknown,
      where?: { instancePath: string },
    ) => {
      const problem = check(value, schema, where?.instancePath ?? '');
      // Ajv adds where the value is; the message is the sentence the author reads after the value.
      validate.errors = problem ? [{ keyword, message: problem, params: {} }] : [];
      return problem === undefined;
    };
    ajv.addKeyword({ keyword, type: 'string', schemaType, errors: true, validate });
  };
  siteKeyword('x-internal-link', 'boolean', (value) =>
    /^(https?:|mailto:|tel:)/.test(value) ? undefined : site!.checkInternalLink(value),
  );
  // Formatted text: what its kind takes, no HTML, links only where the site can go.
  siteKeyword('x-markdown', 'string', (value, kind) =>
    markdownProblem(value, kind as MarkdownKind, (path) => site!.checkInternalLink(path)),
  );
  siteKeyword('x-asset', 'boolean', (value) => site!.checkAsset(value));
  // A file its field takes may still come with a warning (a huge original), noted for the length of one validate call.
  let cautions: Caution[] = [];
  siteKeyword('x-file-kind', 'string', (value, kind, instancePath) => {
    if (!value.startsWith('/') || site!.checkAsset(value)) return undefined;
    const problem = site!.checkFileKind(value, kind as FileKind);
    const caution = problem ? undefined : site!.cautionForFile(value, kind as FileKind);
    if (caution) cautions.push({ pointer: instancePath, message: `${JSON.stringify(value)} ${caution}` });
    return problem;
  });
  // Where page-filled placeholders may be written, noted for the length of one validate call.
  let placeholders = new Map<string, string[]>();
  const note = (pointer: string, names: readonly string[]) =>
    placeholders.set(pointer, [...(placeholders.get(pointer) ?? []), ...names]);
  ajv.addKeyword({
    keyword: 'x-placeholders',
    schemaType: 'array',
    validate: (names: string[], _data: unknown, _schema: unknown, where?: { instancePath: string }) => (
      note(where!.instancePath, names),
      true
    ),
  });
  ajv.addKeyword({
    keyword: 'x-page-placeholders',
    schemaType: 'array',
    validate: (names: string[]) => {
      for (const field of ['/title', '/description']) note(field, names);
      return true;
    },
  });
  // Every keyword the table says the checker checks or notes is one it knows how to.
  for (const keyword of [...keywordsChecked('check'), ...keywordsChecked('note')]) {
    if (!ajv.getKeyword(keyword))
      throw new Error(
        `schema-keywords.ts says the checker reads ${keyword}, but schema-registry.ts does not implement it.`,
      );
  }
  for (const [path, schema] of schemas) ajv.addSchema(schema, SCHEMA_BASE + path);
  const validators = new Map<string, ValidateFunction>();
  return {
    validate(schemaPath, data, checks) {
      let validate = validators.get(schemaPath);
      if (!validate) {
        validate = ajv.getSchema(SCHEMA_BASE + schemaPath);
        if (!validate) throw new Error(`No schema at schemas/${schemaPath}`);
        validators.set(schemaPath, validate);
      }
      site = checks;
      placeholders = new Map();
      cautions = [];
      try {
        const errors = validate(data) ? [] : [...(validate.errors ?? [])];
        return { errors, pagePlaceholders: placeholders, cautions };
      } finally {
        site = undefined;
      }
    },
  };
}

/** The section types the page schema allows, from each section schema's "type" constant. */
export function sectionTypesOf(schemas: ReadonlyMap<string, AnySchemaObject>): string[] {
  const types: string[] = [];
  for (const [path, schema] of schemas) {
    const constant = (schema.properties as Record<string, { const?: unknown }> | undefined)?.type?.const;
    if (path.startsWith('sections/') && typeof constant === 'string') types.push(constant);
  }
  return types.sort();
}

/** The section types that show a page's main heading (an h1), marked "x-main-heading" in their schemas. */
export function mainHeadingSectionTypes(schemas: ReadonlyMap<string, AnySchemaObject>): string[] {
  const types: string[] = [];
  for (const [path, schema] of schemas) {
    const constant = (schema.properties as Record<string, { const?: unknown }> | undefined)?.type?.const;
    if (path.startsWith('sections/') && schema['x-main-heading'] === true && typeof constant === 'string')
      types.push(constant);
  }
  return types.sort();
}
