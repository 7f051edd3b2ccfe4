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
  } else if (
    trailingCommaBefore(text, error.offset) !== undefined &&
    (error.error === 3 /* PropertyNameExpected */ || error.error === 4) /* ValueExpected */
  ) {
    offset = trailingCommaBefore(text, error.offset)!;
    message = 'there is a comma after the last item. Remove this comma.';
  } else if (
    listEnd?.char === ']' &&
    (error.error === 3 /* PropertyNameExpected */ || error.error === 5) /* ColonExpected */
  ) {
    // "tags": ["Video", "Music"], "Events"  — the value was meant to go inside the list.
    const listStart = openingBracketOf(text, listEnd.offset);
    offset = strayStart!;
    // Name the list, not the stray value (which the parser took for a field name).
    if (listStart !== undefined) path = getLocation(text, listStart + 1).path.slice(0, -1);
    message = `this value is outside the list [ ... ]${listStart === undefined ? '' : ` that starts on line ${line(listStart)}`}. Move it inside the brackets, before the ] on line ${line(listEnd.offset)}.`;
  } else if (slipAt(text, error) !== undefined) {
    ({ message, offset = error.offset } = slipAt(text, error)!);
  } else if (
    before?.char === '"' &&
    (error.error === 1 /* InvalidSymbol */ || error.error === 6) /* CommaExpected */ &&
    line(before.offset) === line(error.offset) &&
    looksLikeQuoteInText(text, error.offset)
  ) {
    // "She said "hi" to me": the quote before hi ended the text.
    offset = before.offset;
    const fixed = textWithQuotesEscaped(text, before.offset);
    message = `a double quote (") inside this text ends it too early. Write \\" (a backslash, then the quote) for each quote inside text${fixed ? `: ${fixed}` : ', like "She said \\"hi\\""'}.`;
  } else if (unclosed(text, error) !== undefined) {
    const { bracket, offset: opened } = unclosed(text, error)!;
    message =
      bracket === '['
        ? `the list [ that starts on line ${line(opened)} is not closed. Add ] after its last item.`
        : `the group { that starts on line ${line(opened)} is not closed. Add } after its last field.`;
  } else if (text[error.offset] === "'") {
    message = 'text and field names need double quotes (") in JSON, not single quotes.';
  } else if (error.error === 1 /* InvalidSymbol */ && /^[A-Za-z]/.test(text.slice(error.offset))) {
    const word = /^[^\s,:{}[\]"]+/.exec(text.slice(error.offset))![0];
    message = `text must be in double quotes: "${shortened(word, 40)}".`;
  } else if (syntaxErrorName(error) === 'UnexpectedEndOfString' && continuesOnNextLine(text, error.offset)) {
    message =
      'this text goes on over a line break, which JSON does not allow. Keep it on one line; write \\n where a new line should start.';
  }
  const position = positionAt(lineStarts, offset);
  // At a broken key, jsonc-parser reports an empty key as the last segment: the object holding it is more useful.
  path ??= getLocation(text, offset).path.filter(
    (segment, index, all) => !(segment === '' && index === all.length - 1),
  );
  return {
    file: displayPath,
    position,
    path: pathWithoutData(path),
    message: `JSON syntax error: ${message}`,
    severity: 'error',
  };
}

/**
 * Slips recognisable from what is written where the parser stopped: curly quotes pasted from a word processor,
 * True or yes for true, = or ; in place of : or ,, a field name without quotes, numbers written 2,000 or 02, and
 * Windows backslashes in a path. The sentence, and where the fix goes when that is not the parser's position.
 */
function slipAt(text: string, error: ParseError): { message: string; offset?: number } | undefined {
  const at = error.offset;
  const rest = text.slice(at, at + 200);
  const word = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(rest)?.[0];
  if (/^[\u201C\u201D\u201E\u2018\u2019\u00AB\u00BB]/.test(rest)) {
    return {
      message:
        'curly quotes (“ ” ‘ ’), as word processors type them, are not quotes in JSON. Use straight double quotes ("), as VS Code types them.',
    };
  }
  if (rest[0] === '=')
    return { message: 'a field name and its value are separated by a colon (:), not =. Write "name": value.' };
  if (rest[0] === ';')
    return { message: 'items are separated by commas (,), not semicolons. Replace the ; with a comma.' };
  if (word && /^(true|false)$/i.test(word))
    return { message: `true and false are written in lower case, without quotes: ${word.toLowerCase()}.` };
  if (word && /^(yes|no|on|off)$/i.test(word))
    return { message: `write true or false, without quotes, instead of ${word}.` };
  if (word && /^(null|none|nil|undefined)$/i.test(word))
    return { message: `${word} is not a value here. Remove the field if it has no value, or write the value.` };
  if (word && /^\s*:/.test(text.slice(at + word.length, at + word.length + 20)))
    return { message: `field names need double quotes: "${word}".` };
  // "id": 2,000 — the thousands separator splits the number in two.
  const digitsBefore = /(\d+),\s*$/.exec(text.slice(Math.max(0, at - 20), at));
  if (
    /^\d{3}\b/.test(rest) &&
    digitsBefore &&
    (error.error === 3 /* PropertyNameExpected */ || error.error === 4) /* ValueExpected */
  ) {
    const whole = `${digitsBefore[1]}${/^\d+/.exec(rest)![0]}`;
    return {
      message: `numbers are written without separators between thousands: ${whole}.`,
      offset: at - digitsBefore[0].length,
    };
  }
  // "id": 02 — the parser reads 0, then stops at the 2.
  if (/^\d/.test(rest) && text[at - 1] === '0' && !/[\d.eE+-]/.test(text[at - 2] ?? '')) {
    return {
      message: `a number cannot start with 0. Write ${/^\d+/.exec(rest)![0].replace(/^0+/, '') || '0'} instead of 0${/^\d+/.exec(rest)![0]}.`,
      offset: at - 1,
    };
  }
  if (syntaxErrorName(error) === 'InvalidEscapeCharacter') {
    const open = text[at] === '"' ? at : text.lastIndexOf('"', at);
    const close = text.indexOf('"', open + 1);
    const written = open >= 0 && close > open ? text.slice(open + 1, close) : '';
    if (/^\\?[\w.-]+(\\[\w.-]+)+$/.test(written)) {
      return {
        message: `paths are written with forward slashes (/), not backslashes: "/${written.replace(/^\\/, '').replace(/\\/g, '/')}".`,
      };
    }
  }
  return undefined;
}

/** Whether an unclosed text at `open` seems to go on over the next line, rather than miss its closing quote. */
function continuesOnNextLine(text: string, open: number): boolean {
  const lineEnd = text.slice(open).search(/[\r\n]/) + open;
  const next = /^[\r\n]+([^\r\n]*)/.exec(text.slice(lineEnd))?.[1]?.trim() ?? '';
  return next !== '' && !/^"[^"]*"\s*:/.test(next) && !/^[}\]]/.test(next) && /",?$/.test(next);
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
  InvalidCharacter:
    'a line break, tab or other control character inside text is not allowed. Keep the text on one line, or write \\n for a new line.',
};
