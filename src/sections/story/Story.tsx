import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import type { StorySection } from '../../generated/config-types.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { FigureItem } from '../../ui/FigureItem.tsx';
import { FormattedText } from '../../ui/FormattedText.tsx';

/** The agency's story beside its key facts, and its mission. */
export function Story({ heading, paragraphs, facts, mission }: StorySection) {
  return (
    <SectionShell heading={heading}>
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '3fr 2fr' }} gap={{ base: '8', md: '12' }}>
        <Box display="grid" gap="4" fontSize="lg" color="fg.muted">
          {paragraphs.map((paragraph, index) => (
            <FormattedText key={index} text={paragraph} />
          ))}
          <Box mt="4" borderStartWidth="4px" borderColor="accent.400" ps="5">
            <Heading as="h3" size="lg" color="brand.950" mb="2">
              {mission.title}
            </Heading>
            <Box as="p" color="fg">
              {mission.text}
            </Box>
          </Box>
        </Box>
        <Box as="dl" display="grid" gap="4" alignContent="start">
          {facts.map((fact, index) => (
            <FigureItem
              key={index}
              label={fact.label}
              value={fact.value}
              bg="brand.950"
              color="white"
              rounded="xl"
              p="6"
              labelStyle={{ color: 'whiteAlpha.800' }}
              valueStyle={{ fontSize: '4xl', fontWeight: 'extrabold', color: 'accent.300' }}
            />
          ))}
        </Box>
      </Box>
    </SectionShell>
  );
}
