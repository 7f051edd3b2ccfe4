import { Badge } from '@chakra-ui/react/badge';
import { Box, type BoxProps } from '@chakra-ui/react/box';
import { use, type ReactNode } from 'react';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import type { Influencer, InfluencerProfileSection } from '../../generated/config-types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { InitialsAvatar } from '../../ui/artwork.tsx';
import { ResponsivePicture } from '../../ui/ResponsivePicture.tsx';
import { VerifiedIcon } from '../../ui/icons.tsx';
import { useInfluencerLabels } from '../../influencers/labels.ts';
import { influencerIdOf, influencerResource } from '../../influencers/store.ts';
import { FigureItem } from '../../ui/FigureItem.tsx';
import { FormattedText } from '../../ui/FormattedText.tsx';
import { useAddress } from '../../ui/navigation.tsx';

/** An influencer's profile, or "not found" with a way back to the directory. */
export function InfluencerProfile(section: InfluencerProfileSection) {
  const id = influencerIdOf(useAddress().params.id);
  const influencer = id === undefined ? undefined : use(influencerResource(id));
  return (
    <Box as="section" py={{ base: '10', md: '16' }}>
      <Container maxW="5xl">
        <Box mb="8">
          <ActionLink action={section.backAction} size="md" />
        </Box>
        {influencer ? <Profile influencer={influencer} section={section} /> : <NotFound section={section} />}
      </Container>
    </Box>
  );
}

function NotFound({ section }: { section: InfluencerProfileSection }) {
  return (
    <Box textAlign="center" py="16" bg="brand.subtle" rounded="2xl" px="6">
      <Heading as="h1" size="3xl" color="brand.950" mb="4">
        {section.notFound.heading}
      </Heading>
      <Box as="p" color="fg.muted" maxW="lg" mx="auto">
        {section.notFound.text}
      </Box>
    </Box>
  );
}

function Profile({ influencer, section }: { influencer: Influencer; section: InfluencerProfileSection }) {
  const { platformLabel, nicheLabel } = useInfluencerLabels();
  const metrics = [
    [section.metricLabels.followers, influencer.followers],
    [section.metricLabels.engagement, influencer.engagement],
    [section.metricLabels.reach, influencer.reach],
    [section.metricLabels.audience, influencer.audience],
  ] as const;
  return (
    <Box display="grid" gap="8">
      <Box
        display="flex"
        flexDirection={{ base: 'column', sm: 'row' }}
        alignItems={{ base: 'flex-start', sm: 'center' }}
        gap="6"
        bg="brand.950"
        color="white"
        rounded="2xl"
        p={{ base: '6', md: '10' }}
      >
        {influencer.photo ? (
          // The profile's main picture: fetched first, with the page.
          <ResponsivePicture
            picture={influencer.photo}
            use="portrait"
            eager
            width={160}
            style={{ borderRadius: '50%', flexShrink: 0, boxShadow: '0 0 0 4px rgba(255, 255, 255, 0.9)' }}
          />
        ) : (
          <InitialsAvatar name={influencer.name} size={112} />
        )}
        <Box>
          <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} letterSpacing="tight" fontWeight="extrabold">
            {influencer.name}
          </Heading>
          <Box as="p" fontSize="lg" color="whiteAlpha.900" mt="1">
            {influencer.handle}
          </Box>
          <Box display="flex" flexWrap="wrap" gap="2" mt="4" alignItems="center">
            {influencer.verified ? (
              <Badge bg="accent.400" color="brand.950" display="inline-flex" alignItems="center" gap="1" size="lg">
                <VerifiedIcon /> {section.verifiedLabel}
              </Badge>
            ) : null}
            <Badge bg="whiteAlpha.200" color="white" size="lg">
              {platformLabel(influencer.platform)}
            </Badge>
            <Badge bg="whiteAlpha.200" color="white" size="lg">
              {nicheLabel(influencer.niche)}
            </Badge>
          </Box>
        </Box>
      </Box>

      <ProfilePart id="profile-about" heading={section.aboutHeading}>
        <FormattedText text={influencer.bio} fontSize="lg" color="fg.muted" maxW="3xl" />
      </ProfilePart>

      <ProfilePart id="profile-metrics" heading={section.metricsHeading}>
        <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="4">
          {metrics.map(([label, value], index) => (
            <FigureItem
              key={index}
              label={label}
              value={value}
              bg="brand.subtle"
              rounded="xl"
              p="5"
              labelStyle={{ fontSize: 'sm', color: 'fg.muted' }}
              valueStyle={{ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', color: 'brand.950' }}
            />
          ))}
        </SimpleGrid>
      </ProfilePart>

      <ProfilePart
        id="profile-rates"
        heading={section.ratesHeading}
        bg="white"
        borderWidth="1px"
        borderColor="border"
        rounded="xl"
        p={{ base: '6', md: '8' }}
        shadow="sm"
      >
        <Box as="p" fontSize="3xl" fontWeight="bold" color="accent.fg">
          {influencer.rates}
        </Box>
        <Box as="p" color="fg.muted" mt="2" mb="6">
          {section.ratesNote}
        </Box>
        <ActionLink action={section.contactAction} />
      </ProfilePart>
    </Box>
  );
}

/** A titled part of the profile: a section named by its h2. */
function ProfilePart({
  id,
  heading,
  children,
  ...frame
}: { id: string; heading: string; children: ReactNode } & Omit<BoxProps, 'id' | 'children'>) {
  return (
    <Box as="section" aria-labelledby={id} {...frame}>
      <Heading as="h2" id={id} size="xl" color="brand.950" mb="3">
        {heading}
      </Heading>
      {children}
    </Box>
  );
}
