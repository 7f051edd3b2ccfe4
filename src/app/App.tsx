import { ChakraProvider } from '@chakra-ui/react/styled-system';
import type { ReactNode } from 'react';
import { siteSystem } from '../theme/system.ts';

/** Providers every page needs, shared by the browser entry, pre-rendering and component tests. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <ChakraProvider value={siteSystem()}>{children}</ChakraProvider>;
}
