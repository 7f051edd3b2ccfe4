import { chakra } from '@chakra-ui/react/styled-system';
import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import config from 'virtual:site-shell';
import { ActionLink } from '../ui/ActionLink';
import { CloseIcon, MenuIcon } from '../ui/icons';

/** A navigation link; the router marks the current page with aria-current="page", which the styles highlight. */
function NavItem({ href, label, onPhone = false }: { href: string; label: string; onPhone?: boolean }) {
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
      <NavLink to={href} end>
        {label}
      </NavLink>
    </Box>
  );
}

/** The bar fixed at the top of every page; below md its links sit behind a menu button. */
export function TopNav() {
  // Read at render, not once at load, so a page drawn again from new config (the editor's preview) shows it.
  const { site, navigation } = config;
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, search } = useLocation();
  const menuId = useId();

  // Following a link closes the menu; so does Escape.
  useEffect(() => setMenuOpen(false), [pathname, search]);
  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <Box as="header" position="fixed" top="0" insetX="0" zIndex="sticky" bg="white/95" backdropFilter="blur(10px)" borderBottomWidth="1px" borderColor="border">
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
          <NavLink to="/" aria-label={site.labels.homeLink}>
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
          </NavLink>
        </Box>
        <Box as="nav" aria-label={site.labels.mainNavigation} display={{ base: 'none', md: 'flex' }} alignItems="center" gap="1">
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
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? site.labels.closeMenu : site.labels.openMenu}
          onClick={() => setMenuOpen((open) => !open)}
          _hover={{ bg: 'brand.subtle' }}
          _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing' }}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </chakra.button>
      </Container>
      <Box
        as="nav"
        id={menuId}
        aria-label={site.labels.mainNavigation}
        display={{ base: menuOpen ? 'block' : 'none', md: 'none' }}
        borderTopWidth="1px"
        borderColor="border"
        bg="white"
        pb="4"
        shadow="md"
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
