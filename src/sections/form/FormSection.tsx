import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import type { FormSection as FormSectionProps } from '../../generated/config-types.ts';
import { FormSlot } from '../../forms/FormSlot.tsx';

/** One of the forms in config/forms/, on its own. */
export function FormSection({ form, heading, text }: FormSectionProps) {
  return (
    <Box as="section" py={{ base: '10', md: '16' }} aria-label={heading}>
      <Container maxW="3xl">
        {heading ? (
          <Heading as="h2" size="2xl" color="brand.950" mb="3">
            {heading}
          </Heading>
        ) : null}
        {text ? (
          <Box as="p" color="fg.muted" mb="8">
            {text}
          </Box>
        ) : null}
        <Box bg="white" rounded="2xl" borderWidth="1px" borderColor="border" shadow="sm" p={{ base: '6', md: '10' }}>
          <FormSlot name={form} />
        </Box>
      </Container>
    </Box>
  );
}
