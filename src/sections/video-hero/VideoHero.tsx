import { chakra } from '@chakra-ui/react/styled-system';
import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import type { VideoHeroSection } from '../../generated/config-types.ts';
import { ActionRow } from '../../ui/ActionLink.tsx';
import { PauseIcon, PlayIcon, StateIcon } from '../../ui/icons.tsx';
import { FormattedLine } from '../../ui/FormattedText.tsx';
import { sitePath } from '../../content/site-paths.ts';

/**
 * A full-screen opening: the poster paints first, then a silent looping video plays behind the heading. The video
 * has a pause control (WCAG 2.2.2); visitors who prefer reduced motion keep the poster. The page's HTML holds the
 * poster, the video's sources and its button, hidden; behaviour.ts adds the video and shows the button where motion
 * is welcome.
 */
export function VideoHero({ heading, text, actions, video }: VideoHeroSection) {
  return (
    <Box
      as="section"
      position="relative"
      minH="100svh"
      display="flex"
      alignItems="center"
      overflow="hidden"
      bg="brand.950"
      color="white"
      mt="-16"
    >
      <Box position="absolute" inset="0" aria-hidden="true">
        <img
          src={sitePath(video.poster)}
          alt=""
          width={960}
          height={540}
          fetchPriority="high"
          decoding="async"
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
        {/* Where behaviour.ts puts the video, unless the visitor asked for less motion: then there is none at all. */}
        <Box
          position="absolute"
          inset="0"
          data-video={JSON.stringify({
            poster: sitePath(video.poster),
            sources: [
              ...(video.webm ? [{ src: sitePath(video.webm), type: 'video/webm' }] : []),
              { src: sitePath(video.mp4), type: 'video/mp4' },
            ],
          })}
          css={{ '& video': { width: '100%', height: '100%', objectFit: 'cover' } }}
        />
        <Box
          position="absolute"
          inset="0"
          bgGradient="to-b"
          gradientFrom="rgba(27,16,53,0.4)"
          gradientTo="rgba(27,16,53,0.8)"
        />
      </Box>
      <Container maxW="6xl" position="relative" pt="28" pb="24">
        <Heading
          as="h1"
          fontSize={{ base: '4xl', sm: '5xl', md: '7xl' }}
          lineHeight="1.05"
          letterSpacing="tight"
          maxW="4xl"
          fontWeight="extrabold"
        >
          {heading}
        </Heading>
        <FormattedLine text={text} mt="6" fontSize={{ base: 'lg', md: 'xl' }} maxW="2xl" color="whiteAlpha.900" />
        <Box mt="10">
          <ActionRow actions={actions} tone="dark" />
        </Box>
      </Container>
      <chakra.button
        type="button"
        hidden
        aria-label={video.pauseLabel}
        data-pause-label={video.pauseLabel}
        data-play-label={video.playLabel}
        position="absolute"
        bottom={{ base: '4', md: '8' }}
        right={{ base: '4', md: '8' }}
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        w="11"
        h="11"
        rounded="full"
        bg="blackAlpha.600"
        color="white"
        borderWidth="1px"
        borderColor="whiteAlpha.600"
        cursor="pointer"
        _hover={{ bg: 'blackAlpha.800' }}
        _focusVisible={{ outline: '3px solid', outlineColor: 'accent.300', outlineOffset: '2px' }}
        // One icon at a time: Pause while it plays, Play once paused (behaviour.ts sets data-paused).
        css={{ '&[data-paused] [data-icon="pause"], &:not([data-paused]) [data-icon="play"]': { display: 'none' } }}
      >
        <StateIcon state="pause">
          <PauseIcon />
        </StateIcon>
        <StateIcon state="play">
          <PlayIcon />
        </StateIcon>
      </chakra.button>
    </Box>
  );
}
