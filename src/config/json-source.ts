import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

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

/** Parses strict JSON (no comments, no trailing commas). Returns the first syntax error instead when there is one. */
export function parseJsonSource(displayPath: string, text: string): { source: JsonSource } | { syntaxError: ParseError } {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || !tree) {
    return { syntaxError: errors[0] ?? { error: 4 /* ValueExpected */, offset: 0, length: 0 } };
  }
  return { source: { displayPath, text, tree, data: nodeValue(tree), lineStarts: lineStartsOf(text) } };
}

// jsonc-parser's getNodeValue drops "__proto__"-like keys into prototypes; build plain data ourselves.
function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const [key, child] = property.children ?? [];
        if (key && child) Object.defineProperty(value, String(key.value), { value: nodeValue(child), enumerable: true, writable: true, configurable: true });
      }
      return value;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
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

/** A JSON path as authors read it: influencers[3].platform, uiSchema["ui:order"][2]. */
export function formatJsonPath(path: JsonPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out || '(top level)';
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
    current = current && typeof current === 'object' ? (current as Record<string | number, unknown>)[segment] : undefined;
  }
  return path;
}
