import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { memo } from 'react';
import type { InfluencerSummary } from '../contract/site-config.ts';
import { InitialsAvatar } from '../ui/artwork.tsx';
import { ResponsivePicture } from '../ui/ResponsivePicture.tsx';
import { ArrowRightIcon, VerifiedIcon } from '../ui/icons.tsx';
import { Tooltip } from '../ui/Tooltip.tsx';
import { FigureItem } from '../ui/FigureItem.tsx';
import { SmartLink } from '../ui/navigation.tsx';
import { useInfluencerLabels } from './labels.ts';

export interface InfluencerCardLabels {
  readonly verifiedLabel: string;
  readonly followersLabel: string;
  readonly engagementLabel: string;
  readonly viewProfileLabel: string;
}

/**
 * One influencer in the directory; the name links to their profile (`href`) and the link covers the card. Memoised:
 * as a search narrows, the cards that stay are not drawn again.
 */
export const InfluencerCard = memo(function InfluencerCard({
  influencer,
  href,
  labels,
}: {
  influencer: InfluencerSummary;
  href: string;
  labels: InfluencerCardLabels;
}) {
  const { platformLabel, nicheLabel } = useInfluencerLabels();
  return (
    <Box
      as="article"
      position="relative"
      bg="white"
      rounded="xl"
      p="6"
      borderWidth="1px"
      borderColor="border"
      shadow="sm"
      transition="box-shadow 0.2s, transform 0.2s"
      _hover={{ shadow: 'lg', transform: 'translateY(-2px)' }}
      _focusWithin={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      display="flex"
      flexDirection="column"
      gap="4"
    >
      <Box display="flex" alignItems="center" gap="4">
        {influencer.photo ? (
          <ResponsivePicture
            picture={influencer.photo}
            use="avatar"
            width={56}
            style={{ borderRadius: '50%', flexShrink: 0 }}
          />
        ) : (
          <InitialsAvatar name={influencer.name} size={56} />
        )}
        <Box minW="0">
          <Heading as="h3" size="lg" color="brand.950" display="flex" alignItems="center" gap="1.5">
            <SmartLink href={href} className="card-link">
              {influencer.name}
            </SmartLink>
            {influencer.verified ? (
              <Tooltip label={labels.verifiedLabel}>
                <Box
                  as="span"
                  role="img"
                  aria-label={labels.verifiedLabel}
                  color="brand.solid"
                  display="inline-flex"
                  position="relative"
                  zIndex="2"
                  tabIndex={0}
                  rounded="full"
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
                >
                  <VerifiedIcon />
                </Box>
              </Tooltip>
            ) : null}
          </Heading>
          <Box as="p" color="fg.muted" fontSize="sm">
            {influencer.handle}
          </Box>
        </Box>
      </Box>
      <Box display="flex" flexWrap="wrap" gap="2">
        <Badge colorPalette="brand" variant="subtle">
          {platformLabel(influencer.platform)}
        </Badge>
        <Badge colorPalette="accent" variant="subtle" color="accent.fg">
          {nicheLabel(influencer.niche)}
        </Badge>
      </Box>
      <Box as="dl" display="grid" gridTemplateColumns="1fr 1fr" gap="3">
        {(
          [
            [labels.followersLabel, influencer.followers],
            [labels.engagementLabel, influencer.engagement],
          ] as const
        ).map(([label, value], index) => (
          <FigureItem
            key={index}
            label={label}
            value={value}
            labelStyle={{ fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide' }}
            valueStyle={{ fontSize: 'xl', fontWeight: 'bold', color: 'brand.950' }}
          />
        ))}
      </Box>
      <Box
        as="span"
        aria-hidden="true"
        color="brand.fg"
        fontWeight="semibold"
        display="inline-flex"
        alignItems="center"
        gap="1"
        mt="auto"
      >
        {labels.viewProfileLabel} <ArrowRightIcon />
      </Box>
    </Box>
  );
});
