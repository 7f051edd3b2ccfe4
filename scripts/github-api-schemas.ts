/**
 * Writes src/testing/github-api-schemas.json: the JSON schemas, from GitHub's own OpenAPI description of
 * api.github.com (npm's @octokit/openapi), of just the REST endpoints the editor at /admin/ and the stand-ins use
 * (their request bodies and every answer described), with the shared schemas they refer to carried inside the file.
 * The stand-in (src/testing/github-stand-in.ts) holds every request and answer to them.
 *
 * The description is 385 MB unpacked: it is never a dependency. With no argument it is fetched with `npm pack` into a
 * temporary folder (removed after), in the version @octokit/openapi-types was made from, so the schemas and the
 * editor's types say the same; or it is read from the path given (the package's folder, its .tgz, or
 * generated/api.github.com.json itself).
 *
 *   npx tsx scripts/github-api-schemas.ts [path]          rewrites the file
 *   npx tsx scripts/github-api-schemas.ts [path] --check  fails when the committed file differs
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeOrCheckGenerated } from './generated-file.ts';

const root = join(import.meta.dirname, '..');
const SCHEMAS_FILE = join(root, 'src/testing/github-api-schemas.json');
const COMMAND = 'npx tsx scripts/github-api-schemas.ts';
/** The description of github.com's API inside the package (the others are GitHub Enterprise's). */
const DESCRIPTION = 'generated/api.github.com.json';

/**
 * Every REST endpoint the editor asks (src/editor/github/) and the stand-ins serve (src/testing/github-stand-in*.ts,
 * github-actions-stand-in.ts), as GitHub's description names it: method and path template.
 */
const ENDPOINTS = [
  // The editor at /admin/ (github-api.ts, github-reports.ts).
  'GET /user',
  'GET /repos/{owner}/{repo}',
  'GET /repos/{owner}/{repo}/git/matching-refs/{ref}',
  'GET /repos/{owner}/{repo}/git/trees/{tree_sha}',
  'GET /repos/{owner}/{repo}/git/blobs/{file_sha}',
  'GET /repos/{owner}/{repo}/git/commits/{commit_sha}',
  'GET /repos/{owner}/{repo}/compare/{basehead}',
  'POST /repos/{owner}/{repo}/git/blobs',
  'POST /repos/{owner}/{repo}/git/trees',
  'POST /repos/{owner}/{repo}/git/commits',
  'POST /repos/{owner}/{repo}/git/refs',
  'PATCH /repos/{owner}/{repo}/git/refs/{ref}',
  'GET /repos/{owner}/{repo}/commits',
  'GET /repos/{owner}/{repo}/pulls',
  'POST /repos/{owner}/{repo}/pulls',
  'GET /repos/{owner}/{repo}/commits/{ref}/status',
  'GET /repos/{owner}/{repo}/commits/{ref}/check-runs',
  'GET /repos/{owner}/{repo}/deployments',
  'GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
  // What hosts post about a build, as the tests' hosts do (the stand-in keeps it for the editor to read).
  'POST /repos/{owner}/{repo}/statuses/{sha}',
  'POST /repos/{owner}/{repo}/check-runs',
  'POST /repos/{owner}/{repo}/deployments',
  'POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
  // A workflow's runs and jobs, as scripts/what-changed.ts reads them (github-actions-stand-in.ts).
  'GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs',
  'GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs',
] as const;

