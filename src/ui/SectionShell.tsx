import { Box, type BoxProps } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import type { ReactNode } from 'react';
import { VisuallyHidden } from './VisuallyHidden.tsx';

/**
 * The frame of a content section: spacing, width, and an h2 that is shown or kept for screen readers only, with the
 * line under it as the section draws it (formatted, src/ui/FormattedText.tsx: islands use this frame too, and never
 * load the Markdown parser).
 */
export function SectionShell({
  heading,
  text,
  hideHeading = false,
  children,
  tone = 'plain',
  ...rest
}: {
  heading: string;
  text?: ReactNode;
  hideHeading?: boolean;
  children: ReactNode;
  tone?: 'plain' | 'tinted';
} & Omit<BoxProps, 'children'>) {
  return (
    <Box as="section" py={{ base: '14', md: '20' }} bg={tone === 'tinted' ? 'brand.subtle' : undefined} {...rest}>
      <Container maxW="6xl">
        {hideHeading ? (
          <VisuallyHidden as="h2">{heading}</VisuallyHidden>
        ) : (
          <Box mb={{ base: '8', md: '12' }} maxW="2xl">
            <Heading as="h2" size={{ base: '2xl', md: '3xl' }} color="brand.950" letterSpacing="tight">
              {heading}
            </Heading>
            {text ? (
              <Box mt="3" fontSize="lg" color="fg.muted">
                {text}
              </Box>
            ) : null}
          </Box>
        )}
        {children}
      </Container>
    </Box>
  );
}
