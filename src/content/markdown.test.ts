import { describe, expect, it } from 'vitest';
import { linksOf, markdownProblem, parseInline, parseMarkdown } from './markdown';

describe('the Markdown of a text block', () => {
  it('reads paragraphs (lines joined), subheadings, and lists that a blank line or another kind of line ends', () => {
    expect(
      parseMarkdown('One\ntwo\n\n## Head\n- a\n- b\n  more\n1. x\n\nEnd').map((block) =>
        block.kind === 'list' ? [block.kind, block.ordered, block.items.length] : [block.kind],
      ),
    ).toEqual([['paragraph'], ['heading'], ['list', false, 2], ['list', true, 1], ['paragraph']]);
    expect(parseMarkdown('- a\n  more')).toEqual([{ kind: 'list', ordered: false, items: [['a more']] }]);
    expect(parseMarkdown('### Small')).toEqual([{ kind: 'heading', level: 3, children: ['Small'] }]);
  });

  it('reads bold, italic and links, nested, and leaves snake_case, lone stars and escapes as written', () => {
    expect(parseInline('**bold [link](/a)** and *it*')).toEqual([
      { kind: 'strong', children: ['bold ', { kind: 'link', href: '/a', children: ['link'] }] },
      ' and ',
      { kind: 'em', children: ['it'] },
    ]);
    expect(parseInline('snake_case_name and 2 * 3 * 4')).toEqual(['snake_case_name and 2 * 3 * 4']);
    expect(parseInline('\\*not italic\\*')).toEqual(['*not italic*']);
    expect(linksOf(parseMarkdown('[a](/x)\n\n- [b](https://y.z)'))).toEqual(['/x', 'https://y.z']);
  });

  it('refuses HTML, a second main heading and unsafe links, naming the line', () => {
    expect(markdownProblem('Fine\n\nHello <b>you</b>')).toMatch(/^line 3 of the text holds HTML \("<b>"\)/);
    expect(markdownProblem('# Title')).toMatch(/^the text is a main heading \(one #\)/);
    expect(markdownProblem('[x](javascript:alert(1))')).toMatch(/^the text links to "javascript:alert\(1", which is neither a page/);
    expect(markdownProblem('[x](//evil.example)')).toMatch(/is neither a page of this site/);
    expect(markdownProblem('2 < 3, and ## is fine in a line')).toBeUndefined();
    expect(markdownProblem('See [us](/abut)', (path) => (path === '/abut' ? 'is not a page of this site. Did you mean "/about"?' : undefined))).toBe(
      'the text links to "/abut", which is not a page of this site. Did you mean "/about"?',
    );
  });
});
