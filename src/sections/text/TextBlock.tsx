import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, SAFE_LINK, type Block, type Inline } from '../../content/markdown';
import type { TextSection } from '../../generated/config-types';
import { SmartLink } from '../../ui/navigation';

/** Bold, italic and links as elements; a link that goes nowhere safe stays as its words. */
function InlineText({ parts }: { parts: readonly Inline[] }): ReactNode {
  return parts.map((part, index) => {
    if (typeof part === 'string') return <Fragment key={index}>{part}</Fragment>;
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

function TextPart({ block }: { block: Block }) {
  if (block.kind === 'heading') {
    return (
      <Heading as={block.level === 2 ? 'h2' : 'h3'} size={block.level === 2 ? '2xl' : 'xl'} color="brand.950" letterSpacing="tight">
        <InlineText parts={block.children} />
      </Heading>
    );
  }
  if (block.kind === 'list') {
    const List = block.ordered ? 'ol' : 'ul';
    return (
      <List>
        {block.items.map((item, index) => (
          <li key={index}>
            <InlineText parts={item} />
          </li>
        ))}
      </List>
    );
  }
  return (
    <p>
      <InlineText parts={block.children} />
    </p>
  );
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
            '& a': { color: 'brand.700', textDecoration: 'underline', textUnderlineOffset: '0.15em' },
            '& a:hover': { color: 'brand.900' },
          }}
        >
          {parseMarkdown(text).map((block, index) => (
            <TextPart key={index} block={block} />
          ))}
        </Box>
      </Container>
    </Box>
  );
}
