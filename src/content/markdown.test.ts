import fc from 'fast-check';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { linksOf, markdownProblem, parseMarkdown, wordsOf, type Block } from './markdown.ts';

/** The words of one paragraph's text, as the renderer receives them. */
const inline = (text: string) => {
  const [first] = parseMarkdown(text);
  return first?.kind === 'paragraph' ? first.children : undefined;
};

describe('the Markdown of a text block', () => {
  it('reads paragraphs (lines joined), subheadings and lists that a blank line or another kind of line ends', () => {
    expect(
      parseMarkdown('One\ntwo\n\n## Head\n- a\n- b\n  more\n\n1. x\n\nEnd').map((block) =>
        block.kind === 'list' ? [block.kind, block.ordered, block.items.length] : [block.kind],
      ),
    ).toEqual([['paragraph'], ['heading'], ['list', false, 2], ['list', true, 1], ['paragraph']]);
    expect(parseMarkdown('- a\n  more')).toEqual([
      { kind: 'list', ordered: false, tight: true, items: [[{ kind: 'paragraph', children: ['a\nmore'] }]] },
    ]);
    expect(parseMarkdown('### Small\n\n#### Smaller')).toEqual([
      { kind: 'heading', level: 3, children: ['Small'] },
      { kind: 'heading', level: 3, children: ['Smaller'] },
    ]);
  });

  it('reads bold inside italic and italic inside bold as email and chat do, with no stray stars', () => {
    expect(inline('**bold *and italic***')).toEqual([
      { kind: 'strong', children: ['bold ', { kind: 'em', children: ['and italic'] }] },
    ]);
    expect(inline('*a **b** c*')).toEqual([
      { kind: 'em', children: ['a ', { kind: 'strong', children: ['b'] }, ' c'] },
    ]);
    expect(inline('**bold [link](/a)** and *it*')).toEqual([
      { kind: 'strong', children: ['bold ', { kind: 'link', href: '/a', children: ['link'] }] },
      ' and ',
      { kind: 'em', children: ['it'] },
    ]);
  });

  it('leaves snake_case, lone stars and escaped stars as written', () => {
    expect(inline('snake_case_name and 2 * 3 * 4')).toEqual(['snake_case_name and 2 * 3 * 4']);
    expect(inline('\\*not italic\\*')).toEqual(['*not italic*']);
  });

  it('makes a link of an address that holds parentheses, and of an address in angle brackets', () => {
    expect(inline('See [Foo](https://en.wikipedia.org/wiki/Foo_(bar)).')).toEqual([
      'See ',
      { kind: 'link', href: 'https://en.wikipedia.org/wiki/Foo_(bar)', children: ['Foo'] },
      '.',
    ]);
    expect(inline('Write to <mailto:hello@example.com>')).toEqual([
      'Write to ',
      { kind: 'link', href: 'mailto:hello@example.com', children: ['mailto:hello@example.com'] },
    ]);
    expect(inline('[Our work][work]\n\n[work]: /work')).toEqual([
      { kind: 'link', href: '/work', children: ['Our work'] },
    ]);
  });

  it('keeps a list inside a list item, and tells a tight list from a loose one', () => {
    const [list] = parseMarkdown('- Brands\n  - Fashion\n  - Food\n- Creators');
    expect(list).toEqual({
      kind: 'list',
      ordered: false,
      tight: true,
      items: [
        [
          { kind: 'paragraph', children: ['Brands'] },
          {
            kind: 'list',
            ordered: false,
            tight: true,
            items: [[{ kind: 'paragraph', children: ['Fashion'] }], [{ kind: 'paragraph', children: ['Food'] }]],
          },
        ],
        [{ kind: 'paragraph', children: ['Creators'] }],
      ],
    } satisfies Block);
    expect(parseMarkdown('- one\n\n- two')[0]).toMatchObject({ kind: 'list', tight: false });
    expect(parseMarkdown('3. three\n4. four')[0]).toMatchObject({ kind: 'list', ordered: true, start: 3 });
  });

  it('shows HTML as the text it is, never as markup', () => {
    expect(inline('Hello <b>you</b>')).toEqual(['Hello <b>you</b>']);
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', children: ['<script>alert(1)</script>'] },
    ]);
  });

  it('lists every address the text links to, reference links included', () => {
    expect(linksOf('[a](/x)\n\n- [b](https://y.z)\n- [c][d]\n\n[d]: /about')).toEqual(['/x', 'https://y.z', '/about']);
  });

  it.each([
    ['inside a link', '[<b>us</b>](/contact)'],
    ['in a quotation', '> <i>said</i>'],
    ['in a list', '- <span>item</span>'],
    ['in a subheading', '## <b>Why</b>'],
    ['a tag across lines', 'Hello\n<b\nonclick=x>you</b>'],
    ['a closing tag alone', 'Hello </div>'],
    ['a comment', 'Hello <!-- hidden -->'],
  ])('refuses inline HTML %s', (_, text) => expect(markdownProblem(text, 'text-block')).toMatch(/holds HTML/));

  it('refuses HTML, a main heading, pictures and unsafe links, naming the line', () => {
    expect(markdownProblem('Fine\n\nHello <b>you</b>', 'text-block')).toMatch(
      /^line 3 of the text holds HTML \("<b>"\)/,
    );
    expect(markdownProblem('# Title', 'text-block')).toMatch(/^the text is a main heading \(one #\)/);
    expect(markdownProblem('Intro\n\n![Team](/media/team.jpg)', 'text-block')).toMatch(
      /^line 3 of the text holds a picture \(!\[Team\]…\), which a text block does not show/,
    );
    expect(markdownProblem('[x](javascript:alert(1))', 'text-block')).toMatch(
      /^the text links to "javascript:alert\(1\)", which is neither a page/,
    );
    expect(markdownProblem('[x](&#106;avascript:alert(1))', 'text-block')).toMatch(
      /links to "javascript:alert\(1\)", which is neither a page/,
    );
    expect(markdownProblem('[x](//evil.example)', 'text-block')).toMatch(/is neither a page of this site/);
    expect(markdownProblem('[x][evil]\n\n[evil]: javascript:alert(1)', 'text-block')).toMatch(
      /^line 3 of the text links to "javascript:alert\(1\)"/,
    );
    expect(
      markdownProblem('2 < 3, and ## is fine in a line, as is <https://example.com>', 'text-block'),
    ).toBeUndefined();
    expect(
      markdownProblem('See [us](/abut)', 'text-block', (path) =>
        path === '/abut' ? 'is not a page of this site. Did you mean "/about"?' : undefined,
      ),
    ).toBe('the text links to "/abut", which is not a page of this site. Did you mean "/about"?');
  });
});

