/**
 * Text as authors format it: Markdown as CommonMark reads it (the rules behind email and chat formatting), through one
 * maintained parser. A text block takes it all; answers, descriptions, bios and the lines under headings take a part
 * of it (MarkdownKind, named by "x-markdown" in the schemas). Its tree is what the renderer draws (as React elements,
 * so nothing an author writes ever becomes markup of its own) and what the checker reads: HTML is refused, and would
 * show as text if it got by; what a kind does not take is refused in words; a link goes only where the site can go.
 */
import type { Nodes, Parents, PhrasingContent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

export type Inline =
  | string
  | { readonly kind: 'strong'; readonly children: readonly Inline[] }
  | { readonly kind: 'em'; readonly children: readonly Inline[] }
  | { readonly kind: 'link'; readonly href: string; readonly children: readonly Inline[] }
  | { readonly kind: 'code'; readonly text: string }
  | { readonly kind: 'break' };

export type Block =
  | { readonly kind: 'paragraph'; readonly children: readonly Inline[] }
  | { readonly kind: 'heading'; readonly level: 2 | 3; readonly children: readonly Inline[] }
  /** A tight list's items hold their words bare; a loose one (a blank line between items) holds paragraphs. */
  | {
      readonly kind: 'list';
      readonly ordered: boolean;
      readonly start?: number;
      readonly tight: boolean;
      readonly items: readonly (readonly Block[])[];
    }
  | { readonly kind: 'quote'; readonly children: readonly Block[] }
  | { readonly kind: 'code'; readonly text: string }
  | { readonly kind: 'rule' };

/** Where a link may go: a page of the site, a part of this page, a web address, an email address or a phone number. */
export const SAFE_LINK = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i;

/** The text as the parser reads it: CommonMark, nothing added. */
const treeOf = (text: string): Root => fromMarkdown(text);

/** Where reference links ([words][name]) go: their definitions ([name]: /address), by name. */
function definitionsOf(tree: Root): Map<string, string> {
  const found = new Map<string, string>();
  walk(tree, (node) => {
    if (node.type === 'definition' && !found.has(node.identifier)) found.set(node.identifier, node.url);
  });
  return found;
}

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of (node as Parents).children) walk(child, visit);
}

function inlinesOf(nodes: readonly PhrasingContent[], definitions: ReadonlyMap<string, string>): Inline[] {
  const out: Inline[] = [];
  const add = (inline: Inline) => {
    // Neighbouring words are one string, as they read.
    if (typeof inline === 'string' && typeof out.at(-1) === 'string') out[out.length - 1] += inline;
    else if (inline !== '') out.push(inline);
  };
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        add(node.value);
        break;
      case 'strong':
        add({ kind: 'strong', children: inlinesOf(node.children, definitions) });
        break;
      case 'emphasis':
        add({ kind: 'em', children: inlinesOf(node.children, definitions) });
        break;
      case 'link':
        add({ kind: 'link', href: node.url, children: inlinesOf(node.children, definitions) });
        break;
      case 'linkReference': {
        const href = definitions.get(node.identifier);
        const children = inlinesOf(node.children, definitions);
        if (href === undefined) children.forEach(add);
        else add({ kind: 'link', href, children });
        break;
      }
      case 'inlineCode':
        add({ kind: 'code', text: node.value });
        break;
      case 'break':
        add({ kind: 'break' });
        break;
      // A picture is not drawn in a text block: its words are (the checker says so).
      case 'image':
      case 'imageReference':
        add(node.alt ?? '');
        break;
      // HTML is never markup here: it shows as the text it is (the checker refuses it).
      case 'html':
        add(node.value);
        break;
      default:
        break;
    }
  }
  return out;
}

function blocksOf(nodes: readonly RootContent[], definitions: ReadonlyMap<string, string>): Block[] {
  const out: Block[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'paragraph':
        out.push({ kind: 'paragraph', children: inlinesOf(node.children, definitions) });
        break;
      case 'heading':
        // "#" is refused by the checker, and drawn as a subheading; "####" and smaller as the smaller one.
        out.push({ kind: 'heading', level: node.depth <= 2 ? 2 : 3, children: inlinesOf(node.children, definitions) });
        break;
      case 'list':
        out.push({
          kind: 'list',
          ordered: node.ordered === true,
          ...(node.ordered && typeof node.start === 'number' && node.start !== 1 ? { start: node.start } : {}),
          tight: node.spread !== true && node.children.every((item) => item.spread !== true),
          items: node.children.map((item) => blocksOf(item.children, definitions)),
        });
        break;
      case 'blockquote':
        out.push({ kind: 'quote', children: blocksOf(node.children, definitions) });
        break;
      case 'code':
        out.push({ kind: 'code', text: node.value });
        break;
      case 'thematicBreak':
        out.push({ kind: 'rule' });
        break;
      case 'html':
        out.push({ kind: 'paragraph', children: [node.value] });
        break;
      default:
        break;
    }
  }
  return out;
}

/** A text block's text as blocks, for the renderer to draw. */
export function parseMarkdown(text: string): Block[] {
  const tree = treeOf(text);
  return blocksOf(tree.children, definitionsOf(tree));
}

/** Every address the text links to, in order: its links, and the addresses its reference links name. */
export function linksOf(text: string): string[] {
  const links: string[] = [];
  walk(treeOf(text), (node) => {
    if (node.type === 'link' || node.type === 'definition') links.push(node.url);
  });
  return links;
}

/**
 * How much of the Markdown a text takes, as its schema says ("x-markdown"): a text block takes it all; a few sentences
 * a visitor reads (an answer, a description, a bio) take paragraphs, lists, bold, italic and links; a line under a
 * heading takes bold, italic and links in one paragraph.
 */
