import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import type { ProcessStepsSection } from '../../generated/config-types.ts';
import { FormattedLine } from '../../ui/FormattedText.tsx';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { usePageData } from '../../ui/page-data-context.ts';

/** The agency's process as a numbered list of steps. */
export function ProcessSteps({ heading, text }: ProcessStepsSection) {
  const { processSteps } = usePageData();
  return (
    <SectionShell heading={heading} text={text && <FormattedLine text={text} />} tone="tinted">
      <Box
        as="ol"
        display="grid"
        gridTemplateColumns={{ base: '1fr', md: 'repeat(5, 1fr)' }}
        gap="6"
        listStyleType="none"
      >
        {(processSteps ?? []).map((step, index) => (
          <Box as="li" key={index} display="flex" flexDirection={{ base: 'row', md: 'column' }} gap="4">
            <Box
              as="span"
              aria-hidden="true"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              w="12"
              h="12"
              rounded="full"
              bg="brand.solid"
              color="white"
              fontWeight="bold"
              fontSize="lg"
              flexShrink={0}
            >
              {index + 1}
            </Box>
            <Box>
              <Heading as="h3" size="md" color="brand.950" mb="1">
                {step.title}
              </Heading>
              <Box as="p" color="fg.muted" fontSize="sm">
                {step.text}
              </Box>
            </Box>
          </Box>
        ))}
      </Box>
    </SectionShell>
  );
}
