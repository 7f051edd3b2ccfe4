/**
 * Random mutations of a valid site's config, and random drawings put in its public/ with one part no drawing may hold
 * (drawings.ts), and the promise the checker keeps on each of them: it never throws and never hangs, it reports at
 * least one problem, every problem has a file, line and column inside that file, and one of them is near the change.
 * Run a few hundred cases in `npm test`, and many more with `npm run fuzz:config`.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { applyEdits, getNodePath, modify, parseTree, type Node } from 'jsonc-parser';
import { kindOfConfigFile } from '../checker/config-files.ts';
import { siteFolders } from '../checker/project-folders.ts';
import { formatConfigProblem, type ConfigProblem } from '../checker/config-problem.ts';
import { displayPath } from '../checker/describe-value.ts';
import { lineStartsOf, positionAt } from '../checker/json-source.ts';
import { schemaValidatorFor } from '../checker/schema-registry.ts';
import { readSchemas } from '../checker/read-config-files.ts';
import { validateConfig } from '../checker/validate-config.ts';
import { drawingText, FORBIDDEN_PARTS, plainDrawings, type DrawingPieces, type ForbiddenPart } from './drawings.ts';
import { LIVE_SITE_DIR as PROJECT_ROOT } from './sites.ts';

/** One random change to one file of the site. */
export interface Mutation {
  readonly kind: string;
  /** The file changed, relative to the site folder (config/... or public/...). */
  readonly file: string;
  /** The bytes written there, or "folder" to put a folder in its place. */
  readonly content: Buffer | 'folder';
  /** The lines where a problem is expected, in the file as written; undefined when any line of it will do. */
  readonly near?: { readonly from: number; readonly to: number };
  /**
   * Whether the change is invalid by construction; otherwise the schema alone decides (a removed field may be
   * optional).
   */
  readonly alwaysInvalid: boolean;
}

/** What went wrong for one mutation, for the test report. */
export interface FuzzFailure {
  readonly mutation: string;
  readonly reason: string;
  readonly lines: readonly string[];
}

const ODD_NAMES = [
  'new\npage.json',
  '\u202Eevil.json',
  'spaces in name.json',
  'Ünïcödé-页面.json',
  `${'long-'.repeat(45)}.json`,
  'name.with.dots.json',
  '-.json',
];

/** The value nodes of a parsed file, except the whole file. */
function valueNodes(tree: Node): Node[] {
  const nodes: Node[] = [];
  const walk = (node: Node): void => {
    if (node !== tree) nodes.push(node);
    for (const child of node.children ?? []) walk(child.type === 'property' ? child.children![1]! : child);
  };
  walk(tree);
  return nodes;
}

const objectNodes = (tree: Node) => [tree, ...valueNodes(tree)].filter((node) => node.type === 'object');
const lineOf = (text: string, offset: number) => positionAt(lineStartsOf(text), offset).line;

/** A wrong kind of value for any node: no schema of this site accepts both. */
function wrongValueFor(node: Node): string {
  if (node.type === 'array') return 'true';
  if (node.type === 'object') return '"text"';
  if (node.type === 'number') return '"12x"';
  if (node.type === 'boolean') return '"yes"';
  return '[[true]]';
}

