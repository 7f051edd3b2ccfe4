import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { quote, shortened, visible } from './describe-value.ts';

/** A config file's text, parsed, with what is needed to point at any value in it. */
export interface JsonSource {
  /** Path shown in messages, such as config/site.json. */
  readonly displayPath: string;
  readonly text: string;
  readonly tree: Node;
  readonly data: unknown;
  readonly lineStarts: readonly number[];
}

export interface Position {
  readonly line: number;
  readonly column: number;
}

export type JsonPath = readonly (string | number)[];

type JsonObject = Record<string, unknown>;

/**
 * The groups in a value that should be a list of groups: none when it is not a list. Checks read unchecked data with
 * it.
 */
export const asList = (value: unknown): JsonObject[] =>
  Array.isArray(value)
    ? value.filter((item): item is JsonObject => !!item && typeof item === 'object' && !Array.isArray(item))
    : [];
/** A value that should be a group of fields, or undefined when it is not one. */
export const asObject = (value: unknown): JsonObject | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;

/**
 * Something wrong in a file's text that no schema could see: a key written twice, a number too large, a text too long.
 */
export interface SourceProblem {
  readonly path: JsonPath;
  readonly offset: number;
  readonly message: string;
}

/**
 * How deeply lists and groups may sit inside each other. Config needs about ten; thousands would overflow the parser.
 */
export const MAX_NESTING = 64;
/** The longest text a config value may hold. The longest text on the site is a few hundred characters. */
export const MAX_TEXT_LENGTH = 20_000;

export type ParsedJson =
  | { readonly source: JsonSource; readonly problems: readonly SourceProblem[] }
  | { readonly syntaxError: ParseError }
  | { readonly tooDeep: { readonly offset: number } };

/**
 * Parses strict JSON (no comments, no trailing commas). Returns the first syntax error instead when there is one,
 * or where nesting goes deeper than MAX_NESTING, so no input can overflow the parser or the checks after it.
 */
export function parseJsonSource(displayPath: string, text: string): ParsedJson {
  const deep = offsetTooDeep(text);
  if (deep !== undefined) return { tooDeep: { offset: deep } };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || !tree) {
    return { syntaxError: errors[0] ?? { error: 4 /* ValueExpected */, offset: 0, length: 0 } };
  }
  const problems: SourceProblem[] = [];
  const lineStarts = lineStartsOf(text);
  const data = nodeValue(tree, [], text, lineStarts, problems);
  return { source: { displayPath, text, tree, data, lineStarts }, problems };
}

/** The offset of the first "{" or "[" nested deeper than MAX_NESTING, skipping text in quotes. */
function offsetTooDeep(text: string): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92 /* \ */) i++;
      else if (char === 34 /* " */ || char === 10 || char === 13) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 /* { */ || char === 91 /* [ */) {
      if (++depth > MAX_NESTING) return i;
    } else if (char === 125 /* } */ || char === 93 /* ] */) depth = Math.max(0, depth - 1);
  }
  return undefined;
}

