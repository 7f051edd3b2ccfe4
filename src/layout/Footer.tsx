import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import config from 'virtual:site-shell';
import { SmartLink } from '../ui/navigation.tsx';

/** The strip at the bottom of every page: the agency, its links and the copyright line. */
export function Footer() {
  const { site } = config;
  return (
    <Box as="footer" bg="brand.950" color="whiteAlpha.900" py="12">
      <Container maxW="6xl" display="grid" gap="8" gridTemplateColumns={{ base: '1fr', md: '2fr 1fr' }}>
        <Box>
          <Box as="p" fontWeight="extrabold" fontSize="xl" color="white">
            {site.name}
          </Box>
          <Box as="p" mt="2" maxW="md" color="whiteAlpha.800">
            {site.footer.tagline}
          </Box>
        </Box>
        <Box as="nav" aria-label={site.footer.linksLabel}>
          <Box as="ul" display="flex" flexWrap="wrap" gap="5" listStyleType="none" justifyContent={{ md: 'flex-end' }}>
            {site.footer.links.map((link, index) => (
              <li key={index}>
                <Box
                  asChild
                  color="white"
                  textDecoration="underline"
                  textUnderlineOffset="4px"
                  _hover={{ color: 'accent.300' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'accent.300', outlineOffset: '2px' }}
                >
                  <SmartLink href={link.href}>{link.label}</SmartLink>
                </Box>
              </li>
            ))}
          </Box>
        </Box>
        <Box
          as="p"
          gridColumn={{ md: '1 / -1' }}
          borderTopWidth="1px"
          borderColor="whiteAlpha.300"
          pt="6"
          fontSize="sm"
          color="whiteAlpha.800"
        >
          {site.footer.copyright}
        </Box>
      </Container>
    </Box>
  );
}
