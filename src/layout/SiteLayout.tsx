import { chakra } from '@chakra-ui/react/styled-system';
import { Box } from '@chakra-ui/react/box';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import config from 'virtual:site-shell';
import { Footer } from './Footer.tsx';
import { useScrollOnNavigation } from './scroll-on-navigation.ts';
import { TopNav } from './TopNav.tsx';

/** The frame of every page: skip link, top navigation, the page and the footer (toasts place their own toaster). */
export function SiteLayout() {
  useScrollOnNavigation();
  // Marks the page interactive, so browser tests type only once React is listening.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <Box minH="100vh" display="flex" flexDirection="column">
      <chakra.a
        href="#main-content"
        position="absolute"
        left="4"
        top="-20"
        zIndex="skipNav"
        bg="brand.950"
        color="white"
        px="4"
        py="3"
        rounded="md"
        fontWeight="semibold"
        _focus={{ top: '4' }}
      >
        {config.site.labels.skipToContent}
      </chakra.a>
      <TopNav />
      <Box as="main" id="main-content" tabIndex={-1} flex="1" pt="16" _focus={{ outline: 'none' }}>
        {/* A page opened in the browser may wait for its code or data; the page before stays until it is ready. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