describe('formatted text outside a text block', () => {
  it('takes paragraphs, lists, bold, italic and links in a few sentences, and refuses headings and quotes in words', () => {
    expect(
      markdownProblem('We **do** reply.\n\n- within *a day*\n- [write to us](/contact)', 'paragraphs'),
    ).toBeUndefined();
    expect(markdownProblem('Intro\n\n## Why', 'paragraphs')).toBe(
      'line 3 of the text is a heading (a line starting with #), which this text does not take. Take the # away, or put longer text with subheadings in a text block.',
    );
    expect(markdownProblem('> said', 'paragraphs')).toMatch(/^the text is a quote \(a line starting with >\)/);
    expect(markdownProblem('Hello <b>you</b>', 'paragraphs')).toMatch(
      /^the text holds HTML .*which this text does not take/,
    );
    expect(markdownProblem('[x](javascript:alert(1))', 'paragraphs')).toMatch(/is neither a page of this site/);
  });

  it('takes one paragraph with bold, italic and links under a heading, and refuses a list or a second paragraph', () => {
    expect(markdownProblem('From **idea** to [launch](/work), *fast*.', 'inline')).toBeUndefined();
    expect(markdownProblem('One\n\nTwo', 'inline')).toBe(
      'line 3 of the text starts a second paragraph, which this text does not take: it is one paragraph. Take the blank line away.',
    );
    expect(markdownProblem('- a\n- b', 'inline')).toMatch(
      /^line 1 of the text is a list .* which this text does not take/,
    );
    expect(markdownProblem('[us](/contact)\n\n[us]: /contact', 'inline')).toBeUndefined();
  });

  it('gives the words alone where no marks can show, such as a page description', () => {
    expect(wordsOf('We **do** reply\nfast.\n\n- within *a day*\n- [write to us](/contact)')).toBe(
      'We do reply fast. within a day write to us',
    );
    expect(wordsOf('Plain words, as written.')).toBe('Plain words, as written.');
  });

  it('finds nothing refused, without parsing, in one line that opens with a letter and holds no < or [', () => {
    // The parser's own reading of such lines: one paragraph of words, bold, italic and code, none of them ever refused.
    const nodeTypes = (node: Nodes): string[] => [
      node.type,
      ...('children' in node ? node.children.flatMap((child) => nodeTypes(child)) : []),
    ];
    const marks = [...' \t!"#$%&\'()*+,-./:;=>?@\\]^_`{|}~', '0', '9', '\u00a0', '\u2028', '\v', '\f', 'é', '😀'];
    const oneLine = fc
      .tuple(
        fc.constantFrom('A', 'z', 'é', 'Ж', '语'),
        fc.array(fc.oneof(fc.constantFrom(...marks), fc.constantFrom('a', 'B', 'x')), { maxLength: 40 }),
      )
      .map(([first, rest]) => first + rest.join(''));
    fc.assert(
      fc.property(oneLine, (text) => {
        const tree = fromMarkdown(text);
        expect(tree.children.map((node) => node.type)).toEqual(['paragraph']);
        expect(new Set(nodeTypes(tree))).toSatisfy((types: Set<string>) =>
          [...types].every((type) => ['root', 'paragraph', 'text', 'emphasis', 'strong', 'inlineCode'].includes(type)),
        );
        for (const kind of ['text-block', 'paragraphs', 'inline'] as const)
          expect(markdownProblem(text, kind)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
    // A line break, a < or a [ is read by the parser, and what it finds is said.
    expect(markdownProblem('One line\n# and a heading', 'paragraphs')).toMatch(/^line 2 of the text is a heading/);
    expect(markdownProblem('Text with <b>markup</b>', 'inline')).toMatch(/^the text holds HTML/);
    expect(markdownProblem('See [this](javascript:void(0))', 'inline')).toMatch(/is neither a page of this site/);
  });

  it('reads a text with no marks as one paragraph of exactly its words, as plain text was drawn', () => {
    for (const text of ['Yes. We work with brands of every size, 5-500 people.', 'Q&A: 100% (approx.) – "quoted"'])
      expect(parseMarkdown(text)).toEqual([{ kind: 'paragraph', children: [text] }]);
  });
});
