import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatConfigProblem } from './config-problem.ts';
import { validateConfig, type ConfigValidation } from './validate-config.ts';

/** A frozen, valid copy of the site's config: messages point at its lines, which never move when authors edit config/. */
export const VALID_SITE = join(import.meta.dirname, 'fixtures/valid-site');
export const SCHEMAS = join(import.meta.dirname, '../../schemas');

/** A change an author might make to one file of the fixture site. */
export type ConfigEdit =
  | { readonly file: string; readonly replace: readonly [find: string, replaceWith: string] }
  | { readonly file: string; readonly write: string }
  | { readonly file: string; readonly remove: true };

/** Validates the fixture site after the edits, in a temporary copy. */
export function validateEditedSite(edits: readonly ConfigEdit[]): ConfigValidation & { readonly lines: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'site-config-'));
  try {
    cpSync(VALID_SITE, root, { recursive: true });
    for (const edit of edits) {
      const path = join(root, 'config', edit.file);
      if ('remove' in edit) rmSync(path);
      else if ('write' in edit) writeFileSync(path, edit.write);
      else {
        const text = readFileSync(path, 'utf8');
        if (!text.includes(edit.replace[0])) throw new Error(`${edit.file} has no ${JSON.stringify(edit.replace[0])} to replace`);
        writeFileSync(path, text.replace(edit.replace[0], edit.replace[1]));
      }
    }
    const result = validateConfig({ config: join(root, 'config'), schemas: SCHEMAS, public: join(root, 'public') });
    return { ...result, lines: result.problems.map(formatConfigProblem) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
