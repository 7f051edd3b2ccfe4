import { chakra } from '@chakra-ui/react/styled-system';
import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { useEffect, useRef, useState } from 'react';
import type { VideoHeroSection } from '../../generated/config-types';
import { ActionRow } from '../../ui/ActionLink';
import { PauseIcon, PlayIcon } from '../../ui/icons';
import { sitePath } from '../../content/site-paths';

/** Whether the visitor asked their device for less motion; false until known, so the server renders the poster only. */
function usePrefersReducedMotion(): boolean | undefined {
  const [reduced, setReduced] = useState<boolean>();
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/**
 * A full-screen opening: the poster paints first, then a silent looping video fades in behind the heading.
 * The video has a pause control (WCAG 2.2.2); visitors who prefer reduced motion keep the poster.
 */
export function VideoHero({ heading, text, actions, video }: VideoHeroSection) {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const showVideo = reducedMotion === false;

  const togglePlayback = () => {
    const element = videoRef.current;
    if (!element) return;
    // The button's own state decides, not the video's: before autoplay has started the video reads as paused, and
    // "Pause" must still pause it (which also stops autoplay from starting it afterwards).
    if (paused) {
      void element.play().catch(() => undefined);
      setPaused(false);
    } else {
      element.pause();
      setPaused(true);
    }
  };

  return (
    <Box as="section" position="relative" minH="100svh" display="flex" alignItems="center" overflow="hidden" bg="brand.950" color="white" mt="-16">
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
        {showVideo ? (
          <video
            // A new source is a new video: the element loads it at once (a changed <source> alone plays the old one).
            key={`${video.webm ?? ''} ${video.mp4}`}
            ref={videoRef}
            autoPlay
            muted
            loop
            playsInline
            preload="metadata"
            poster={sitePath(video.poster)}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          >
            {video.webm ? <source src={sitePath(video.webm)} type="video/webm" /> : null}
            <source src={sitePath(video.mp4)} type="video/mp4" />
          </video>
        ) : null}
        <Box position="absolute" inset="0" bgGradient="to-b" gradientFrom="rgba(27,16,53,0.4)" gradientTo="rgba(27,16,53,0.8)" />
      </Box>
      <Container maxW="6xl" position="relative" pt="28" pb="24">
        <Heading as="h1" fontSize={{ base: '4xl', sm: '5xl', md: '7xl' }} lineHeight="1.05" letterSpacing="tight" maxW="4xl" fontWeight="extrabold">
          {heading}
        </Heading>
        <Box as="p" mt="6" fontSize={{ base: 'lg', md: 'xl' }} maxW="2xl" color="whiteAlpha.900">
          {text}
        </Box>
        <Box mt="10">
          <ActionRow actions={actions} tone="dark" />
        </Box>
      </Container>
      {showVideo ? (
        <chakra.button
          type="button"
          onClick={togglePlayback}
          aria-label={paused ? video.playLabel : video.pauseLabel}
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
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </chakra.button>
      ) : null}
    </Box>
  );
}