/** Builds one mutation of `text` (the file at `file`) from random choices. */
function mutate(
  file: string,
  text: string,
  choice: { kind: number; pick: number; cut: number; name: number },
): Mutation {
  const tree = parseTree(text)!;
  const values = valueNodes(tree);
  const node = values[choice.pick % values.length]!;
  const replace = (start: number, length: number, by: string, kind: string, alwaysInvalid = true): Mutation => {
    const out = text.slice(0, start) + by + text.slice(start + length);
    const from = lineOf(out, start);
    return { kind, file, content: Buffer.from(out), near: { from, to: lineOf(out, start + by.length) }, alwaysInvalid };
  };
  const whole = (content: Buffer | 'folder', kind: string): Mutation => ({ kind, file, content, alwaysInvalid: true });
  const property = node.parent?.type === 'property' ? node.parent : undefined;

  switch (choice.kind % 17) {
    case 0:
      return replace(node.offset, node.length, wrongValueFor(node), `a wrong kind of value at offset ${node.offset}`);
    case 1: {
      if (!property)
        return replace(node.offset, node.length, wrongValueFor(node), `a wrong kind of value at offset ${node.offset}`);
      // A removed field: invalid when the schema requires it. The problem is on the group that lost it.
      const out = applyEdits(text, modify(text, getNodePath(node), undefined, {}));
      // A rule that ties fields together may report the loss at the field that needed it, so any line of the file will
      // do.
      return {
        kind: `a removed field at offset ${property.offset}`,
        file,
        content: Buffer.from(out),
        alwaysInvalid: false,
      };
    }
    case 2: {
      const object = objectNodes(tree)[choice.pick % objectNodes(tree).length]!;
      return replace(
        object.offset + 1,
        0,
        '"zzUnknownField": [[1]], ',
        `an unknown field in the group at offset ${object.offset}`,
      );
    }
    case 3: {
      if (!property)
        return replace(node.offset, node.length, wrongValueFor(node), `a wrong kind of value at offset ${node.offset}`);
      const key = property.children![0]!;
      const copy =
        choice.name % 2
          ? text.slice(property.offset, property.offset + property.length)
          : `${text.slice(key.offset, key.offset + key.length)}: "another value"`;
      return replace(
        property.offset + property.length,
        0,
        `, ${copy}`,
        `a field written twice at offset ${property.offset}`,
      );
    }
    case 4:
      return replace(
        node.offset,
        node.length,
        `[${text.slice(node.offset, node.offset + node.length)}]`,
        `a value wrapped in a list at offset ${node.offset}`,
      );
    case 5: {
      const list =
        values.find((candidate, index) => candidate.type === 'array' && index >= choice.pick % values.length) ??
        values.find((candidate) => candidate.type === 'array');
      if (!list)
        return replace(node.offset, node.length, wrongValueFor(node), `a wrong kind of value at offset ${node.offset}`);
      const first = list.children?.[0];
      const inner = first ? text.slice(first.offset, first.offset + first.length) : 'null';
      return replace(list.offset, list.length, inner, `a list replaced by its first item at offset ${list.offset}`);
    }
    case 6: {
      const cut = choice.cut % Math.max(1, text.lastIndexOf('}'));
      return {
        kind: `the file cut off after ${cut} characters`,
        file,
        content: Buffer.from(text.slice(0, cut)),
        near: { from: 1, to: lineOf(text, cut) + 1 },
        alwaysInvalid: true,
      };
    }
    case 7: {
      const strings = values.filter((candidate) => candidate.type === 'string');
      const target = strings[choice.pick % strings.length]!;
      return replace(
        target.offset,
        target.length,
        `"${'a'.repeat(30_000 + (choice.cut % 100_000))}"`,
        `a huge text at offset ${target.offset}`,
      );
    }
    case 8: {
      const depth = 65 + (choice.cut % 10_000);
      return replace(
        node.offset,
        node.length,
        `${'['.repeat(depth)}${']'.repeat(depth)}`,
        `lists nested ${depth} deep at offset ${node.offset}`,
      );
    }
    case 9: {
      const at = choice.cut % (text.length + 1);
      const bytes = Buffer.concat([
        Buffer.from(text.slice(0, at)),
        Buffer.from([[0xff, 0xc3, 0x80, 0xe9][choice.name % 4]!]),
        Buffer.from(text.slice(at)),
      ]);
      // 0xC3 starts a two-byte letter; followed by the start of a character, as here, it is a broken sequence.
      const line = lineOf(text, at);
      return {
        kind: `a byte that is not UTF-8 at offset ${at}`,
        file,
        content: bytes,
        near: { from: line, to: line },
        alwaysInvalid: true,
      };
    }
    case 10: {
      const encodings = [
        () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
        () => Buffer.from(text, 'utf16le'),
        () => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
        () => Buffer.from(text.replace(/"([^"\\]*)"/, '"é$1"'), 'latin1'),
      ];
      return whole(
        encodings[choice.name % encodings.length]!(),
        ['UTF-16 LE with a byte order mark', 'UTF-16 LE', 'UTF-16 BE', 'Latin-1 with an accented letter'][
          choice.name % encodings.length
        ]!,
      );
    }
    case 11:
      return whole(
        Buffer.from(['', ' ', '\n\n', 'null', '[]', '"text"', '42'][choice.name % 7]!),
        'an empty or bare file',
      );
    case 12:
      return whole('folder', 'a folder where the file should be');
    case 13: {
      // Another file beside it, with an odd name and broken content: reported by its (visible) name.
      const name = ODD_NAMES[choice.name % ODD_NAMES.length]!;
      return {
        kind: `a file named ${JSON.stringify(name)}`,
        file: join(dirname(file), name),
        content: Buffer.from('{ "broken": '),
        alwaysInvalid: true,
      };
    }
    default: {
      // Line endings and byte order marks change nothing by themselves: apply them on top of a wrong value, whose
      // problem must still be reported on the right line.
      const base = replace(
        node.offset,
        node.length,
        wrongValueFor(node),
        `a wrong kind of value at offset ${node.offset}`,
      );
      const transforms: [string, (content: string) => string][] = [
        ['with Windows line endings', (content) => content.replace(/\r?\n/g, '\r\n')],
        ['with old Mac line endings', (content) => content.replace(/\r?\n/g, '\r')],
        ['with a byte order mark', (content) => `\uFEFF${content}`],
      ];
      const [name, transform] = transforms[choice.kind % transforms.length]!;
      return {
        ...base,
        kind: `${base.kind}, ${name}`,
        content: Buffer.from(transform((base.content as Buffer).toString('utf8'))),
      };
    }
  }
}

