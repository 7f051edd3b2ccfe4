import { getLocation, type ParseError } from 'jsonc-parser';
import type { ConfigProblem } from './config-problem.ts';
import { shortened } from './describe-value.ts';
import { lineStartsOf, MAX_NESTING, positionAt, readablePath, syntaxErrorName, type JsonPath } from './json-source.ts';

/** One plain sentence for the first JSON syntax error of a file, at the character where the fix goes. */
export function describeSyntaxError(displayPath: string, text: string, error: ParseError): ConfigProblem {
  const lineStarts = lineStartsOf(text);
  const line = (offset: number) => positionAt(lineStarts, offset).line;
  let offset = error.offset;
  let message = SYNTAX_MESSAGES[syntaxErrorName(error)] ?? 'this is not valid JSON.';
  let path: JsonPath | undefined;

  const before = previousToken(text, error.offset);
  // Where a value written after a list would start: at the error, or (when it was read as a field name) at its quote.
  const strayStart = error.error === 5 /* ColonExpected */ ? stringStartBefore(text, error.offset) : error.offset;
  const beforeStray = strayStart === undefined ? undefined : previousToken(text, strayStart);
  const listEnd = beforeStray?.char === ',' ? previousToken(text, beforeStray.offset) : undefined;
  if (text.trim() === '') {
    message = 'the file is empty. It should hold one group of fields in curly braces { }.';
    offset = 0;
  } else if (trailingCommaBefore(text, error.offset) !== undefined && (error.error === 3 /* PropertyNameExpected */ || error.error === 4 /* ValueExpected */)) {
    offset = trailingCommaBefore(text, error.offset)!;
    message = 'there is a comma after the last item. Remove this comma.';
  } else if (listEnd?.char === ']' && (error.error === 3 /* PropertyNameExpected */ || error.error === 5 /* ColonExpected */)) {
    // "tags": ["Video", "Music"], "Events"  — the value was meant to go inside the list.
    const listStart = openingBracketOf(text, listEnd.offset);
    offset = strayStart!;
    // Name the list, not the stray value (which the parser took for a field name).
    if (listStart !== undefined) path = getLocation(text, listStart + 1).path.slice(0, -1);
    message = `this value is outside the list [ ... ]${listStart === undefined ? '' : ` that starts on line ${line(listStart)}`}. Move it inside the brackets, before the ] on line ${line(listEnd.offset)}.`;
  } else if (before?.char === '"' && (error.error === 1 /* InvalidSymbol */ || error.error === 6 /* CommaExpected */) && line(before.offset) === line(error.offset) && looksLikeQuoteInText(text, error.offset)) {
    // "She said "hi" to me": the quote before hi ended the text.
    offset = before.offset;
    const fixed = textWithQuotesEscaped(text, before.offset);
    message = `a double quote (") inside this text ends it too early. Write \\" (a backslash, then the quote) for each quote inside text${fixed ? `: ${fixed}` : ', like "She said \\"hi\\""'}.`;
  } else if (unclosed(text, error) !== undefined) {
    const { bracket, offset: opened } = unclosed(text, error)!;
    message = bracket === '['
      ? `the list [ that starts on line ${line(opened)} is not closed. Add ] after its last item.`
      : `the group { that starts on line ${line(opened)} is not closed. Add } after its last field.`;
  } else if (text[error.offset] === "'") {
    message = 'text and field names need double quotes (") in JSON, not single quotes.';
  }
  const position = positionAt(lineStarts, offset);
  // At a broken key, jsonc-parser reports an empty key as the last segment: the object holding it is more useful.
  path ??= getLocation(text, offset).path.filter((segment, index, all) => !(segment === '' && index === all.length - 1));
  return { file: displayPath, position, path: pathWithoutData(path), message: `JSON syntax error: ${message}`, severity: 'error' };
}

/** The problem for lists and groups nested deeper than MAX_NESTING, at the bracket that goes too deep. */
export function describeTooDeep(displayPath: string, text: string, offset: number): ConfigProblem {
  return {
    file: displayPath,
    position: positionAt(lineStartsOf(text), offset),
    path: '(whole file)',
    message: `lists [ ] and groups { } are nested more than ${MAX_NESTING} deep here. Config never needs that many; look for brackets that were pasted in by mistake.`,
    severity: 'error',
  };
}

// A broken file has no data to name list entries by, so entries are only counted.
const pathWithoutData = (path: JsonPath) => (path.length ? readablePath(undefined, path) : '(top level)');

/** The last character before `offset` that is not white space, with its offset. */
function previousToken(text: string, offset: number): { char: string; offset: number } | undefined {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return i >= 0 ? { char: text[i]!, offset: i } : undefined;
}

