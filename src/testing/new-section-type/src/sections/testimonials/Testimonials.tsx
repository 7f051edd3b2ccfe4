import { Box } from '@chakra-ui/react/box';
import type { TestimonialsSection } from '../../generated/config-types.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { usePageData } from '../../ui/page-data-context.ts';

/** Clients' words, each a quotation with its author. */
export function Testimonials({ heading }: TestimonialsSection) {
  const { testimonials = [] } = usePageData();
  return (
    <SectionShell heading={heading}>
      {testimonials.map((testimonial, index) => (
        <Box as="figure" key={index}>
          <blockquote>{testimonial.quote}</blockquote>
          <figcaption>{testimonial.author}</figcaption>
        </Box>
      ))}
    </SectionShell>
  );
}
