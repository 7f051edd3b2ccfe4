/**
 * GitHub's own description of its API, as the stand-ins are held to it: each REST request's endpoint, query and body,
 * and each answer's status and body, against the JSON schemas of github-api-schemas.json (made from GitHub's OpenAPI
 * description by scripts/github-api-schemas.ts); each GraphQL request's document and variables against GitHub's
 * GraphQL schema (@octokit/graphql-schema). Each check gives the mismatches in words, none when GitHub would take or
 * give the same. Node only: the GraphQL schema is large, and never goes to a browser.
 */
import { readFileSync } from 'node:fs';
import { schema as graphqlSchema, validate as validateGraphql } from '@octokit/graphql-schema';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { buildClientSchema, getVariableValues, Kind, parse, type OperationDefinitionNode } from 'graphql';

/** One REST endpoint as the schemas file has it: null where GitHub's description gives no JSON. */
interface Endpoint {
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  readonly query: object;
  readonly requestBody: object | null;
  readonly responses: Record<string, object | null>;
}

interface SchemasFile {
  readonly source: { readonly package: string; readonly version: string; readonly api: string };
  readonly operations: readonly Endpoint[];
  readonly components: object;
}

const file = JSON.parse(readFileSync(new URL('./github-api-schemas.json', import.meta.url), 'utf8')) as SchemasFile;

/** Where the schemas came from, as "@octokit/openapi 23.0.1 (api.github.com)". */
export const DESCRIBED_BY = `${file.source.package} ${file.source.version} (${file.source.api})`;

/**
 * Answers GitHub gives to any request, described or not for the endpoint: bad credentials, no permission or the rate
 * limit, a repository it does not show, its own failures. Each has GitHub's basic error as its body.
 */
const ANY_ENDPOINT = new Set(['401', '403', '404', '429', '500', '502', '503']);

/** A schema with `change` made to each schema in it, inner ones first (the names under "properties" are not schemas). */
function eachSchema(schema: unknown, change: (schema: Record<string, unknown>) => unknown): unknown {
  if (Array.isArray(schema)) return schema.map((item) => eachSchema(item, change));
  if (!schema || typeof schema !== 'object') return schema;
  const inner = (value: unknown) => eachSchema(value, change);
  return change(
    Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [
        key,
        key === 'properties'
          ? Object.fromEntries(Object.entries(value as object).map(([name, child]) => [name, inner(child)]))
          : inner(value),
      ]),
    ),
  );
}

/**
 * A request body as the stand-in holds it: GitHub's schema, with no field it does not name. GitHub passes over a field
 * it does not know, so a misspelt one ("parent" for "parents") would do nothing, and say nothing.
 */
const closed = (schema: Record<string, unknown>) =>
  schema.properties && schema.additionalProperties === undefined ? { ...schema, additionalProperties: false } : schema;

/**
 * OpenAPI 3.0's "nullable" as JSON Schema says it: a value that may also be null. Ajv takes "nullable" only beside a
 * "type", and an "enum" beside it must then name null too.
 */
function withNull(schema: Record<string, unknown>): unknown {
  if (schema.nullable !== true) return schema;
  const { nullable: _nullable, ...value } = schema;
  if (Array.isArray(value.enum) && !value.enum.includes(null)) value.enum = [...value.enum, null];
  return value.type === undefined ? { anyOf: [{ type: 'null' }, value] } : { ...value, nullable: true };
}

const described = eachSchema(
  {
    operations: file.operations.map((endpoint) => ({
      ...endpoint,
      requestBody: eachSchema(endpoint.requestBody, closed),
    })),
    components: file.components,
  },
  withNull,
) as object;

// GitHub's description is OpenAPI 3.0, with keywords Ajv does not know, which it leaves alone.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
// GitHub gives "" for an address it was not given (a deployment's log_url), where its description says "uri".
ajv.addFormat('uri', (text: string) => text === '' || URL.canParse(text));
ajv.addSchema({ ...described, $id: 'github' });
const compiled = new Map<string, ValidateFunction>();

/** The schema at a place in the file (an endpoint's body, query or answer, by its index), compiled once. */
function validatorAt(pointer: string): ValidateFunction {
  let found = compiled.get(pointer);
  if (!found) compiled.set(pointer, (found = ajv.compile({ $ref: `github#${pointer}` })));
  return found;
}

