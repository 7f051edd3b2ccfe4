/**
 * How the checker shows an author's own words back to them: short, on one line, and with nothing invisible.
 * A value can be 100,000 characters long or hold a right-to-left override that would scramble the line it is printed
 * on.
 */

const MAX_SHOWN = 80;

// Characters that change how the rest of the line looks or are invisible: bidi controls, zero-width marks, the BOM.
// Spaces other than the plain one are shown too: a no-break space in a field name looks exactly like a space.
const HIDDEN =
  /[\u0000-\u001f\u007f-\u00a0\u00ad\u061c\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2069\u3000\ufeff\ufff9-\ufffb]/g;

/** Text with every control, invisible or direction-changing character written as a visible \u escape. */
export function visible(text: string): string {
  return text.replace(HIDDEN, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`);
}

/** A file path as printed in messages: visible, on one line. */
export function displayPath(path: string): string {
  return visible(path);
}

/** Text cut to a length an author can read on one line, saying how long the whole is. */
export function shortened(text: string, max = MAX_SHOWN): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars.slice(0, max - 1).join('')}…`;
}

/** A value as JSON would write it, in double quotes when it is text, shortened and made visible. */
export function quote(value: unknown): string {
  if (typeof value === 'string') {
    const chars = [...value].length;
    const json = JSON.stringify(shortened(value));
    return visible(chars > MAX_SHOWN ? `${json} (${chars.toLocaleString('en-US')} characters)` : json);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'a number too large to use';
  if (value === null || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'a list';
  if (value === undefined) return 'nothing';
  return 'a group of fields';
}
