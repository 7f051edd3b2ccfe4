import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { chakra } from '@chakra-ui/react/styled-system';
import type { ProjectGallerySection } from '../../generated/config-types.ts';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import { FormattedText } from '../../ui/FormattedText.tsx';
import { ProjectCard } from '../../ui/ProjectCard.tsx';
import { ToggleButtonGroup } from '../../ui/ToggleButtonGroup.tsx';
import { usePageData } from '../../ui/page-data-context.ts';
import { projectMatchesFilter } from '../../content/project-filter.ts';

/**
 * Every project, with a filter bar that stays under the navigation while scrolling. The HTML holds every project,
 * each naming the filters it shows under, with the first filter chosen; behaviour.ts switches the filter.
 */
export function ProjectGallery({ heading, filtersLabel, filters, emptyText }: ProjectGallerySection) {
  const { projects = [] } = usePageData();
  const first = filters[0]!.value;
  const filtersOf = (project: (typeof projects)[number]) =>
    JSON.stringify(
      filters.filter((filter) => projectMatchesFilter(project, filter.value)).map((filter) => filter.value),
    );
  return (
    <Box as="section" pb={{ base: '14', md: '20' }}>
      <VisuallyHidden as="h2">{heading}</VisuallyHidden>
      <Box
        position="sticky"
        top="16"
        zIndex="docked"
        bg="bg/95"
        backdropFilter="blur(8px)"
        borderBottomWidth="1px"
        borderColor="border"
        py="3"
      >
        <Container maxW="6xl">
          <ToggleButtonGroup label={filtersLabel} hideLabel scroll options={filters} value={first} />
        </Container>
      </Box>
      <Container maxW="6xl" pt="10">
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
          {projects.map((project, index) => (
            // Each keeps its place in the whole list as its key: two projects may share a title.
            <chakra.div
              key={index}
              display="contents"
              data-filters={filtersOf(project)}
              hidden={!projectMatchesFilter(project, first)}
            >
              {/* The first card's image is the page's main picture. */}
              <ProjectCard
                project={project}
                eager={index === 0}
                description={<FormattedText text={project.description} color="fg.muted" />}
              />
            </chakra.div>
          ))}
        </SimpleGrid>
        <Box
          as="p"
          color="fg.muted"
          textAlign="center"
          py="12"
          data-empty
          hidden={projects.some((project) => projectMatchesFilter(project, first))}
        >
          {emptyText}
        </Box>
      </Container>
    </Box>
  );
}
