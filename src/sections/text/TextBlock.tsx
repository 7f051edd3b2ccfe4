import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import type { TextSection } from '../../generated/config-types.ts';
import { FormattedText } from '../../ui/FormattedText.tsx';

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
        <FormattedText text={text} fontSize="lg" color="fg" lineHeight="1.75" />
      </Container>
    </Box>
  );
}
