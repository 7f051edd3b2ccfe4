import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import type { CallToActionSection } from '../../generated/config-types.ts';
import { FormattedLine } from '../../ui/FormattedText.tsx';
import { ActionRow } from '../../ui/ActionLink.tsx';

/** A band with a heading, a sentence and buttons, usually closing a page. */
export function CallToAction({ heading, text, actions }: CallToActionSection) {
  return (
    <Box as="section" py={{ base: '14', md: '20' }}>
      <Container maxW="4xl">
        <Box
          bg="brand.950"
          color="white"
          rounded="2xl"
          px={{ base: '6', md: '12' }}
          py={{ base: '10', md: '14' }}
          textAlign="center"
          bgGradient="to-br"
          gradientFrom="brand.950"
          gradientTo="brand.700"
        >
          <Heading as="h2" fontSize={{ base: '2xl', md: '4xl' }} letterSpacing="tight" mb="4">
            {heading}
          </Heading>
          {text ? <FormattedLine text={text} fontSize="lg" color="whiteAlpha.900" maxW="2xl" mx="auto" mb="8" /> : null}
          <ActionRow actions={actions} tone="dark" justify="center" />
        </Box>
      </Container>
    </Box>
  );
}
