import { chakra } from '@chakra-ui/react/styled-system';
import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { Component, type ReactNode } from 'react';
import config from 'virtual:site-shell';
import { pagePath } from '../content/site-paths.ts';

/** Shows the error screen in place of everything inside it when rendering fails; React logs the cause. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/** Shown when a page fails to load or render: the visitor gets a way home, the console gets the cause. */
export function ErrorScreen() {
  const { errorScreen } = config.site;
  return (
    <Box as="main" minH="100vh" display="flex" alignItems="center" bg="brand.950" color="white">
      <title>{errorScreen.heading}</title>
      <Container maxW="2xl" textAlign="center">
        <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} mb="4">
          {errorScreen.heading}
        </Heading>
        <Box as="p" fontSize="lg" color="whiteAlpha.900" mb="8">
          {errorScreen.text}
        </Box>
        {/* A full page load, not the router: the router may be what failed. */}
        <chakra.a
          href={pagePath(errorScreen.action.href)}
          display="inline-block"
          bg="accent.400"
          color="brand.950"
          fontWeight="semibold"
          px="6"
          py="3"
          rounded="md"
          _focusVisible={{ outline: '3px solid', outlineColor: 'white', outlineOffset: '2px' }}
        >
          {errorScreen.action.label}
        </chakra.a>
      </Container>
    </Box>
  );
}
