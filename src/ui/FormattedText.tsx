import { Box, type BoxProps } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, SAFE_LINK, type Block, type Inline } from '../content/markdown.ts';
import { SmartLink } from './navigation.tsx';

/**
 * Text an author formatted (src/content/markdown.ts), drawn as React elements: nothing they write becomes markup of
 * its own. Sections that are islands never use it, so the parser is never sent to a visitor's browser: the text is
 * drawn when the page is built.
 */

/** Bold, italic, code and links as elements; a link that goes nowhere safe stays as its words. */
function InlineText({ parts }: { parts: readonly Inline[] }): ReactNode {
  return parts.map((part, index) => {
    if (typeof part === 'string') return <Fragment key={index}>{part}</Fragment>;
    if (part.kind === 'break') return <br key={index} />;
    if (part.kind === 'code') return <code key={index}>{part.text}</code>;
    const children = <InlineText parts={part.children} />;
    if (part.kind === 'strong') return <strong key={index}>{children}</strong>;
    if (part.kind === 'em') return <em key={index}>{children}</em>;
    return SAFE_LINK.test(part.href) ? (
      <SmartLink key={index} href={part.href}>
        {children}
      </SmartLink>
    ) : (
      <Fragment key={index}>{children}</Fragment>
    );
  });
}

/** Blocks one after another; in a tight list's item, a paragraph is its words alone, as the author wrote them. */
function TextParts({ blocks, bare = false }: { blocks: readonly Block[]; bare?: boolean }): ReactNode {
  return blocks.map((block, index) =>
    bare && block.kind === 'paragraph' ? (
      <InlineText key={index} parts={block.children} />
    ) : (
      <TextPart key={index} block={block} />
    ),
  );
}

function TextPart({ block }: { block: Block }): ReactNode {
  switch (block.kind) {
    case 'heading':
      return (
        <Heading
          as={block.level === 2 ? 'h2' : 'h3'}
          size={block.level === 2 ? '2xl' : 'xl'}
          color="brand.950"
          letterSpacing="tight"
        >
          <InlineText parts={block.children} />
        </Heading>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List start={block.start}>
          {block.items.map((item, index) => (
            <li key={index}>
              <TextParts blocks={item} bare={block.tight} />
            </li>
          ))}
        </List>
      );
    }
    case 'quote':
      return (
        <blockquote>
          <TextParts blocks={block.children} />
        </blockquote>
      );
    case 'code':
      return (
        <pre>
          <code>{block.text}</code>
        </pre>
      );
    case 'rule':
      return <hr />;
    default:
      return (
        <p>
          <InlineText parts={block.children} />
        </p>
      );
  }
}

/** Links in running text are underlined: colour alone does not tell them. */
const LINK_CSS = {
  '& a': { color: 'brand.700', textDecoration: 'underline', textUnderlineOffset: '0.15em' },
  '& a:hover': { color: 'brand.900' },
} as const;

/** In a line under a heading, on light or dark ground alike: the line's own colour, underlined, a little bolder. */
const LINE_LINK_CSS = {
  '& a': { color: 'inherit', fontWeight: 'semibold', textDecoration: 'underline', textUnderlineOffset: '0.15em' },
} as const;

/** How formatted text looks wherever it is: room between its parts, lists with their marks, links underlined. */
const FORMATTED_CSS = {
  '& > * + *': { marginTop: '1.1em' },
  '& > h2, & > h3': { marginTop: '1.6em' },
  '& ul, & ol': { paddingInlineStart: '1.5em' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li + li': { marginTop: '0.35em' },
  '& li > * + *': { marginTop: '0.5em' },
  '& blockquote': {
    borderInlineStartWidth: '4px',
    borderColor: 'brand.200',
    paddingInlineStart: '1em',
    color: 'fg.muted',
  },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'brand.50', px: '0.25em', rounded: 'sm' },
  '& pre': { overflowX: 'auto', bg: 'brand.50', p: '4', rounded: 'md' },
  '& pre code': { px: '0' },
  '& hr': { borderColor: 'border' },
  ...LINK_CSS,
} as const;

/**
 * Paragraphs, lists and the rest as the author wrote them, in a box that takes the caller's look (size, colour).
 * Text with no marks is one paragraph of its words, as plain text was.
 */
export function FormattedText({ text, ...rest }: { text: string } & Omit<BoxProps, 'children'>) {
  return (
    <Box {...rest} css={FORMATTED_CSS}>
      <TextParts blocks={parseMarkdown(text)} />
    </Box>
  );
}

/**
 * A line under a heading: its bold, italic and links inside the caller's own paragraph (the checker lets it have one).
 */
export function FormattedLine({ text, ...rest }: { text: string } & Omit<BoxProps, 'children' | 'as'>) {
  const blocks = parseMarkdown(text);
  return (
    <Box as="p" {...rest} css={LINE_LINK_CSS}>
      {blocks.map((block, index) =>
        block.kind === 'paragraph' ? (
          <Fragment key={index}>
            {index > 0 ? ' ' : null}
            <InlineText parts={block.children} />
          </Fragment>
        ) : null,
      )}
    </Box>
  );
}
