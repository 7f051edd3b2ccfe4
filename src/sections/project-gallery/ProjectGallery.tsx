import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { useState } from 'react';
import type { ProjectGallerySection } from '../../generated/config-types';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { ProjectCard } from '../../ui/ProjectCard';
import { ToggleButtonGroup } from '../../ui/ToggleButtonGroup';
import { usePageData } from '../../ui/page-data-context';
import { projectMatchesFilter } from '../../content/project-filter';

/** Every project, with a filter bar that stays under the navigation while scrolling. */
export function ProjectGallery({ heading, filtersLabel, filters, emptyText }: ProjectGallerySection) {
  const { projects = [] } = usePageData();
  const [selected, setSelected] = useState(filters[0]!.value);
  // Each keeps its place in the whole list as its key: two projects may share a title.
  const shown = projects.map((project, index) => ({ project, index })).filter(({ project }) => projectMatchesFilter(project, selected));
  return (
    <Box as="section" pb={{ base: '14', md: '20' }}>
      <VisuallyHidden as="h2">{heading}</VisuallyHidden>
      <Box position="sticky" top="16" zIndex="docked" bg="bg/95" backdropFilter="blur(8px)" borderBottomWidth="1px" borderColor="border" py="3">
        <Container maxW="6xl">
          <ToggleButtonGroup label={filtersLabel} hideLabel scroll options={filters} value={selected} onChange={setSelected} />
        </Container>
      </Box>
      <Container maxW="6xl" pt="10">
        {shown.length > 0 ? (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
            {shown.map(({ project, index }) => (
              <ProjectCard key={index} project={project} />
            ))}
          </SimpleGrid>
        ) : (
          <Box as="p" color="fg.muted" textAlign="center" py="12">
            {emptyText}
          </Box>
        )}
      </Container>
    </Box>
  );
}