/** The offset of a comma that directly precedes a closing bracket at `offset`, if that is the mistake. */
function trailingCommaBefore(text: string, offset: number): number | undefined {
  if (text[offset] !== '}' && text[offset] !== ']') return undefined;
  const before = previousToken(text, offset);
  return before?.char === ',' ? before.offset : undefined;
}

/** Where the text in quotes that ends just before `offset` begins. */
function stringStartBefore(text: string, offset: number): number | undefined {
  const end = previousToken(text, offset);
  if (end?.char !== '"') return undefined;
  for (let i = end.offset - 1; i >= 0; i--) {
    if (text[i] === '"' && text[i - 1] !== '\\') return i;
    if (text[i] === '\n' || text[i] === '\r') return undefined;
  }
  return undefined;
}

/** The brackets open at `offset`, innermost last, skipping brackets inside text. */
function openBrackets(text: string, offset: number): { bracket: string; offset: number }[] {
  const open: { bracket: string; offset: number }[] = [];
  let inString = false;
  for (let i = 0; i < offset; i++) {
    const char = text[i]!;
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"' || char === '\n' || char === '\r') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') open.push({ bracket: char, offset: i });
    else if (char === ']' || char === '}') open.pop();
  }
  return open;
}

/** The offset of the "[" that the "]" at `closing` closes. */
function openingBracketOf(text: string, closing: number): number | undefined {
  const start = openBrackets(text, closing).at(-1);
  return start?.bracket === '[' ? start.offset : undefined;
}

/**
 * The list or group left open where the parser stopped: a list that meets a "}" or a field's ":", or a group that
 * meets a "]" or another "{" where a field name should be.
 */
function unclosed(text: string, error: ParseError): { bracket: string; offset: number } | undefined {
  if (error.error !== 6 /* CommaExpected */ && error.error !== 3 /* PropertyNameExpected */) return undefined;
  const innermost = openBrackets(text, error.offset).at(-1);
  const next = text[error.offset];
  if (innermost?.bracket === '[' && (next === '}' || next === ':')) return innermost;
  if (innermost?.bracket === '{' && (next === ']' || next === '{')) return innermost;
  return undefined;
}

/**
 * The text whose quote at `endQuote` ended it early, rewritten with every inner quote escaped, as far as its line
 * shows it: "Yes, "small" businesses" becomes "Yes, \\"small\\" businesses". Undefined when the line does not say.
 */
function textWithQuotesEscaped(text: string, endQuote: number): string | undefined {
  const open = stringStartBefore(text, endQuote + 1);
  const lineEnd = text.slice(endQuote).search(/[\r\n]|$/) + endQuote;
  const close = text.slice(0, lineEnd).replace(/[\s,}\]]*$/, '').length - 1;
  if (open === undefined || text[close] !== '"' || close <= endQuote) return undefined;
  const inner = text.slice(open + 1, close).replace(/(?<!\\)"/g, '\\"');
  return `"${shortened(inner, 70)}"`;
}

/** Whether what follows a closed text on its line reads as more of that text: words, then another quote. */
function looksLikeQuoteInText(text: string, offset: number): boolean {
  const rest = text.slice(offset, text.slice(offset).search(/[\r\n]|$/) + offset);
  // Not a field name after a missing comma ("a" "b": 1), but words and a closing quote ("She said "hi" to me").
  return /"/.test(rest) && !/^"[^"]*"\s*:/.test(rest) && /^[^\s,{}[\]:]/.test(rest);
}

const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'this character is not allowed here. Text must be in double quotes, like "this".',
  InvalidNumberFormat: 'this number is not written correctly. Write digits only, such as 42 or 4.8.',
  PropertyNameExpected: 'a field name in double quotes was expected here, such as "title".',
  ValueExpected: 'a value was expected here: text in double quotes, a number, true, false, a list [ ] or a group { }.',
  ColonExpected: 'a colon is missing after the field name. Write "name": value.',
  CommaExpected: 'a comma is missing before this point. Separate items with commas.',
  CloseBraceExpected: 'a closing } is missing. Every { needs a matching }.',
  CloseBracketExpected: 'a closing ] is missing. Every [ needs a matching ].',
  EndOfFileExpected: 'there is more after the end of the content. Remove it, or look for an extra } or ].',
  InvalidCommentToken: 'comments are not allowed in JSON files. Remove the comment.',
  UnexpectedEndOfComment: 'comments are not allowed in JSON files. Remove the comment.',
  UnexpectedEndOfString: 'this text is not closed. Add the closing double quote (").',
  UnexpectedEndOfNumber: 'this number is not complete.',
  InvalidUnicode: 'this \\u escape is not valid. Write four hexadecimal digits after \\u.',
  InvalidEscapeCharacter: 'this backslash escape is not valid. Write \\\\ for a backslash, or \\" for a double quote.',
  InvalidCharacter: 'a line break, tab or other control character inside text is not allowed. Keep the text on one line, or write \\n for a new line.',
};
