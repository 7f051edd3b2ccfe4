import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SPEC_SITE_DIR } from './sites.ts';
import { siteFolders } from '../checker/project-folders.ts';
import { formatConfigProblem } from '../checker/config-problem.ts';
import { validateConfig, type ConfigValidation } from '../checker/validate-config.ts';

/**
 * A frozen, valid copy of the site's config: messages point at its lines, which never move when authors edit config/.
 */
export const VALID_SITE = SPEC_SITE_DIR;

/**
 * A change an author might make to one file of the fixture site. `file` is under config/, or under public/ when it
 * starts with "public/".
 */
export type ConfigEdit =
  | { readonly file: string; readonly replace: readonly [find: string, replaceWith: string] }
  | { readonly file: string; readonly write: string | Buffer }
  | { readonly file: string; readonly copyOf: string }
  | { readonly file: string; readonly remove: true }
  | { readonly file: string; readonly folder: true }
  | { readonly file: string; readonly linkTo: string }
  | { readonly file: string; readonly hardLinkTo: string }
  | { readonly file: string; readonly pipe: true }
  | { readonly file: string; readonly mode: number }
  | { readonly asFolder: 'influencers' | 'projects' };

/** A file name for an entry, from its name or title: "Nana Yeboah" is nana-yeboah.json. */
export const entryFileName = (title: string) =>
  `${title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.json`;

/**
 * Moves a list collection from its one file to a folder with a file per entry, named by number so the order stays:
 * collections/influencers.json becomes collections/influencers/01-amara-okafor.json, ...
 */
function moveToFolder(root: string, name: 'influencers' | 'projects'): void {
  const file = join(root, 'config/collections', `${name}.json`);
  const entries = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>[]>)[name]!;
  mkdirSync(join(root, 'config/collections', name));
  entries.forEach((entry, index) => {
    const fileName = `${String(index + 1).padStart(2, '0')}-${entryFileName(String(entry.name ?? entry.title))}`;
    const schema = `../../../schemas/collections/${name.slice(0, -1)}.schema.json`;
    writeFileSync(
      join(root, 'config/collections', name, fileName),
      `${JSON.stringify({ $schema: schema, ...entry }, null, 2)}\n`,
    );
  });
  rmSync(file);
}

/** Applies edits to a copy of a site in `root` (a folder with config/ and public/). */
export function applyEdits(root: string, edits: readonly ConfigEdit[]): void {
  const at = (file: string) => join(root, file.startsWith('public/') ? '' : 'config', file);
  for (const edit of edits) {
    if ('asFolder' in edit) {
      moveToFolder(root, edit.asFolder);
      continue;
    }
    const path = at(edit.file);
    mkdirSync(dirname(path), { recursive: true });
    if ('remove' in edit) rmSync(path, { recursive: true, force: true });
    else if ('write' in edit) writeFileSync(path, edit.write);
    else if ('copyOf' in edit) copyFileSync(at(edit.copyOf), path);
    else if ('folder' in edit) {
      rmSync(path, { recursive: true, force: true });
      mkdirSync(join(path, 'inside'), { recursive: true });
    } else if ('linkTo' in edit) {
      rmSync(path, { force: true });
      symlinkSync(edit.linkTo, path);
    } else if ('hardLinkTo' in edit) {
      rmSync(path, { force: true });
      linkSync(at(edit.hardLinkTo), path);
    } else if ('pipe' in edit) {
      rmSync(path, { force: true });
      execFileSync('mkfifo', [path]);
    } else if ('mode' in edit) chmodSync(path, edit.mode);
    else {
      const text = readFileSync(path, 'utf8');
      if (!text.includes(edit.replace[0]))
        throw new Error(`${edit.file} has no ${JSON.stringify(edit.replace[0])} to replace`);
      writeFileSync(
        path,
        text.replace(edit.replace[0], () => edit.replace[1]),
      );
    }
  }
}

/** A temporary copy of the fixture site, removed by the returned function. */
export function copyOfSpecSite(): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'site-config-'));
  cpSync(VALID_SITE, root, { recursive: true });
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * What the checker tells the fixture site as it stands: warnings only, since its forms deliver nowhere, as the spec's
 * do. Read once; the tests of an edit look at what the edit changes.
 */
let fixtureWarnings: ReadonlySet<string> | undefined;
export function warningsOfFixtureSite(): ReadonlySet<string> {
  fixtureWarnings ??= new Set(validateConfig(siteFolders(VALID_SITE)).problems.map(formatConfigProblem));
  return fixtureWarnings;
}

/**
 * Validates the fixture site after the edits, in a temporary copy: the problems besides the fixture site's own
 * warnings.
 */
export function validateEditedSite(edits: readonly ConfigEdit[]): ConfigValidation & { readonly lines: string[] } {
  const { root, remove } = copyOfSpecSite();
  try {
    applyEdits(root, edits);
    const result = validateConfig(siteFolders(root));
    const problems = result.problems.filter((problem) => !warningsOfFixtureSite().has(formatConfigProblem(problem)));
    return { ...result, problems, lines: problems.map(formatConfigProblem) };
  } finally {
    remove();
  }
}
