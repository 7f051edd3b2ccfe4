import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import type { NotFoundSection } from '../../generated/config-types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { ArrowLeftIcon } from '../../ui/icons.tsx';

/**
 * The page for an address the site does not have. behaviour.ts logs the missing path to the console, for whoever
 * debugs links, and makes Go Back go back.
 */
export function NotFound({ code, heading, text, homeAction, backLabel, consoleMessage }: NotFoundSection) {
  return (
    <Box as="section" py={{ base: '20', md: '28' }} data-console-message={consoleMessage}>
      <Container maxW="2xl" textAlign="center">
        <Box as="p" fontSize={{ base: '7xl', md: '9xl' }} fontWeight="extrabold" lineHeight="1" color="brand.solid">
          {code}
        </Box>
        <Heading as="h1" size="3xl" color="brand.950" mt="4">
          {heading}
        </Heading>
        <Box as="p" color="fg.muted" fontSize="lg" mt="4" mb="10">
          {text}
        </Box>
        <Box display="flex" gap="3" justifyContent="center" flexWrap="wrap">
          <ActionLink action={homeAction} />
          <Button size="lg" variant="outline" colorPalette="brand" color="brand.fg" data-go-back>
            <ArrowLeftIcon /> {backLabel}
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
