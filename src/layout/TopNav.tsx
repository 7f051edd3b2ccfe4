import { chakra } from '@chakra-ui/react/styled-system';
import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import config from 'virtual:site-shell';
import { ActionLink } from '../ui/ActionLink.tsx';
import { CloseIcon, MenuIcon, StateIcon } from '../ui/icons.tsx';
import { SmartLink } from '../ui/navigation.tsx';
import { followMenuState } from './menu-button.ts';

// One menu per page; the button names it.
const MENU_ID = 'site-menu';

/** The same page, whether its address ends in "/" or not (hosts serve /about at /about/). */
const samePage = (a: string, b: string) => a.replace(/(.)\/$/, '$1') === b.replace(/(.)\/$/, '$1');

/** A navigation link; the current page's is marked aria-current="page", which the styles highlight. */
function NavItem({ href, label, onPhone = false }: { href: string; label: string; onPhone?: boolean }) {
  const { pathname } = useLocation();
  return (
    <Box
      asChild
      display="block"
      px="3"
      py={onPhone ? '3' : '2'}
      rounded="md"
      fontWeight="medium"
      color="brand.950"
      _hover={{ bg: 'brand.subtle' }}
      _currentPage={{ color: 'brand.fg', bg: 'brand.muted', fontWeight: 'bold' }}
      _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
    >
      <SmartLink href={href} aria-current={samePage(pathname, href) ? 'page' : undefined}>
        {label}
      </SmartLink>
    </Box>
  );
}

/**
 * The bar fixed at the top of every page; below md its links sit behind a menu button. The menu is a popover, so it
 * works on pages that load no script; the built site's script (src/islands/site.ts) and the app here keep the
 * button's name and state in step with it.
 */
export function TopNav() {
  // Read at render, not once at load, so a page drawn again from new config (the editor's preview) shows it.
  const { site, navigation } = config;
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => (menuButton.current ? followMenuState(menuButton.current) : undefined), []);

  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      bg="white/95"
      backdropFilter="blur(10px)"
      borderBottomWidth="1px"
      borderColor="border"
      // The button shows a cross while the menu is open, with or without script.
      css={{
        '&:has(:popover-open) [data-icon="open"], &:not(:has(:popover-open)) [data-icon="close"]': { display: 'none' },
        // Browsers without popovers: the page script opens the menu, and the button says so
        // (src/layout/menu-button.ts).
        '@supports not selector(:popover-open)': {
          '& button[aria-expanded="true"] [data-icon="open"], & button:not([aria-expanded="true"]) [data-icon="close"]':
            { display: 'none' },
        },
        // The bar is the same on every page: it stays in place while the page under it changes.
        viewTransitionName: 'site-header',
      }}
    >
      <Container maxW="6xl" h="16" display="flex" alignItems="center" justifyContent="space-between" gap="4">
        <Box
          asChild
          display="inline-flex"
          alignItems="center"
          gap="2"
          fontWeight="extrabold"
          fontSize="xl"
          color="brand.950"
          letterSpacing="tight"
          _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px', rounded: 'md' }}
        >
          <SmartLink href="/" aria-label={site.labels.homeLink}>
            <Box
              as="span"
              aria-hidden="true"
              display="inline-block"
              w="7"
              h="7"
              rounded="md"
              bgGradient="to-br"
              gradientFrom="brand.600"
              gradientTo="accent.400"
            />
            {site.name}
          </SmartLink>
        </Box>
        <Box
          as="nav"
          aria-label={site.labels.mainNavigation}
          display={{ base: 'none', md: 'flex' }}
          alignItems="center"
          gap="1"
        >
          <Box as="ul" display="flex" gap="1" listStyleType="none">
            {navigation.links.map((link, index) => (
              <li key={index}>
                <NavItem href={link.href} label={link.label} />
              </li>
            ))}
          </Box>
          <Box ms="3">
            <ActionLink action={navigation.cta} size="sm" />
          </Box>
        </Box>
        <chakra.button
          type="button"
          display={{ base: 'inline-flex', md: 'none' }}
          alignItems="center"
          justifyContent="center"
          w="11"
          h="11"
          rounded="md"
          color="brand.950"
          cursor="pointer"
          ref={menuButton}
          popoverTarget={MENU_ID}
          aria-controls={MENU_ID}
          aria-label={site.labels.openMenu}
          data-open-label={site.labels.openMenu}
          data-close-label={site.labels.closeMenu}
          _hover={{ bg: 'brand.subtle' }}
          _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing' }}
        >
          <StateIcon state="open">
            <MenuIcon />
          </StateIcon>
          <StateIcon state="close">
            <CloseIcon />
          </StateIcon>
        </chakra.button>
      </Container>
      <Box
        as="nav"
        id={MENU_ID}
        popover="auto"
        aria-label={site.labels.mainNavigation}
        // Below the bar, full width: a popover's own place is the middle of the screen.
        position="fixed"
        top="16"
        insetX="0"
        bottom="auto"
        width="auto"
        height="auto"
        maxH="calc(100dvh - 4rem)"
        overflowY="auto"
        m="0"
        p="0"
        color="inherit"
        borderWidth="0"
        borderTopWidth="1px"
        borderColor="border"
        bg="white"
        pb="4"
        shadow="md"
        hideFrom="md"
        css={{ '@supports not selector(:popover-open)': { '&:not([data-open])': { display: 'none' } } }}
      >
        <Container maxW="6xl">
          <Box as="ul" listStyleType="none" py="2">
            {navigation.links.map((link, index) => (
              <li key={index}>
                <NavItem href={link.href} label={link.label} onPhone />
              </li>
            ))}
          </Box>
          <ActionLink action={navigation.cta} size="md" />
        </Container>
      </Box>
    </Box>
  );
}
