import { join } from 'node:path';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { CONFIG_FILE_KINDS } from '../../checker/config-files.ts';
import { PROJECT_SCHEMAS } from '../../checker/project-folders.ts';

/** Each kind's schema with every $ref resolved, across files, for the forms the editor generates from them. */
let schemas: Promise<Record<string, unknown>> | undefined;
export function editorSchemas(): Promise<Record<string, unknown>> {
  schemas ??= (async () => {
    const entries = await Promise.all(
      [...new Set(CONFIG_FILE_KINDS.map((kind) => kind.schema))].map(
        async (schema) => [schema, await $RefParser.dereference(join(PROJECT_SCHEMAS, schema))] as const,
      ),
    );
    return Object.fromEntries(entries);
  })();
  return schemas;
}