/** The lines of a file as the checker counts them, read from its bytes (it may not be valid UTF-8). */
function linesOf(path: string): string[] | undefined {
  if (!existsSync(path) || !statSync(path).isFile()) return undefined;
  const text = readFileSync(path)
    .toString('latin1')
    .replace(/^\xef\xbb\xbf/, '');
  return text.split(/\r\n|\r|\n/);
}

/** Every config file of the site under `siteDir`, relative to it. */
function configFiles(siteDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (kindOfConfigFile(`${prefix}${entry.name}`)) files.push(`config/${prefix}${entry.name}`);
    }
  };
  walk(join(siteDir, 'config'), '');
  return files.sort();
}

/** Checks one mutation on the site copy in `root`, and undoes it. Returns what broke the promise, if anything. */
function check(
  root: string,
  mutation: Mutation,
  originals: ReadonlyMap<string, string>,
  timeLimitMs: number,
  viaCli: boolean,
): FuzzFailure | undefined {
  const path = join(root, mutation.file);
  const existed = existsSync(path);
  rmSync(path, { recursive: true, force: true });
  if (mutation.content === 'folder') mkdirSync(join(path, 'inside'), { recursive: true });
  else writeFileSync(path, mutation.content);
  let lines: string[] = [];
  const fail = (reason: string): FuzzFailure => ({
    mutation: `${mutation.kind} in ${JSON.stringify(mutation.file)}`,
    reason,
    lines,
  });
  try {
    const started = performance.now();
    let result;
    try {
      result = validateConfig(siteFolders(root));
    } catch (error) {
      return fail(`the checker threw: ${error instanceof Error ? error.stack : String(error)}`);
    }
    const took = performance.now() - started;
    lines = result.problems.map(formatConfigProblem);
    if (took > timeLimitMs) return fail(`took ${Math.round(took)} ms`);
    const errors = result.problems.filter((problem) => problem.severity === 'error');
    if (errors.length === 0) {
      if (mutation.alwaysInvalid) return fail('no error was reported');
      if (!schemaAccepts(root, mutation)) return fail('the schema rejects the file, but no error was reported');
      return undefined;
    }
    if (result.config) return fail('errors were reported, but the config was still assembled');
    const shownAs = new Map([[displayPath(mutation.file), mutation.file]]);
    for (const problem of result.problems) {
      const bad = misplaced(root, problem, shownAs);
      if (bad) return fail(bad);
    }
    if (viaCli) {
      // As an author runs it: exit 1, never 2 (a crash), and nothing on stderr but problem lines.
      const cli = spawnSync(join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['scripts/validate.ts', root], {
        cwd: PROJECT_ROOT,
        encoding: 'utf8',
        env: { ...process.env, GITHUB_ACTIONS: '' },
      });
      if (cli.status !== 1)
        return fail(`npm run validate exited with ${String(cli.status)}: ${cli.stderr.slice(0, 300)}`);
      const printed = cli.stderr.trimEnd().split('\n');
      const isProblem = (line: string) => /^(config|public)\/\S.*:\d+:\d+ {2}\S/.test(line);
      if (!printed.every(isProblem))
        return fail(
          `npm run validate printed a line that is not a problem: ${printed.find((line) => !isProblem(line))}`,
        );
    }
    if (mutation.near && mutation.content !== 'folder') {
      const shown = displayPath(mutation.file);
      const inFile = errors.filter((problem) => problem.file === shown);
      const near = inFile.some(
        (problem) => problem.position.line >= mutation.near!.from - 2 && problem.position.line <= mutation.near!.to + 2,
      );
      // A file that no longer decodes or parses is reported where the bytes or syntax first go wrong.
      const atTop = inFile.some((problem) => problem.position.line === 1 || problem.path === '(whole file)');
      if (!near && !atTop)
        return fail(`no problem near lines ${mutation.near.from}-${mutation.near.to} of ${mutation.file}`);
    }
    return undefined;
  } finally {
    rmSync(path, { recursive: true, force: true });
    if (existed) writeFileSync(path, originals.get(mutation.file)!);
  }
}

