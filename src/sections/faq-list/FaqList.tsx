import { Box } from '@chakra-ui/react/box';
import type { FaqListSection } from '../../generated/config-types.ts';
import { FormattedLine, FormattedText } from '../../ui/FormattedText.tsx';
import { PlusIcon } from '../../ui/icons.tsx';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { usePageData } from '../../ui/page-data-context.ts';

/** The frequently asked questions as native disclosure widgets: keyboard and screen-reader ready without script. */
export function FaqList({ heading, text }: FaqListSection) {
  const { faqs } = usePageData();
  return (
    <SectionShell heading={heading} text={text && <FormattedLine text={text} />} tone="tinted">
      <Box display="grid" gap="3" maxW="3xl">
        {(faqs ?? []).map((faq, index) => (
          <Box
            as="details"
            key={index}
            bg="white"
            rounded="lg"
            borderWidth="1px"
            borderColor="border"
            css={{
              '& > summary::-webkit-details-marker': { display: 'none' },
              '&[open] > summary > span': { transform: 'rotate(45deg)' },
            }}
          >
            <Box
              as="summary"
              cursor="pointer"
              listStyleType="none"
              display="flex"
              justifyContent="space-between"
              alignItems="center"
              gap="4"
              px="5"
              py="4"
              fontWeight="semibold"
              color="brand.950"
              _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing', rounded: 'lg' }}
            >
              {faq.question}
              <Box as="span" color="brand.solid" transition="transform 0.2s" display="inline-flex" flexShrink={0}>
                <PlusIcon />
              </Box>
            </Box>
            <FormattedText text={faq.answer} px="5" pb="5" color="fg.muted" />
          </Box>
        ))}
      </Box>
    </SectionShell>
  );
}
