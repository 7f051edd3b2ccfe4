import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import type { ServiceDetailsSection } from '../../generated/config-types.ts';
import { ServiceMark } from '../../ui/artwork.tsx';
import { FormattedText } from '../../ui/FormattedText.tsx';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { usePageData } from '../../ui/page-data-context.ts';

/** Every service in full: name, description and its features as a list. */
export function ServiceDetails({ heading, featuresLabel }: ServiceDetailsSection) {
  const { services } = usePageData();
  return (
    <SectionShell heading={heading} hideHeading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        {(services ?? []).map((service) => (
          // Each service is an address of its own, /services#event-coverage, which links can name (the checker knows
          // them).
          <Box
            key={service.id}
            id={service.id}
            scrollMarginTop="24"
            as="article"
            bg="white"
            rounded="xl"
            p={{ base: '6', md: '8' }}
            borderWidth="1px"
            borderColor="border"
            shadow="sm"
          >
            <Box display="flex" alignItems="center" gap="4" mb="4">
              <ServiceMark service={service} />
              <Heading as="h3" size="xl" color="brand.950">
                {service.name}
              </Heading>
            </Box>
            <FormattedText text={service.description} color="fg.muted" mb="5" />
            <Box as="ul" aria-label={`${service.name}: ${featuresLabel}`} display="grid" gap="2" listStyleType="none">
              {service.features.map((feature, index) => (
                <Box as="li" key={index} display="flex" gap="3" alignItems="baseline">
                  <Box
                    as="span"
                    aria-hidden="true"
                    w="2"
                    h="2"
                    rounded="full"
                    bg="accent.500"
                    flexShrink={0}
                    transform="translateY(-2px)"
                  />
                  {feature}
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </SimpleGrid>
    </SectionShell>
  );
}