/**
 * Whether a problem points inside the file it names: a line it has, and a column on that line (or just after it).
 * A file that is missing, or a folder, can only be pointed at as a whole (1:1). `shownAs` maps printed names back to
 * the files on disk, for names with characters the checker prints as escapes.
 */
function misplaced(root: string, problem: ConfigProblem, shownAs: ReadonlyMap<string, string>): string | undefined {
  if (!/^(config|public)\//.test(problem.file)) return `${problem.file} is not a file of config/ or public/`;
  const { line, column } = problem.position;
  if (line < 1 || column < 1) return `${problem.file}:${line}:${column} is not a position`;
  const lines = linesOf(join(root, shownAs.get(problem.file) ?? problem.file));
  if (!lines)
    return line === 1 && column === 1
      ? undefined
      : `${problem.file} is not a file, yet a problem is at ${line}:${column}`;
  if (line > lines.length) return `${problem.file}:${line} is past its last line (${lines.length})`;
  // Columns count characters; the line was read byte by byte, so it is at least as long as the characters on it.
  if (column > lines[line - 1]!.length + 1) return `${problem.file}:${line}:${column} is past the end of line ${line}`;
  return undefined;
}

/** Whether the file's schema alone accepts its changed content (for changes that are not always invalid). */
function schemaAccepts(root: string, mutation: Mutation): boolean {
  if (mutation.content === 'folder') return false;
  const kind = kindOfConfigFile(mutation.file.replace(/^config\//, ''));
  if (!kind) return false;
  let data: unknown;
  try {
    data = JSON.parse(mutation.content.toString('utf8'));
  } catch {
    return false;
  }
  const everythingExists = {
    checkInternalLink: () => undefined,
    checkAsset: () => undefined,
    checkFileKind: () => undefined,
    cautionForFile: () => undefined,
  };
  return (
    schemaValidatorFor(readSchemas(siteFolders(root).schemas)).validate(kind.schema, data, everythingExists).errors
      .length === 0
  );
}

/** A drawing of public/ with a forbidden part put in at a place, as one in ten cases. */
const drawingArbitrary = fc.oneof(
  { arbitrary: fc.constant(null), weight: 9 },
  { arbitrary: fc.tuple(plainDrawings, fc.constantFrom(...FORBIDDEN_PARTS), fc.nat()), weight: 1 },
);

const choiceArbitrary = fc.record({
  file: fc.nat(),
  kind: fc.nat(),
  pick: fc.nat(),
  cut: fc.nat(),
  name: fc.nat(),
  drawing: drawingArbitrary,
});

/** A drawing put in public/ with one part no drawing may hold: always refused, near the part. */
function drawingMutation([pieces, part, at]: [DrawingPieces, ForbiddenPart, number]): Mutation {
  const text = drawingText(pieces, part, at);
  const line = lineOf(text, text.indexOf(part.markup));
  return {
    kind: `a drawing with ${part.name}`,
    file: 'public/media/fuzz-drawing.svg',
    content: Buffer.from(text),
    near: { from: line, to: lineOf(text, text.length) },
    alwaysInvalid: true,
  };
}

/**
 * Mutates a copy of the site at `siteDir` `runs` times, and returns every broken promise. The first `cliCases` also
 * run `npm run validate` on the mutated copy. The same seed gives the
 * same cases, so a failure can be replayed.
 */
export function runConfigFuzz({
  siteDir,
  runs,
  seed,
  timeLimitMs = 5_000,
  cliCases = 0,
}: {
  siteDir: string;
  runs: number;
  seed: number;
  timeLimitMs?: number;
  cliCases?: number;
}): { failures: FuzzFailure[]; cases: number } {
  const root = mkdtempSync(join(tmpdir(), 'config-fuzz-'));
  try {
    cpSync(siteDir, root, { recursive: true });
    const files = configFiles(root);
    const originals = new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));
    const failures: FuzzFailure[] = [];
    let cases = 0;
    fc.assert(
      fc.property(choiceArbitrary, (choice) => {
        const file = files[choice.file % files.length]!;
        const mutation = choice.drawing ? drawingMutation(choice.drawing) : mutate(file, originals.get(file)!, choice);
        cases++;
        // The first cases also run the command itself, which takes a second each.
        const failure = check(root, mutation, originals, timeLimitMs, cases <= cliCases);
        if (failure) failures.push(failure);
        return true;
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
    return { failures, cases };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
