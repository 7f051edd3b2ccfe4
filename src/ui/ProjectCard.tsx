import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import type { ReactNode } from 'react';
import type { Project } from '../generated/config-types.ts';
import { ProjectArt } from './artwork.tsx';
import { ResponsivePicture } from './ResponsivePicture.tsx';
import { SmartLink } from './navigation.tsx';

/**
 * A project as a card: its image (or artwork), client, title, description (drawn by the section: formatted text is
 * drawn when the page is built, and this card is shared code islands load) and tags. With `href`, the whole card is
 * one link; `eager` for the card whose image is the page's main picture.
 */
export function ProjectCard({
  project,
  href,
  description,
  eager = false,
}: {
  project: Project;
  href?: string;
  description?: ReactNode;
  eager?: boolean;
}) {
  return (
    <Box
      as="article"
      position="relative"
      bg="white"
      rounded="xl"
      overflow="hidden"
      borderWidth="1px"
      borderColor="border"
      shadow="sm"
      transition="box-shadow 0.2s, transform 0.2s"
      _hover={href ? { shadow: 'lg', transform: 'translateY(-2px)' } : undefined}
      _focusWithin={href ? { outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' } : undefined}
      display="flex"
      flexDirection="column"
    >
      <Box aspectRatio={16 / 9}>
        {project.image ? (
          <ResponsivePicture
            picture={project.image}
            use="cover"
            eager={eager}
            style={{ width: '100%', height: '100%' }}
          />
        ) : (
          <ProjectArt title={project.title} category={project.category} />
        )}
      </Box>
      <Box p="5" display="flex" flexDirection="column" gap="2" flex="1">
        <Box
          as="p"
          fontSize="sm"
          fontWeight="semibold"
          color="accent.fg"
          textTransform="uppercase"
          letterSpacing="wide"
        >
          {project.client}
        </Box>
        <Heading as="h3" size="lg" color="brand.950">
          {href ? (
            // The link covers the card, so the whole card is clickable while screen readers hear just the title.
            <SmartLink href={href} className="card-link">
              {project.title}
            </SmartLink>
          ) : (
            project.title
          )}
        </Heading>
        {description}
        <Box as="ul" display="flex" flexWrap="wrap" gap="2" mt="auto" pt="2" listStyleType="none">
          {project.tags.map((tag, index) => (
            <Box as="li" key={index}>
              <Badge colorPalette="brand" variant="subtle">
                {tag}
              </Badge>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
