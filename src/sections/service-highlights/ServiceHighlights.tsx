import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import type { ServiceHighlightsSection } from '../../generated/config-types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { SmartLink } from '../../ui/navigation.tsx';
import { ServiceMark } from '../../ui/artwork.tsx';
import { FormattedLine } from '../../ui/FormattedText.tsx';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { usePageData } from '../../ui/page-data-context.ts';

/** One card per service with its name and summary, each linking to the services page. */
export function ServiceHighlights({ heading, text, cardHref, action }: ServiceHighlightsSection) {
  const { services } = usePageData();
  return (
    <SectionShell heading={heading} text={text && <FormattedLine text={text} />} tone="tinted">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
        {(services ?? []).map((service) => (
          <Box
            key={service.id}
            as="article"
            position="relative"
            bg="white"
            rounded="xl"
            p="6"
            borderWidth="1px"
            borderColor="border"
            shadow="sm"
            transition="box-shadow 0.2s"
            _hover={{ shadow: 'md' }}
            _focusWithin={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
          >
            <ServiceMark service={service} mb="4" />
            <Heading as="h3" size="lg" color="brand.950" mb="2">
              <SmartLink href={cardHref} className="card-link">
                {service.name}
              </SmartLink>
            </Heading>
            <Box as="p" color="fg.muted">
              {service.summary}
            </Box>
          </Box>
        ))}
      </SimpleGrid>
      <Box mt="10" textAlign="center">
        <ActionLink action={action} />
      </Box>
    </SectionShell>
  );
}
