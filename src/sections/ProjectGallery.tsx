import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { useState } from 'react';
import config from 'virtual:site-config';
import type { ProjectGallerySection } from '../generated/config-types';
import { VisuallyHidden } from '../ui/VisuallyHidden';
import { ProjectCard } from './ProjectCard';
import { projectMatchesFilter } from '../content/project-filter';

/** Every project, with a filter bar that stays under the navigation while scrolling. */
export function ProjectGallery({ heading, filtersLabel, filters, emptyText }: ProjectGallerySection) {
  const [selected, setSelected] = useState(filters[0]!.value);
  const shown = config.projects.filter((project) => projectMatchesFilter(project, selected));
  return (
    <Box as="section" pb={{ base: '14', md: '20' }}>
      <VisuallyHidden as="h2">{heading}</VisuallyHidden>
      <Box position="sticky" top="16" zIndex="docked" bg="bg/95" backdropFilter="blur(8px)" borderBottomWidth="1px" borderColor="border" py="3">
        <Container maxW="6xl">
          <Box role="group" aria-label={filtersLabel} display="flex" gap="2" overflowX="auto" pb="1">
            {filters.map((filter) => {
              const active = filter.value === selected;
              return (
                <Button key={filter.value} size="sm" rounded="full" flexShrink={0} colorPalette="brand" variant={active ? 'solid' : 'outline'} color={active ? undefined : 'brand.fg'} aria-pressed={active} onClick={() => setSelected(filter.value)}>
                  {filter.label}
                </Button>
              );
            })}
          </Box>
        </Container>
      </Box>
      <Container maxW="6xl" pt="10">
        {shown.length > 0 ? (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
            {shown.map((project) => (
              <ProjectCard key={project.title} project={project} />
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