export const MARKDOWN_KINDS = ['text-block', 'paragraphs', 'inline'] as const;
export type MarkdownKind = (typeof MARKDOWN_KINDS)[number];

export const isMarkdownKind = (value: unknown): value is MarkdownKind =>
  (MARKDOWN_KINDS as readonly unknown[]).includes(value);

/** What a text of each kind takes, in the words its problems and the editor use. */
export const MARKDOWN_TAKES: Readonly<Record<MarkdownKind, string>> = {
  'text-block': 'paragraphs, ## subheadings, - lists, **bold**, *italic* and [links](/contact)',
  paragraphs: 'paragraphs, - lists, **bold**, *italic* and [links](/contact)',
  inline: '**bold**, *italic* and [links](/contact), in one paragraph',
};

/** What a text of a kind does not take, by the part of the tree that shows it, in words; undefined when it does. */
function notTaken(node: Nodes, kind: MarkdownKind): string | undefined {
  const here = kind === 'text-block' ? 'a text block' : 'this text';
  switch (node.type) {
    case 'html':
      return `holds HTML (${JSON.stringify(node.value.slice(0, 40))}), which ${here} does not take. Write **bold**, *italic*, ${kind === 'inline' ? 'or [a link](/contact)' : '[a link](/contact) or a list with -'} instead.`;
    case 'image':
    case 'imageReference':
      return `holds a picture (![${node.alt ?? ''}]…), which ${here} does not show. Write the words instead, or link to the picture with [words](address).`;
    case 'heading':
      if (kind === 'text-block')
        return node.depth === 1
          ? 'is a main heading (one #). A page has one, in its opening block. Start the line with ## for a subheading, or ### for a smaller one.'
          : undefined;
      return `is a heading (a line starting with #), which ${here} does not take. Take the # away, or put longer text with subheadings in a text block.`;
    case 'blockquote':
    case 'code':
    case 'thematicBreak':
      if (kind === 'text-block') return undefined;
      return `is ${node.type === 'blockquote' ? 'a quote (a line starting with >)' : node.type === 'code' ? 'set as code (indented, or between ```)' : 'a dividing line (---)'}, which ${here} does not take. Write it as a paragraph.`;
    case 'list':
      return kind === 'inline'
        ? 'is a list (a line starting with - or 1.), which this text does not take: it is one paragraph. Write the items in a sentence.'
        : undefined;
    default:
      return undefined;
  }
}

/**
 * Text that CommonMark can only read as one paragraph of words, bold, italic and code: one line (a heading, a list, a
 * quote, code or a second paragraph starts a line), opening with a letter, with no < (HTML, an autolink) and no [ (a
 * link, a picture, a definition). Most names, bios and answers are such text, and nothing in it is ever refused, so
 * the checker knows that without parsing it (126,000 bios took 8 of the checker's 14 seconds in the parser).
 */
const ONE_PLAIN_PARAGRAPH = /^\p{L}[^\n\r<[]*$/u;

/**
 * What is wrong with a text of a kind, in words with its line, or undefined: HTML (refused, so a text never carries
 * markup or script), what its kind does not take (a main heading in a text block, a page has one in its opening; any
 * heading or a quote in a few sentences; a list or a second paragraph in a line), a link that goes nowhere safe or to
 * no page of the site, a picture.
 */
export function markdownProblem(
  text: string,
  kind: MarkdownKind,
  checkPageLink: (path: string) => string | undefined = () => undefined,
): string | undefined {
  if (ONE_PLAIN_PARAGRAPH.test(text)) return undefined;
  const lineCount = text.replace(/\r\n?/g, '\n').split('\n').length;
  const tree = treeOf(text);
  let problem: string | undefined;
  walk(tree, (node) => {
    if (problem) return;
    const where = lineCount > 1 ? `line ${node.position?.start.line ?? 1} of the text` : 'the text';
    const refused = notTaken(node, kind);
    if (refused) problem = `${where} ${refused}`;
    else if (node.type === 'link' || node.type === 'definition') {
      const href = node.url;
      if (!SAFE_LINK.test(href))
        problem = `${where} links to ${JSON.stringify(href)}, which is neither a page of this site (such as /contact), a web address (https://…), nor a mailto: or tel: link.`;
      else if (href.startsWith('/')) {
        const wrong = checkPageLink(href);
        if (wrong) problem = `${where} links to ${JSON.stringify(href)}, which ${wrong}`;
      }
    }
  });
  if (!problem && kind === 'inline' && tree.children.filter((node) => node.type !== 'definition').length > 1) {
    const second = tree.children.filter((node) => node.type !== 'definition')[1]!;
    problem = `line ${second.position?.start.line ?? 2} of the text starts a second paragraph, which this text does not take: it is one paragraph. Take the blank line away.`;
  }
  return problem;
}

/** The words of a text, without its marks: for where only words go, such as a page's description. */
export function wordsOf(text: string): string {
  const words: string[] = [];
  const add = (parts: readonly Inline[]): void => {
    for (const part of parts) {
      if (typeof part === 'string') words.push(part);
      else if (part.kind === 'code') words.push(part.text);
      else if (part.kind === 'break') words.push(' ');
      else add(part.children);
    }
  };
  const addBlocks = (blocks: readonly Block[]): void => {
    for (const block of blocks) {
      if (words.length > 0) words.push(' ');
      if (block.kind === 'list') block.items.forEach(addBlocks);
      else if (block.kind === 'quote') addBlocks(block.children);
      else if (block.kind === 'code') words.push(block.text);
      else if (block.kind !== 'rule') add(block.children);
    }
  };
  addBlocks(parseMarkdown(text));
  return words.join('').replace(/\s+/g, ' ').trim();
}
