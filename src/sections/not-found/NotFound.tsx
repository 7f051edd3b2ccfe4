import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { NotFoundSection } from '../../generated/config-types';
import { ActionLink } from '../../ui/ActionLink';
import { ArrowLeftIcon } from '../../ui/icons';

/**
 * Back to the previous page whenever the browser has one, wherever it was: a page of this site, a typed address
 * before this one, or another site whose link is broken. Home only when there is none (a link opened in a new tab).
 */
function goBack(navigate: ReturnType<typeof useNavigate>): void {
  if (window.history.length > 1) window.history.back();
  else navigate('/');
}

/** The page for an address the site does not have. The missing path goes to the console for whoever debugs links. */
export function NotFound({ code, heading, text, homeAction, backLabel, consoleMessage }: NotFoundSection) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    console.warn(consoleMessage, pathname);
  }, [consoleMessage, pathname]);

  return (
    <Box as="section" py={{ base: '20', md: '28' }}>
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
          <Button size="lg" variant="outline" colorPalette="brand" color="brand.fg" onClick={() => goBack(navigate)}>
            <ArrowLeftIcon /> {backLabel}
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
