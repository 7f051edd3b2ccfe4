import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import type { PointGridSection } from '../../generated/config-types.ts';
import { FormattedLine } from '../../ui/FormattedText.tsx';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { usePageData } from '../../ui/page-data-context.ts';

/**
 * A grid of short points (reasons to choose the agency, its values), from the collection of config/collections/ it
 * names.
 */
export function PointGrid({ heading, text, source }: PointGridSection) {
  const { points } = usePageData();
  return (
    <SectionShell heading={heading} text={text && <FormattedLine text={text} />}>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
        {(points?.[source] ?? []).map((point, index) => (
          <Box
            key={index}
            borderTopWidth="4px"
            borderColor="accent.400"
            bg="white"
            rounded="lg"
            p="6"
            shadow="sm"
            borderWidth="1px"
          >
            <Heading as="h3" size="lg" color="brand.950" mb="2">
              {point.title}
            </Heading>
            <Box as="p" color="fg.muted">
              {point.text}
            </Box>
          </Box>
        ))}
      </SimpleGrid>
    </SectionShell>
  );
}
