import { chakra } from '@chakra-ui/react/styled-system';
import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { Component, createContext, type ReactNode } from 'react';
import config from 'virtual:site-shell';
import { SmartLink } from '../ui/navigation.tsx';

/**
 * What, when it changes, clears the error screen and draws again: nothing on the built site (a page load starts
 * afresh), the config drawn and the address shown in the editor's preview, which must recover by itself.
 */
export const ErrorResetKey = createContext<unknown>(undefined);

interface Failure {
  readonly failed: boolean;
  /** The reset key when it failed, once known (componentDidCatch): a new one draws again. */
  readonly at?: { readonly key: unknown };
}

/** Shows the error screen in place of everything inside it when rendering fails; React logs the cause. */
export class ErrorBoundary extends Component<{ children: ReactNode }, Failure> {
  static override contextType = ErrorResetKey;
  declare context: unknown;
  override state: Failure = { failed: false };

  static getDerivedStateFromError(): Failure {
    return { failed: true };
  }

  override componentDidCatch() {
    this.setState({ at: { key: this.context } });
  }

  override componentDidUpdate() {
    if (this.state.failed && this.state.at && this.state.at.key !== this.context) this.setState({ failed: false });
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
        {/* A plain page load on the built site; in the editor's preview, its router, as every link there. */}
        <chakra.a
          asChild
          display="inline-block"
          bg="accent.400"
          color="brand.950"
          fontWeight="semibold"
          px="6"
          py="3"
          rounded="md"
          _focusVisible={{ outline: '3px solid', outlineColor: 'white', outlineOffset: '2px' }}
        >
          <SmartLink href={errorScreen.action.href}>{errorScreen.action.label}</SmartLink>
        </chakra.a>
      </Container>
    </Box>
  );
}