// jsonc-parser's getNodeValue drops "__proto__"-like keys into prototypes; build plain data ourselves, and note what
// the text says that the data cannot: a key written twice (the last one wins), numbers JavaScript cannot hold, huge
// texts. `path` is the path of `node`, pushed and popped as the walk goes, and copied only into a problem.
function nodeValue(
  node: Node,
  path: (string | number)[],
  text: string,
  lineStarts: readonly number[],
  problems: SourceProblem[],
): unknown {
  switch (node.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      const keys = new Map<string, Node[]>();
      for (const property of node.children ?? []) {
        const [key, child] = property.children ?? [];
        if (!key || !child) continue;
        const name = String(key.value);
        if (name.length > MAX_TEXT_LENGTH)
          problems.push({
            path: [...path],
            offset: key.offset,
            message: `this field name is ${name.length.toLocaleString('en-US')} characters long. Field names are short words such as "title".`,
          });
        const copies = keys.get(name);
        if (copies) copies.push(key);
        else keys.set(name, [key]);
        path.push(name);
        Object.defineProperty(value, name, {
          value: nodeValue(child, path, text, lineStarts, problems),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        path.pop();
      }
      for (const [name, copies] of keys) {
        if (copies.length < 2) continue;
        const last = copies.at(-1)!;
        const lines = copies.slice(0, -1).map((copy) => positionAt(lineStarts, copy.offset).line);
        problems.push({
          path: [...path, name],
          offset: last.offset,
          message: `${quote(name)} is written ${copies.length === 2 ? 'twice' : `${copies.length} times`} in this group: on line ${lines.join(', line ')} and here. Only this last one is used; remove the ${copies.length === 2 ? 'other' : 'others'}.`,
        });
      }
      return value;
    }
    case 'array': {
      const items = node.children ?? [];
      const value: unknown[] = new Array(items.length);
      items.forEach((child, index) => {
        path.push(index);
        value[index] = nodeValue(child, path, text, lineStarts, problems);
        path.pop();
      });
      return value;
    }
    case 'number': {
      const written = text.slice(node.offset, node.offset + node.length);
      const value = node.value as number;
      if (!Number.isFinite(value)) {
        problems.push({
          path: [...path],
          offset: node.offset,
          message: `${shortened(written, 40)} is too large to be a number the site can use. Write a smaller number.`,
        });
      } else if (/^-?\d{16,}$/.test(written) && BigInt(written) !== BigInt(value)) {
        problems.push({
          path: [...path],
          offset: node.offset,
          message: `${shortened(written, 40)} has too many digits to be kept exactly (it would become ${value}). Write at most 15 digits.`,
        });
      }
      return value;
    }
    case 'string': {
      const value = node.value as string;
      if (value.length > MAX_TEXT_LENGTH) {
        problems.push({
          path: [...path],
          offset: node.offset,
          message: `this text is ${value.length.toLocaleString('en-US')} characters long; at most ${MAX_TEXT_LENGTH.toLocaleString('en-US')} are allowed. Shorten it.`,
        });
      }
      return value;
    }
    default:
      return node.value;
  }
}

/** Where each line starts. A line ends at \n, \r\n or a lone \r (old Mac files), as editors count lines. */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 10) starts.push(i + 1);
    else if (char === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** 1-based line and column of a character offset. */
export function positionAt(lineStarts: readonly number[], offset: number): Position {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (lineStarts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - lineStarts[low]! + 1 };
}

/** The node of the value at a path, or of its nearest existing ancestor. */
export function nodeAt(source: JsonSource, path: JsonPath): Node {
  for (let length = path.length; length > 0; length--) {
    const node = findNodeAtLocation(source.tree, path.slice(0, length) as (string | number)[]);
    if (node) return node;
  }
  return source.tree;
}

/** Where the key of an object property is written, such as "platfrom" in { "platfrom": ... }. */
export function keyNodeAt(source: JsonSource, path: JsonPath): Node {
  const value = nodeAt(source, path);
  const property = value.parent;
  return property?.type === 'property' && property.children?.[0] ? property.children[0] : value;
}

export function syntaxErrorName(error: ParseError): string {
  return printParseErrorCode(error.error);
}

// Fields that name an entry of a list, in the order they are tried: an influencer by name, a section by type, ...
const NAME_FIELDS = ['name', 'title', 'label', 'type', 'question', 'heading'];

/** What an entry of a list is called, such as "Nii Armah Quaye" for an influencer, if it has a name. */
function entryName(entry: unknown): string | undefined {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return undefined;
  for (const field of NAME_FIELDS) {
    const value = (entry as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim() !== '') return visible(shortened(value.trim(), 40));
  }
  return undefined;
}

/**
 * A path as authors read it: entries counted from 1 and named when they have a name, such as
 * influencers 7 (Nii Armah Quaye).platform, sections 2 (story).heading or uiSchema.ui:order 3.
 */
export function readablePath(data: unknown, path: JsonPath): string {
  let out = '';
  let current: unknown = data;
  for (const segment of path) {
    if (typeof segment === 'number') {
      const entry = Array.isArray(current) ? current[segment] : undefined;
      const name = entryName(entry);
      out += `${out ? ' ' : 'entry '}${segment + 1}${name ? ` (${name})` : ''}`;
      current = entry;
    } else {
      const plain = /^[A-Za-z_$][A-Za-z0-9_$:-]*$/.test(segment);
      const key = plain ? segment : `[${visible(JSON.stringify(shortened(segment, 40)))}]`;
      out += plain && out ? `.${key}` : key;
      current =
        current && typeof current === 'object' && !Array.isArray(current) && Object.hasOwn(current, segment)
          ? (current as Record<string, unknown>)[segment]
          : undefined;
    }
  }
  return out || '(top level)';
}

/**
 * What each step of `path` is called where it has a name, aligned with it: an entry of a list by its name (as
 * readablePath says it), a field described by a group of "properties" by its title (a form's field); null elsewhere.
 */
export function namesAlong(data: unknown, path: JsonPath): (string | null)[] {
  let current: unknown = data;
  return path.map((segment, index) => {
    const holder = current;
    current =
      holder && typeof holder === 'object' && Object.hasOwn(holder, segment)
        ? (holder as Record<string | number, unknown>)[segment]
        : undefined;
    if (typeof segment === 'number') return Array.isArray(holder) ? (entryName(current) ?? null) : null;
    const title =
      path[index - 1] === 'properties' && current && typeof current === 'object'
        ? (current as { title?: unknown }).title
        : undefined;
    return typeof title === 'string' && title.trim() ? visible(shortened(title.trim(), 40)) : null;
  });
}

/** Splits an Ajv instancePath ("/influencers/3/platform") into segments, numbers for array indexes. */
export function pointerToPath(pointer: string, data: unknown): (string | number)[] {
  if (!pointer) return [];
  const path: (string | number)[] = [];
  let current: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const segment = Array.isArray(current) ? Number(key) : key;
    path.push(segment);
    current =
      current && typeof current === 'object' ? (current as Record<string | number, unknown>)[segment] : undefined;
  }
  return path;
}
