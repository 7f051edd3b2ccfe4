import { Box } from '@chakra-ui/react/box';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import type { ProjectHighlightsSection } from '../../generated/config-types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { FormattedLine } from '../../ui/FormattedText.tsx';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { ProjectCard } from '../../ui/ProjectCard.tsx';
import { usePageData } from '../../ui/page-data-context.ts';

/** The first few projects as cards, each linking to the portfolio. */
export function ProjectHighlights({ heading, text, limit, cardHref, action }: ProjectHighlightsSection) {
  const { projects = [] } = usePageData();
  return (
    <SectionShell heading={heading} text={text && <FormattedLine text={text} />}>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {projects.slice(0, limit).map((project, index) => (
          <ProjectCard key={index} project={project} href={cardHref} />
        ))}
      </SimpleGrid>
      <Box mt="10" textAlign="center">
        <ActionLink action={action} />
      </Box>
    </SectionShell>
  );
}
