import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../content/markdown.ts';
import { addLink, toggleEmphasis, type TextSelection } from './formatting.ts';

/** A text with its selection written in it: [ and ] round the selected part, | for the caret. */
const at = (written: string): TextSelection => {
  const caret = written.indexOf('|');
  if (caret >= 0) return { text: written.replace('|', ''), start: caret, end: caret };
  const start = written.indexOf('[');
  const end = written.indexOf(']') - 1;
  return { text: written.replace('[', '').replace(']', ''), start, end };
};
const shown = ({ text, start, end }: TextSelection) =>
  start === end
    ? `${text.slice(0, start)}|${text.slice(start)}`
    : `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;

describe('Bold and Italic on the words the author chose', () => {
  it('puts the marks round the selection, and keeps the words selected', () => {
    expect(shown(toggleEmphasis(at('We [reply fast] here'), 'bold'))).toBe('We **[reply fast]** here');
    expect(shown(toggleEmphasis(at('We [reply fast] here'), 'italic'))).toBe('We *[reply fast]* here');
  });

  it('takes a caret inside a word as that word, and a selection with spaces at its ends as the words alone', () => {
    expect(shown(toggleEmphasis(at('We rep|ly fast'), 'bold'))).toBe('We **[reply]** fast');
    expect(shown(toggleEmphasis(at('We[ reply ]fast'), 'bold'))).toBe('We **[reply]** fast');
  });

  it('takes the marks off when the words have them, selected with them or not', () => {
    expect(shown(toggleEmphasis(at('We **[reply]** fast'), 'bold'))).toBe('We [reply] fast');
    expect(shown(toggleEmphasis(at('We [**reply**] fast'), 'bold'))).toBe('We [reply] fast');
    expect(shown(toggleEmphasis(at('We *rep|ly* fast'), 'italic'))).toBe('We [reply] fast');
  });

  it('makes bold words italic too, and takes one off without the other', () => {
    const both = toggleEmphasis(at('We **[reply]** fast'), 'italic');
    expect(shown(both)).toBe('We ***[reply]*** fast');
    expect(parseMarkdown(both.text)).toEqual([
      {
        kind: 'paragraph',
        children: ['We ', { kind: 'em', children: [{ kind: 'strong', children: ['reply'] }] }, ' fast'],
      },
    ]);
    expect(shown(toggleEmphasis(both, 'bold'))).toBe('We *[reply]* fast');
    expect(shown(toggleEmphasis(both, 'italic'))).toBe('We **[reply]** fast');
  });

  it('with nothing to choose, puts the marks in with the caret between them', () => {
    expect(shown(toggleEmphasis(at('We | fast'), 'bold'))).toBe('We **|** fast');
  });
});

describe('Link on the words the author chose', () => {
  it('links the chosen words, or the word at the caret, and puts the caret after the link', () => {
    expect(shown(addLink(at('See [our work] now'), '/work'))).toBe('See [our work](/work)| now');
    expect(shown(addLink(at('See wo|rk now'), '/work'))).toBe('See [work](/work)| now');
  });

  it("with no words chosen, writes the page's name, or the address", () => {
    expect(shown(addLink(at('See | now'), '/work', 'Our Work'))).toBe('See [Our Work](/work)| now');
    expect(shown(addLink(at('Mail |'), 'mailto:hi@example.com'))).toBe(
      'Mail [mailto:hi@example.com](mailto:hi@example.com)|',
    );
  });

  it('keeps brackets in the words, and an address with a space or bracket, as the site reads them', () => {
    const link = addLink({ text: 'a [b] c', start: 0, end: 7 }, 'https://example.com/a b');
    expect(parseMarkdown(link.text)).toEqual([
      { kind: 'paragraph', children: [{ kind: 'link', href: 'https://example.com/a b', children: ['a [b] c'] }] },
    ]);
  });
});