/** A value's mismatches with a schema of the file, in words, `what` naming the value. */
function mismatches(pointer: string, value: unknown, what: string): string[] {
  const validate = validatorAt(pointer);
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, 8).map((error) => {
    const at = `${what}${error.instancePath}`;
    if (error.keyword === 'additionalProperties')
      return `${at} has "${String(error.params.additionalProperty)}", a field GitHub's description does not name`;
    if (error.keyword === 'enum') return `${at} must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
    return `${at} ${error.message}`;
  });
}

/** The endpoint a request is for, by method and path, with its index in the file; undefined when GitHub has none. */
function endpointOf(method: string, pathname: string): { endpoint: Endpoint; at: number } | undefined {
  let found: { endpoint: Endpoint; at: number } | undefined;
  file.operations.forEach((endpoint, at) => {
    if (endpoint.method !== method || !templateOf(endpoint.path).test(pathname)) return;
    // The template with more of its own words wins ("/commits/{ref}/status" over "/commits/{ref}").
    if (!found || endpoint.path.replace(/\{\w+\}/g, '').length > found.endpoint.path.replace(/\{\w+\}/g, '').length)
      found = { endpoint, at };
  });
  return found;
}

/** A path template as a pattern: a ref (heads/…) or a base...head may hold slashes, other parameters may not. */
function templateOf(path: string): RegExp {
  const pattern = path
    .split(/(\{\w+\})/)
    .map((part) =>
      part.startsWith('{')
        ? ['{ref}', '{basehead}'].includes(part)
          ? '[^?#]+'
          : '[^/?#]+'
        : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${pattern}$`);
}

/** What a REST request asks that GitHub would not take: an endpoint it does not have, a query or a body it refuses. */
export function restRequestProblems(method: string, url: URL, body: string): string[] {
  const request = `${method} ${url.pathname}`;
  const found = endpointOf(method, url.pathname);
  if (!found) return [`${request}: GitHub's API has no such endpoint (by ${DESCRIBED_BY}).`];
  const { endpoint, at } = found;
  const named = `${request} (${endpoint.operationId})`;
  const problems = mismatches(`/operations/${at}/query`, queryOf(url, endpoint), 'query').map(
    (problem) => `${named}: ${problem}`,
  );
  if (endpoint.requestBody === null) {
    if (body !== '') problems.push(`${named}: GitHub takes no body here.`);
    return problems;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [...problems, `${named}: the body is not JSON.`];
  }
  return [
    ...problems,
    ...mismatches(`/operations/${at}/requestBody`, parsed, 'body').map((problem) => `${named}: ${problem}`),
  ];
}

/** The query's parameters, each as the type GitHub's description gives it (a number where it takes a number). */
function queryOf(url: URL, endpoint: Endpoint): Record<string, unknown> {
  const types = (endpoint.query as { properties: Record<string, { type?: string }> }).properties;
  return Object.fromEntries(
    [...url.searchParams].map(([name, value]) => [
      name,
      types[name]?.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value,
    ]),
  );
}

/** What an answer to a REST request gives that GitHub would not: a status it does not describe, a body it never sends. */
export function restAnswerProblems(method: string, url: URL, status: number, body: unknown): string[] {
  const found = endpointOf(method, url.pathname);
  if (!found) return [`${method} ${url.pathname}: GitHub's API has no such endpoint (by ${DESCRIBED_BY}).`];
  const { endpoint, at } = found;
  const named = `${method} ${url.pathname} (${endpoint.operationId}), answered ${status}`;
  const described = endpoint.responses[String(status)];
  if (described === undefined && !ANY_ENDPOINT.has(String(status)))
    return [`${named}: GitHub's description gives no ${status} answer here, only ${Object.keys(endpoint.responses)}.`];
  if (described === null) return body === undefined ? [] : [`${named}: GitHub answers this with no body.`];
  const pointer = described ? `/operations/${at}/responses/${status}` : '/components/schemas/basic-error';
  return mismatches(pointer, body, 'answer').map((problem) => `${named}: ${problem}`);
}

let graphqlTypes: ReturnType<typeof buildClientSchema> | undefined;

/** What a GraphQL request asks that GitHub would not take: a document or variables its schema refuses. */
export function graphqlRequestProblems(body: string): string[] {
  let asked: { query?: unknown; variables?: Record<string, unknown> };
  try {
    asked = JSON.parse(body) as typeof asked;
  } catch {
    return ['POST /graphql: the body is not JSON.'];
  }
  if (typeof asked.query !== 'string') return ['POST /graphql: the body has no query.'];
  const errors = validateGraphql(asked.query);
  if (errors.length > 0) return errors.map((error) => `POST /graphql: ${error.message}`);
  graphqlTypes ??= buildClientSchema(graphqlSchema.json as Parameters<typeof buildClientSchema>[0]);
  const operation = parse(asked.query).definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  )!;
  const variables = getVariableValues(graphqlTypes, operation.variableDefinitions ?? [], asked.variables ?? {});
  return (variables.errors ?? []).map((error) => `POST /graphql: ${error.message}`);
}
