import { chakra } from '@chakra-ui/react/styled-system';
import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import config from 'virtual:site-shell';
import type { ContactPanelSection } from '../../generated/config-types.ts';
import { FormSlot } from '../../forms/FormSlot.tsx';
import { MailIcon, PhoneIcon, PinIcon, SocialIcon } from '../../ui/icons.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';

/** A phone number as a link that calls it: the digits and a leading + only. */
const callLink = (number: string) => <a href={`tel:${number.replace(/[^+0-9]/g, '')}`}>{number}</a>;

/** A form beside the agency's contact details and social links (from config/site.json). */
export function ContactPanel(section: ContactPanelSection) {
  const { contact, socials } = config.site;
  const details = [
    { label: section.emailLabel, icon: <MailIcon />, content: <a href={`mailto:${contact.email}`}>{contact.email}</a> },
    {
      label: section.phoneLabel,
      icon: <PhoneIcon />,
      // The first number alone, as the spec shows it; any other on a line of its own, with what it is for.
      content: contact.otherPhones?.length ? (
        <>
          <Box as="span" display="block">
            {callLink(contact.phone)}
          </Box>
          {contact.otherPhones.map((other, index) => (
            <Box as="span" display="block" key={index}>
              {other.label}: {callLink(other.number)}
            </Box>
          ))}
        </>
      ) : (
        callLink(contact.phone)
      ),
    },
    {
      label: section.officeLabel,
      icon: <PinIcon />,
      content: (
        <Box as="address" fontStyle="normal">
          {contact.address.map((line, index) => (
            <Box as="span" display="block" key={index}>
              {line}
            </Box>
          ))}
        </Box>
      ),
    },
  ];
  return (
    <Box as="section" py={{ base: '12', md: '16' }}>
      <Container
        maxW="6xl"
        display="grid"
        gridTemplateColumns={{ base: '1fr', lg: '3fr 2fr' }}
        gap={{ base: '10', lg: '12' }}
      >
        <Box bg="white" rounded="2xl" borderWidth="1px" borderColor="border" shadow="sm" p={{ base: '6', md: '10' }}>
          <Heading as="h2" size="2xl" color="brand.950" mb="6">
            {section.formHeading}
          </Heading>
          <FormSlot name={section.form} />
        </Box>
        <Box display="grid" gap="8" alignContent="start">
          <Box>
            <Heading as="h2" size="xl" color="brand.950" mb="5">
              {section.detailsHeading}
            </Heading>
            <Box as="dl" display="grid" gap="5">
              {details.map((detail, index) => (
                <Box key={index} position="relative" ps="16" minH="12">
                  <Box as="dt" fontWeight="semibold" color="brand.950">
                    <Box
                      as="span"
                      aria-hidden="true"
                      position="absolute"
                      left="0"
                      top="0"
                      display="inline-flex"
                      p="3"
                      rounded="lg"
                      bg="brand.muted"
                      color="brand.fg"
                    >
                      {detail.icon}
                    </Box>
                    {detail.label}
                  </Box>
                  <Box
                    as="dd"
                    color="fg.muted"
                    css={{ '& a': { color: 'brand.fg', textDecoration: 'underline', textUnderlineOffset: '3px' } }}
                  >
                    {detail.content}
                  </Box>
                </Box>
              ))}
            </Box>
          </Box>
          <Box>
            <Heading as="h3" size="lg" color="brand.950" mb="4">
              {section.socialHeading}
            </Heading>
            <Box as="ul" display="flex" gap="3" listStyleType="none">
              {socials.map((social, index) => (
                <li key={index}>
                  <Tooltip label={social.label}>
                    <chakra.a
                      href={social.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={social.label}
                      display="inline-flex"
                      alignItems="center"
                      justifyContent="center"
                      w="11"
                      h="11"
                      rounded="full"
                      bg="brand.solid"
                      color="white"
                      _hover={{ bg: 'brand.700' }}
                      _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
                    >
                      <SocialIcon network={social.network} />
                    </chakra.a>
                  </Tooltip>
                </li>
              ))}
            </Box>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
