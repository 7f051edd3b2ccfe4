/**
 * What the Bold, Italic and Link buttons (and Ctrl+B, Ctrl+I, Ctrl+K) do to a text and its selection: the marks of
 * the Markdown the site draws (src/content/markdown.ts), put round the words the author chose, or taken away when
 * they are already there. Plain functions over text, so both editors and the tests share them.
 */

/** A text and the part of it that is selected (start = end: the caret). */
export interface TextSelection {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export type Emphasis = 'bold' | 'italic';

const WORD_CHARACTER = /[\p{L}\p{N}'’_-]/u;

/** The selection without the spaces at its ends; a caret inside a word selects that word. */
function chosenWords({ text, start, end }: TextSelection): TextSelection {
  let from = start;
  let to = end;
  if (from === to) {
    while (from > 0 && WORD_CHARACTER.test(text[from - 1]!)) from--;
    while (to < text.length && WORD_CHARACTER.test(text[to]!)) to++;
  }
  while (from < to && /\s/.test(text[from]!)) from++;
  while (to > from && /\s/.test(text[to - 1]!)) to--;
  return { text, start: from, end: to };
}

const starsBefore = (text: string, at: number) => text.slice(0, at).match(/\**$/)![0].length;
const starsAfter = (text: string, at: number) => text.slice(at).match(/^\**/)![0].length;

/** Whether stars round a part make it bold or italic: ** is bold, * italic, *** both. */
const isOn = (stars: number, emphasis: Emphasis) => (emphasis === 'bold' ? stars >= 2 : stars % 2 === 1);

/**
 * Bold or italic on the chosen words, or off when they have it: the words stay selected, marks and all outside. With
 * nothing to choose (the caret between spaces), the marks go in with the caret between them, to type into.
 */
export function toggleEmphasis(selection: TextSelection, emphasis: Emphasis): TextSelection {
  const marks = emphasis === 'bold' ? '**' : '*';
  const { text, start, end } = chosenWords(selection);
  const chosen = text.slice(start, end);
  // The marks selected with the words: take them off.
  const inner = chosen.match(/^(\*+)([^]*?)(\*+)$/);
  if (inner && inner[2] !== '' && isOn(Math.min(inner[1]!.length, inner[3]!.length), emphasis)) {
    const words = `${inner[1]!.slice(marks.length)}${inner[2]}${inner[3]!.slice(marks.length)}`;
    return { text: text.slice(0, start) + words + text.slice(end), start, end: start + words.length };
  }
  const stars = Math.min(starsBefore(text, start), starsAfter(text, end));
  if (start !== end && isOn(stars, emphasis)) {
    const from = start - marks.length;
    return {
      text: text.slice(0, from) + chosen + text.slice(end + marks.length),
      start: from,
      end: from + chosen.length,
    };
  }
  return {
    text: text.slice(0, start) + marks + chosen + marks + text.slice(end),
    start: start + marks.length,
    end: end + marks.length,
  };
}

/**
 * A link on the chosen words to an address; with no words chosen, the page's name (or the address) becomes the
 * link's words. The caret lands after the link, to write on.
 */
export function addLink(selection: TextSelection, address: string, name?: string): TextSelection {
  const { text, start, end } = chosenWords(selection);
  const words = (text.slice(start, end) || name || address).replace(/[[\]]/g, '\\$&');
  const link = `[${words}](${address.includes(' ') || address.includes(')') ? `<${address}>` : address})`;
  const caret = start + link.length;
  return { text: text.slice(0, start) + link + text.slice(end), start: caret, end: caret };
}
