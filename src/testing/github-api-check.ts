/**
 * GitHub's own description of its API, as the stand-ins are held to it: each REST request's endpoint, query and body,
 * and each answer's status and body, against the JSON schemas of github-api-schemas.json (made from GitHub's OpenAPI
 * description by scripts/github-api-schemas.ts); each GraphQL request's document and variables, and the data of its
 * answer, against GitHub's GraphQL schema (@octokit/graphql-schema). Each check gives the mismatches in words, none
 * when GitHub would take or give the same. Node only: the GraphQL schema is large, and never goes to a browser.
 */
import { readFileSync } from 'node:fs';
import { schema as graphqlSchema, validate as validateGraphql } from '@octokit/graphql-schema';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import {
  buildClientSchema,
  executeSync,
  getVariableValues,
  Kind,
  parse,
  type GraphQLAbstractType,
  type OperationDefinitionNode,
} from 'graphql';

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
// A repository's "owner/name" (a pull request's head_repo).
ajv.addFormat('repo.nwo', /^[^/]+\/[^/]+$/);
ajv.addSchema({ ...described, $id: 'github' });
/**
 * Each schema of the file, by its place (an endpoint's query, body or answer, by its index), compiled as this module
 * loads: a test's first request then takes no longer than its next (a large answer's schema takes a tenth of a second
 * to compile), so a test that waits a second for an answer is never the one that pays for it.
 */
const compiled = new Map<string, ValidateFunction>(
  [
    '/components/schemas/basic-error',
    ...file.operations.flatMap((endpoint, at) => [
      `/operations/${at}/query`,
      ...(endpoint.requestBody === null ? [] : [`/operations/${at}/requestBody`]),
      ...Object.entries(endpoint.responses).flatMap(([status, schema]) =>
        schema === null ? [] : [`/operations/${at}/responses/${status}`],
      ),
    ]),
  ].map((pointer) => [pointer, ajv.compile({ $ref: `github#${pointer}` })]),
);

/** The compiled schema at a place in the file. */
const validatorAt = (pointer: string): ValidateFunction => compiled.get(pointer)!;

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

/**
 * GitHub's GraphQL schema, to read a request's variables and its answer by, built as this module loads (as the REST
 * schemas are), and a first query checked and run through it, which readies graphql's own validation and execution.
 */
const graphqlTypes = buildClientSchema(graphqlSchema.json as Parameters<typeof buildClientSchema>[0]);
validateGraphql('query { viewer { login } }');
executeSync({
  schema: graphqlTypes,
  document: parse('query { viewer { login } }'),
  rootValue: { viewer: { login: '' } },
});

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
  const operation = parse(asked.query).definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  )!;
  const variables = getVariableValues(graphqlTypes, operation.variableDefinitions ?? [], asked.variables ?? {});
  return (variables.errors ?? []).map((error) => `POST /graphql: ${error.message}`);
}

/**
 * What a GraphQL answer gives that GitHub's would not: a field its query did not ask for, one it asked for left out,
 * or a value GitHub's schema does not allow there. The answer's data is run through the query as GitHub's schema
 * types it (each field read from the answer by its name or alias), and what comes out must be the answer itself.
 */
export function graphqlAnswerProblems(body: string, answer: unknown): string[] {
  const asked = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
  const given = (answer as { data?: unknown } | undefined)?.data;
  // An answer of errors alone carries no data to check.
  if (given === undefined || given === null) return [];
  const executed = executeSync({
    schema: graphqlTypes,
    document: parse(asked.query),
    rootValue: given,
    variableValues: asked.variables ?? {},
    fieldResolver: (source, _arguments, _context, info) => (source as Record<string, unknown>)[String(info.path.key)],
    typeResolver: (value, _context, _info, abstract) => typeOfAnswer(value as Record<string, unknown>, abstract),
  });
  return [
    ...(executed.errors ?? []).map((error) => `${error.message} (at ${error.path?.join('.') ?? 'the answer'})`),
    ...differences(executed.data, given, 'data'),
  ].map((problem) => `POST /graphql, answered: ${problem}`);
}

/**
 * Which of an interface's types an object of the answer is (a git object: Blob, Tree, Commit): the first whose fields
 * hold every field the object has. An empty object is a Commit where it may be one, as GitHub answers {} for an
 * object no fragment of the query selects from (a submodule's commit, a folder below the depth asked).
 */
function typeOfAnswer(value: Record<string, unknown>, abstract: GraphQLAbstractType): string | undefined {
  const types = graphqlTypes.getPossibleTypes(abstract);
  const fits = types.filter((type) => Object.keys(value).every((field) => field in type.getFields()));
  if (Object.keys(value).length === 0) return (fits.find((type) => type.name === 'Commit') ?? fits[0])?.name;
  return fits[0]?.name;
}

/** Where two JSON values differ, in words: a field the query did not ask for, or one it asked for and did not get. */
function differences(wanted: unknown, given: unknown, at: string): string[] {
  if (Array.isArray(wanted) && Array.isArray(given)) {
    if (wanted.length !== given.length) return [`${at} has ${given.length} entries where ${wanted.length} were read`];
    return wanted.flatMap((item, index) => differences(item, given[index], `${at}[${index}]`)).slice(0, 8);
  }
  if (wanted && given && typeof wanted === 'object' && typeof given === 'object') {
    const fields = new Set([...Object.keys(wanted), ...Object.keys(given)]);
    return [...fields]
      .flatMap((field) =>
        !(field in wanted)
          ? [`${at}.${field} is there, which the query did not ask for`]
          : !(field in given)
            ? [`${at}.${field} is not there, which the query asked for`]
            : differences(
                (wanted as Record<string, unknown>)[field],
                (given as Record<string, unknown>)[field],
                `${at}.${field}`,
              ),
      )
      .slice(0, 8);
  }
  // A value is named by its start: a file's whole text would drown the words.
  const shown = (value: unknown) => {
    const text = JSON.stringify(value) ?? 'nothing';
    return text.length > 60 ? `${text.slice(0, 60)}…` : text;
  };
  return Object.is(wanted, given) ? [] : [`${at} is ${shown(given)}, which GitHub gives as ${shown(wanted)}`];
}