/** The keywords of a schema that say what is valid; descriptions, examples and GitHub's own notes are left out. */
const KEPT = new Set([
  '$ref',
  'type',
  'nullable',
  'enum',
  'format',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'uniqueItems',
]);
/** Keywords whose value is a map of names to schemas, and those whose value is a schema or a list of them. */
const SCHEMA_MAPS = new Set(['properties']);
const SCHEMAS_IN = new Set(['additionalProperties', 'items', 'oneOf', 'anyOf', 'allOf', 'not']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Description {
  readonly info: { readonly version: string; readonly 'x-github-plan'?: string };
  readonly paths: Record<string, Record<string, JsonObject>>;
  readonly components: { readonly schemas: Record<string, JsonObject>; readonly [kind: string]: unknown };
}

/** The schemas file's content, made from GitHub's description. */
function schemasOf(description: Description, version: string): string {
  const used = new Set<string>();
  const dropped = new Set<string>();
  const follow = (value: Json): Json => {
    let target = value;
    while (target && typeof target === 'object' && !Array.isArray(target) && typeof target.$ref === 'string') {
      const ref: string = target.$ref;
      if (ref.startsWith('#/components/schemas/')) break;
      target = ref
        .slice(2)
        .split('/')
        .reduce<any>((node, key) => node[key], description);
    }
    return target;
  };
  const clean = (schema: Json): Json => {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
    const kept: JsonObject = {};
    for (const [key, value] of Object.entries(schema)) {
      if (!KEPT.has(key)) {
        dropped.add(key);
        continue;
      }
      if (key === '$ref') {
        used.add(String(value).slice('#/components/schemas/'.length));
        kept[key] = value;
      } else if (SCHEMA_MAPS.has(key))
        kept[key] = Object.fromEntries(
          Object.entries(value as JsonObject).map(([name, child]) => [name, clean(child)]),
        );
      else if (SCHEMAS_IN.has(key)) kept[key] = Array.isArray(value) ? value.map(clean) : clean(value);
      else kept[key] = value;
    }
    return kept;
  };
  const jsonSchemaOf = (part: Json): Json => {
    const content = (follow(part) as { content?: Record<string, { schema?: Json }> } | null)?.content;
    const schema = content?.['application/json']?.schema;
    return schema === undefined ? null : clean(schema);
  };

  const operations = ENDPOINTS.map((endpoint) => {
    const [method, path] = endpoint.split(' ') as [string, string];
    const operation = description.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`GitHub's description has no ${endpoint}.`);
    const responses = operation.responses as JsonObject;
    const parameters = ((operation.parameters ?? []) as Json[]).map(
      (parameter) => follow(parameter) as { name: string; in: string; required?: boolean; schema: Json },
    );
    const query = parameters.filter((parameter) => parameter.in === 'query');
    return {
      method,
      path,
      operationId: operation.operationId as string,
      // The query as one object: its parameters by name, those GitHub requires, and no other.
      query: {
        type: 'object',
        properties: Object.fromEntries(query.map((parameter) => [parameter.name, clean(parameter.schema)])),
        required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
        additionalProperties: false,
      },
      requestBody: operation.requestBody ? jsonSchemaOf(operation.requestBody) : null,
      responses: Object.fromEntries(
        Object.entries(responses).map(([status, answer]) => [status, jsonSchemaOf(answer)]),
      ),
    };
  });
  // Shared schemas, with those they refer to in turn.
  const schemas: Record<string, Json> = {};
  for (let added = true; added;) {
    added = false;
    for (const name of [...used].sort())
      if (!(name in schemas)) {
        const found = description.components.schemas[name];
        if (!found) throw new Error(`GitHub's description has no schema ${name}.`);
        schemas[name] = clean(found);
        added = true;
      }
  }
  const file = {
    source: {
      package: '@octokit/openapi',
      version,
      description: DESCRIPTION,
      api: description.info['x-github-plan'] ?? 'api.github.com',
      regenerate: COMMAND,
      left_out: [...dropped].sort(),
    },
    operations,
    components: { schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) },
  };
  // One line per operation and per shared schema: small, and a change reads as the line of what changed.
  const lines = (entries: [string, unknown][]) =>
    entries.map(([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(',\n');
  return `{
  "source": ${JSON.stringify(file.source)},
  "operations": [
${file.operations.map((operation) => `    ${JSON.stringify(operation)}`).join(',\n')}
  ],
  "components": {
   "schemas": {
${lines(Object.entries(file.components.schemas))}
   }
  }
}
`;
}

/** The version of @octokit/openapi that the installed @octokit/openapi-types was made from. */
function typesVersion(): string {
  const types = JSON.parse(readFileSync(join(root, 'node_modules/@octokit/openapi-types/package.json'), 'utf8')) as {
    octokit?: { 'openapi-version'?: string };
  };
  const version = types.octokit?.['openapi-version'];
  if (!version) throw new Error('@octokit/openapi-types does not say which @octokit/openapi it was made from.');
  return version;
}

/** GitHub's description from a path (a folder, a .tgz or the JSON file), or fetched with npm pack into `scratch`. */
function readDescription(given: string | undefined, scratch: string): { description: Description; version: string } {
  let tarball = given?.endsWith('.tgz') ? given : undefined;
  let folder = given && !tarball && statSync(given).isDirectory() ? given : undefined;
  if (given && !tarball && !folder) {
    const description = JSON.parse(readFileSync(given, 'utf8')) as Description;
    return { description, version: description.info.version };
  }
  if (!given) {
    const packed = execFileSync('npm', ['pack', `@octokit/openapi@${typesVersion()}`, '--silent'], {
      cwd: scratch,
      encoding: 'utf8',
    }).trim();
    tarball = join(scratch, packed.split('\n').at(-1)!);
  }
  if (tarball) {
    execFileSync('tar', ['-xzf', tarball, '-C', scratch, 'package/package.json', `package/${DESCRIPTION}`]);
    folder = join(scratch, 'package');
  }
  const version = (JSON.parse(readFileSync(join(folder!, 'package.json'), 'utf8')) as { version: string }).version;
  const file = join(folder!, DESCRIPTION);
  if (!existsSync(file)) throw new Error(`${file} is not there: is ${folder} the @octokit/openapi package?`);
  return { description: JSON.parse(readFileSync(file, 'utf8')) as Description, version };
}

const given = process.argv.slice(2).find((argument) => !argument.startsWith('--'));
const scratch = mkdtempSync(join(tmpdir(), 'github-openapi-'));
try {
  const { description, version } = readDescription(given, scratch);
  writeOrCheckGenerated(
    SCHEMAS_FILE,
    schemasOf(description, version),
    COMMAND,
    `@octokit/openapi ${version} (${DESCRIPTION})`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
