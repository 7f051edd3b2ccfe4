import { getLocation, type ParseError } from 'jsonc-parser';
import type { ConfigProblem } from './config-problem.ts';
import { lineStartsOf, positionAt, syntaxErrorName } from './json-source.ts';

/** One plain sentence for the first JSON syntax error of a file, at the character where it is. */
export function describeSyntaxError(displayPath: string, text: string, error: ParseError): ConfigProblem {
  const lineStarts = lineStartsOf(text);
  let offset = error.offset;
  let message = SYNTAX_MESSAGES[syntaxErrorName(error)] ?? 'this is not valid JSON.';

  if (text.trim() === '') {
    message = 'the file is empty. It should hold one group of fields in curly braces { }.';
    offset = 0;
  } else {
    const comma = trailingCommaBefore(text, error.offset);
    if (comma !== undefined && (error.error === 3 /* PropertyNameExpected */ || error.error === 4 /* ValueExpected */)) {
      message = 'there is a comma after the last item. Remove this comma.';
      offset = comma;
    } else if (text[error.offset] === "'") {
      message = 'text and field names need double quotes (") in JSON, not single quotes.';
    }
  }
  // At a broken key, jsonc-parser reports an empty key as the last segment: the object holding it is more useful.
  const path = getLocation(text, offset).path.filter((segment, index, all) => !(segment === '' && index === all.length - 1));
  return { file: displayPath, position: positionAt(lineStarts, offset), path: path.length ? path : '(top level)', message: `JSON syntax error: ${message}` };
}

/** The offset of a comma that directly precedes a closing bracket at `offset`, if that is the mistake. */
function trailingCommaBefore(text: string, offset: number): number | undefined {
  if (text[offset] !== '}' && text[offset] !== ']') return undefined;
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return text[i] === ',' ? i : undefined;
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
  InvalidCharacter: 'a line break or tab inside text is not allowed. Keep the text on one line, or write \\n for a new line.',
};
