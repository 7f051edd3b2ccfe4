import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, SAFE_LINK, type Block, type Inline } from '../../content/markdown.ts';
import type { TextSection } from '../../generated/config-types.ts';
import { SmartLink } from '../../ui/navigation.tsx';

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

/** Prose as the author wrote it: paragraphs, subheadings, lists, links and emphasis, at a width made for reading. */
export function TextBlock({ heading, text, tone = 'plain' }: TextSection) {
  return (
    <Box as="section" py={{ base: '12', md: '16' }} bg={tone === 'tinted' ? 'brand.subtle' : undefined}>
      <Container maxW="3xl">
        {heading ? (
          <Heading as="h2" size={{ base: '2xl', md: '3xl' }} color="brand.950" letterSpacing="tight" mb="6">
            {heading}
          </Heading>
        ) : null}
        <Box
          fontSize="lg"
          color="fg"
          lineHeight="1.75"
          css={{
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
            '& a': { color: 'brand.700', textDecoration: 'underline', textUnderlineOffset: '0.15em' },
            '& a:hover': { color: 'brand.900' },
          }}
        >
          <TextParts blocks={parseMarkdown(text)} />
        </Box>
      </Container>
    </Box>
  );
}
