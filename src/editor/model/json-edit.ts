import {
  applyEdits,
  findNodeAtLocation,
  modify,
  parseTree,
  type Edit,
  type FormattingOptions,
  type JSONPath,
} from 'jsonc-parser';
import { isRecord, sameJson } from '../../content/json-values.ts';

/** A file's bytes or text as JSON data, or undefined when it is not JSON (or not there). */
export const parseJson = (text: string | Uint8Array | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(typeof text === 'string' ? text : new TextDecoder().decode(text)) as unknown;
  } catch {
    return undefined;
  }
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** How a file is indented and ends its lines, read from the file itself, so edits look like the rest of it. */
function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

/** A value on one line, spaced as people write short entries: { "label": "Team", "href": "/team" }. */
function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return entries.length === 0
      ? '{}'
      : `{ ${entries.map(([key, item]) => `${JSON.stringify(key)}: ${oneLine(item)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/**
 * The text with `value` inserted into the list at `path` at `index`, written as the entry beside it is (on one line,
 * or spread over lines at its indentation), and nothing else touched. Undefined when the list has no entry to follow.
 */
function insertLikeNeighbour(
  text: string,
  path: JSONPath,
  index: number,
  value: unknown,
  formatting: FormattingOptions,
): string | undefined {
  const list = findNodeAtLocation(parseTree(text)!, path);
  const neighbour = list?.children?.[index > 0 ? index - 1 : 0];
  if (!list || list.type !== 'array' || !neighbour) return undefined;
  const eol = formatting.eol ?? '\n';
  const lineStart = text.lastIndexOf('\n', neighbour.offset) + 1;
  const indent = text.slice(lineStart, neighbour.offset);
  if (!/^[ \t]*$/.test(indent)) return undefined;
  const neighbourText = text.slice(neighbour.offset, neighbour.offset + neighbour.length);
  const unit = formatting.insertSpaces ? ' '.repeat(formatting.tabSize ?? 2) : '\t';
  const rendered = neighbourText.includes('\n')
    ? JSON.stringify(value, null, unit).split('\n').join(`${eol}${indent}`)
    : oneLine(value);
  if (index > 0) {
    const end = neighbour.offset + neighbour.length;
    return `${text.slice(0, end)},${eol}${indent}${rendered}${text.slice(end)}`;
  }
  return `${text.slice(0, neighbour.offset)}${rendered},${eol}${indent}${text.slice(neighbour.offset)}`;
}

/** How long a line may grow before a list or group written on one line is spread over several. */
const ONE_LINE_AT_MOST = 160;

/**
 * Each edit re-reads the whole text, so a change that touches thousands of places (a pasted list, a file rewritten
 * elsewhere) would take time growing with the square of its size; past this many edits the file is written out whole.
 */
const MAX_EDITS = 500;
const tooManyEdits = new Error('too many edits');

/**
 * The text of a JSON file changed to hold `next`, touching only what changed: every other line, the key order and
 * the formatting stay as written, so changing one field is a one-line diff. A key that is new goes where it stands
 * in `next` among its neighbours; list entries added, removed or moved change only those entries.
 */
export function editJsonText(text: string, next: unknown): string {
  const formatting = formattingOf(text);
  let result = text;
  let editsLeft = MAX_EDITS;
  const spend = () => {
    if (--editsLeft < 0) throw tooManyEdits;
  };
  /**
   * A list or group written on one line stays on one line when an entry is added, removed or changed, as long as
   * its line stays readable: ["a", "b", "c"] less "b" is ["a", "c"], not five lines.
   */
  const keptOnOneLine = (path: JSONPath, before: unknown, after: unknown): boolean => {
    const bothLists = Array.isArray(before) && Array.isArray(after);
    if (!bothLists && !(isRecord(before) && isRecord(after))) return false;
    const node = path.length === 0 ? undefined : findNodeAtLocation(parseTree(result)!, path);
    if (!node) return false;
    const written = result.slice(node.offset, node.offset + node.length);
    const rendered = oneLine(after);
    const lineStart = result.lastIndexOf('\n', node.offset) + 1;
    const lineEnd = result.indexOf('\n', node.offset + node.length);
    const lineLength = (lineEnd === -1 ? result.length : lineEnd) - lineStart;
    const newLength = lineLength - written.length + rendered.length;
    // A long line written by the author may grow by an entry or two; past that, the list is spread over lines.
    if (written.includes('\n') || newLength > Math.max(ONE_LINE_AT_MOST, lineLength + 80)) return false;
    spend();
    result = `${result.slice(0, node.offset)}${rendered}${result.slice(node.offset + node.length)}`;
    return true;
  };
  const apply = (path: JSONPath, value: unknown, options: { insertAt?: number; arrayInsert?: boolean } = {}) => {
    spend();
    const edits: Edit[] = modify(result, path, value, {
      formattingOptions: formatting,
      isArrayInsertion: options.arrayInsert,
      getInsertionIndex: options.insertAt === undefined ? undefined : () => options.insertAt!,
    });
    result = applyEdits(result, edits);
  };

  /** The entry of an object at `path` named `key`, as the text holds it now. */
  const entryOf = (path: JSONPath, key: string) => {
    const parent = findNodeAtLocation(parseTree(result)!, path);
    const entry =
      parent?.type === 'object' ? parent.children?.find((child) => child.children?.[0]?.value === key) : undefined;
    return parent && entry ? { entries: parent.children!, entry } : undefined;
  };
  /** A key renamed with its value unchanged (a form field's name): only the name changes, in place. */
  const renameKey = (path: JSONPath, from: string, to: string) => {
    const name = entryOf(path, from)?.entry.children?.[0];
    if (!name) return false;
    spend();
    result = `${result.slice(0, name.offset)}${JSON.stringify(to)}${result.slice(name.offset + name.length)}`;
    return true;
  };
  /**
   * Takes an entry of an object or a list out with its own lines, and no other line changes (jsonc's removal re-lays
   * the entries around it); an entry sharing its line with others is left to jsonc.
   */
  const removeEntry = (path: JSONPath, key: string | number) => {
    const parent = findNodeAtLocation(parseTree(result)!, path);
    const entries = parent?.children ?? [];
    const entry =
      typeof key === 'number' ? (parent?.type === 'array' ? entries[key] : undefined) : entryOf(path, key)?.entry;
    const lineStart = entry ? result.lastIndexOf('\n', entry.offset) + 1 : 0;
    if (!entry || !/^[ \t]*$/.test(result.slice(lineStart, entry.offset))) return apply([...path, key], undefined);
    const next = entries[entries.indexOf(entry) + 1];
    const previous = entries[entries.indexOf(entry) - 1];
    const nextLineStart = next ? result.lastIndexOf('\n', next.offset) + 1 : -1;
    spend();
    // From its line to the next entry's line; the last entry takes the comma of the one before it.
    if (next && nextLineStart > entry.offset) result = `${result.slice(0, lineStart)}${result.slice(nextLineStart)}`;
    else if (!next && previous)
      result = `${result.slice(0, previous.offset + previous.length)}${result.slice(entry.offset + entry.length)}`;
    else apply([...path, key], undefined);
  };

  const walk = (path: JSONPath, given: unknown, after: unknown): void => {
    if (sameJson(given, after)) return;
    if (keptOnOneLine(path, given, after)) return;
    let before = given;
    if (isRecord(given) && isRecord(after)) {
      // A key gone and a key new with the same value is a rename: the name changes where it stands.
      const added = Object.keys(after).filter((key) => !(key in given));
      const renames = new Map<string, string>();
      for (const from of Object.keys(given).filter((key) => !(key in after))) {
        const to = added.find((key) => !renames.has(key) && sameJson(given[from], after[key]));
        if (to && renameKey(path, from, to)) renames.set(to, from);
      }
      if (renames.size > 0)
        before = Object.fromEntries(
          Object.entries(given).map(([key, value]) => [
            [...renames].find(([, from]) => from === key)?.[0] ?? key,
            value,
          ]),
        );
    }
    if (isRecord(before) && isRecord(after)) {
      for (const key of Object.keys(before)) if (!(key in after)) removeEntry(path, key);
      const keys = Object.keys(after);
      keys.forEach((key, index) => {
        if (key in before) walk([...path, key], before[key], after[key]);
        // A new key goes after the keys that precede it in the new value, all of which are in the file by now.
        else apply([...path, key], after[key], { insertAt: index });
      });
      return;
    }
    if (Array.isArray(before) && Array.isArray(after)) {
      // Entries equal at both ends stay; the ones between are changed in place, removed or inserted.
      let start = 0;
      while (start < before.length && start < after.length && sameJson(before[start], after[start])) start++;
      let endBefore = before.length;
      let endAfter = after.length;
      while (endBefore > start && endAfter > start && sameJson(before[endBefore - 1], after[endAfter - 1])) {
        endBefore--;
        endAfter--;
      }
      const changed = Math.min(endBefore - start, endAfter - start);
      // Each entry removed or added is an edit at least: past the limit, the file is written whole without trying.
      if (endBefore - start - changed + (endAfter - start - changed) > editsLeft) throw tooManyEdits;
      for (let index = start; index < start + changed; index++) walk([...path, index], before[index], after[index]);
      for (let index = endBefore - 1; index >= start + changed; index--) removeEntry(path, index);
      for (let index = start + changed; index < endAfter; index++) {
        spend();
        const inserted = insertLikeNeighbour(result, path, index, after[index], formatting);
        if (inserted === undefined) apply([...path, index], after[index], { arrayInsert: true });
        else result = inserted;
      }
      return;
    }
    apply(path, after);
  };

  try {
    walk([], JSON.parse(text) as Json, next);
  } catch (error) {
    if (error !== tooManyEdits) throw error;
    return wholeFile(next, formatting, text);
  }
  // The edits must give exactly the new value; if they ever do not, the whole file is written out instead.
  if (!sameJson(JSON.parse(result), next)) return wholeFile(next, formatting, text);
  return result;
}

function wholeFile(value: unknown, formatting: FormattingOptions, original: string): string {
  const indent = formatting.insertSpaces ? ' '.repeat(formatting.tabSize ?? 2) : '\t';
  const body = JSON.stringify(value, null, indent).replace(/\n/g, formatting.eol ?? '\n');
  return /\r?\n$/.test(original) ? `${body}${formatting.eol}` : body;
}

/**
 * A file's text once it holds `next`: its text as it was, edited in place (editJsonText), or written whole when it is
 * new or its text is not valid JSON (someone is midway through an edit).
 */
export function textHolding(before: string | undefined, next: unknown): string {
  if (before !== undefined)
    try {
      return editJsonText(before, next);
    } catch {
      // Written whole below.
    }
  return `${JSON.stringify(next, null, 2)}\n`;
}
