/**
 * The small, safe subset of Markdown a text block is written in: paragraphs, subheadings (## and ###), lists (- or
 * 1.), links, **bold** and *italic*. It is read into a tree the renderer draws as React elements, so nothing an
 * author writes ever becomes markup of its own: HTML is refused by the checker, and would show as text if it got by.
 */

export type Inline =
  | string
  | { readonly kind: 'strong'; readonly children: readonly Inline[] }
  | { readonly kind: 'em'; readonly children: readonly Inline[] }
  | { readonly kind: 'link'; readonly href: string; readonly children: readonly Inline[] };

export type Block =
  | { readonly kind: 'paragraph'; readonly children: readonly Inline[] }
  | { readonly kind: 'heading'; readonly level: 2 | 3; readonly children: readonly Inline[] }
  | { readonly kind: 'list'; readonly ordered: boolean; readonly items: readonly (readonly Inline[])[] };

/** Where a link may go: a page of the site, a part of this page, a web address, an email address or a phone number. */
export const SAFE_LINK = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i;

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const BULLET = /^[-*+][ \t]+(.*)$/;
const NUMBERED = /^\d{1,9}[.)][ \t]+(.*)$/;
const LINK = /^\[([^\]]+)\]\(([^()\s]+)\)/;
const ESCAPABLE = /[\\*_[\]()#`>+\-.!]/;

/** The text of one line or paragraph as plain words, bold, italic and links. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push(plain);
    plain = '';
  };
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char === '\\' && at + 1 < text.length && ESCAPABLE.test(text[at + 1]!)) {
      plain += text[at + 1];
      at += 2;
      continue;
    }
    if (text.startsWith('**', at) || text.startsWith('__', at)) {
      const end = text.indexOf(text.slice(at, at + 2), at + 2);
      if (end > at + 2) {
        flush();
        out.push({ kind: 'strong', children: parseInline(text.slice(at + 2, end)) });
        at = end + 2;
        continue;
      }
    }
    // One star or underscore opens italic where a word starts, not inside one (snake_case stays as written).
    if ((char === '*' || char === '_') && !/\s/.test(text[at + 1] ?? ' ') && !/[A-Za-z0-9]/.test(text[at - 1] ?? ' ')) {
      const end = text.indexOf(char, at + 1);
      if (end > at + 1 && !/\s/.test(text[end - 1]!)) {
        flush();
        out.push({ kind: 'em', children: parseInline(text.slice(at + 1, end)) });
        at = end + 1;
        continue;
      }
    }
    if (char === '[') {
      const link = LINK.exec(text.slice(at));
      if (link) {
        flush();
        out.push({ kind: 'link', href: link[2]!, children: parseInline(link[1]!) });
        at += link[0].length;
        continue;
      }
    }
    plain += char;
    at++;
  }
  flush();
  return out;
}

/** A text block's text as blocks: a blank line ends a paragraph or a list; a heading is a line of its own. */
export function parseMarkdown(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    list = undefined;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (line === '') {
      endParagraph();
      endList();
    } else if (heading) {
      endParagraph();
      endList();
      // A page has one main heading, in its opening: "#" is refused by the checker, and drawn as a subheading.
      blocks.push({ kind: 'heading', level: heading[1]!.length <= 2 ? 2 : 3, children: parseInline(heading[2]!) });
    } else if (bullet) {
      endParagraph();
      const ordered = NUMBERED.test(line);
      if (list && list.ordered !== ordered) endList();
      list ??= { ordered, items: [] };
      list.items.push(bullet[1]!);
    } else if (list && /^\s/.test(raw)) {
      // An indented line goes on with the list item above it.
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      endList();
      paragraph.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}

/** Every link of a text, in order. */
export function linksOf(blocks: readonly Block[]): string[] {
  const walk = (inlines: readonly Inline[]): string[] =>
    inlines.flatMap((inline) => (typeof inline === 'string' ? [] : [...(inline.kind === 'link' ? [inline.href] : []), ...walk(inline.children)]));
  return blocks.flatMap((block) => (block.kind === 'list' ? block.items.flatMap(walk) : walk(block.children)));
}

/**
 * What is wrong with a text block's text, in words with its line, or undefined: HTML (refused, so a text never
 * carries markup or script), a main heading (a page has one, in its opening), a link that goes nowhere safe.
 */
export function markdownProblem(text: string, checkPageLink: (path: string) => string | undefined = () => undefined): string | undefined {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (const [index, line] of lines.entries()) {
    const where = lines.length > 1 ? `line ${index + 1} of the text` : 'the text';
    const html = /<[A-Za-z!/?][^>]*>?/.exec(line);
    if (html)
      return `${where} holds HTML (${JSON.stringify(html[0].slice(0, 40))}), which a text block does not take. Write **bold**, *italic*, [a link](/contact) or a list with - instead.`;
    if (/^\s*#(?!#)\s/.test(line))
      return `${where} is a main heading (one #). A page has one, in its opening block. Start the line with ## for a subheading, or ### for a smaller one.`;
    // Whatever follows "](" is judged, even where it would not make a link, so no unsafe address is ever kept.
    for (const match of line.matchAll(/\]\(([^)\s]*)/g)) {
      const href = match[1]!;
      if (!SAFE_LINK.test(href))
        return `${where} links to ${JSON.stringify(href)}, which is neither a page of this site (such as /contact), a web address (https://…), nor a mailto: or tel: link.`;
      if (href.startsWith('/')) {
        const problem = checkPageLink(href);
        if (problem) return `${where} links to ${JSON.stringify(href)}, which ${problem}`;
      }
    }
  }
  return undefined;
}
