import { chakra } from '@chakra-ui/react/styled-system';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { useId, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import config from 'virtual:site-config';
import type { InfluencerDirectorySection } from '../generated/config-types';
import { fillPlaceholders } from '../content/placeholders';
import { SearchIcon } from '../ui/icons';
import { ToggleButtonGroup } from '../ui/ToggleButtonGroup';
import { SectionShell } from '../ui/SectionShell';
import { InfluencerCard } from '../ui/InfluencerCard';
import { directoryQueryFromParams, directoryQueryToParams, matchesDirectoryQuery, type DirectoryQuery } from '../content/influencer-search';

const subscribeToNothing = () => () => undefined;
const PLATFORMS = config.platforms.map((entry) => entry.value);
const NICHES = config.niches.map((entry) => entry.value);

/** Search and filters over every influencer; the state lives in the URL so a filtered view can be shared and revisited. */
export function InfluencerDirectory(props: InfluencerDirectorySection) {
  const [params, setParams] = useSearchParams();
  // Pre-rendered HTML shows the unfiltered directory; filters in the address apply right after hydration, which
  // re-renders only when the address has any.
  const search = useSyncExternalStore(subscribeToNothing, () => window.location.search, () => '');
  const query = directoryQueryFromParams(search ? params : new URLSearchParams(), PLATFORMS, NICHES);
  const shown = config.influencers.filter((influencer) => matchesDirectoryQuery(influencer, query));
  const searchId = useId();
  // Typing replaces the history entry; choosing a filter adds one, so Back undoes a filter.
  const update = (change: Partial<DirectoryQuery>, replace = false) => setParams(directoryQueryToParams({ ...query, ...change }), { replace, preventScrollReset: true });

  return (
    <SectionShell heading={props.heading} hideHeading>
      <Box display="grid" gap="6" mb="8" bg="white" p={{ base: '5', md: '6' }} rounded="xl" borderWidth="1px" borderColor="border" shadow="sm">
        <Box>
          <chakra.label htmlFor={searchId} display="block" fontWeight="semibold" fontSize="sm" mb="2" color="brand.950">
            {props.searchLabel}
          </chakra.label>
          <Box position="relative">
            <Box position="absolute" left="3" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none" display="inline-flex">
              <SearchIcon />
            </Box>
            <Input id={searchId} type="search" ps="10" size="lg" value={query.text} placeholder={props.searchPlaceholder} autoComplete="off" onChange={(event) => update({ text: event.target.value }, true)} />
          </Box>
        </Box>
        <ToggleButtonGroup label={props.platformFilterLabel} options={[{ value: 'all', label: props.allLabel }, ...config.platforms]} value={query.platform} onChange={(platform) => update({ platform: platform as DirectoryQuery['platform'] })} />
        <ToggleButtonGroup label={props.nicheFilterLabel} options={[{ value: 'all', label: props.allLabel }, ...config.niches]} value={query.niche} onChange={(niche) => update({ niche: niche as DirectoryQuery['niche'] })} />
      </Box>
      <Box as="p" role="status" aria-live="polite" fontWeight="semibold" color="brand.950" mb="6">
        {fillPlaceholders(shown.length === 1 ? props.countOne : props.countOther, { count: shown.length })}
      </Box>
      {shown.length > 0 ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
          {shown.map((influencer) => (
            <InfluencerCard key={influencer.id} influencer={influencer} labels={props} />
          ))}
        </SimpleGrid>
      ) : (
        <Box textAlign="center" py="12" bg="brand.subtle" rounded="xl">
          <Box as="p" color="fg.muted" mb="4">
            {props.emptyText}
          </Box>
          <Button colorPalette="brand" variant="outline" color="brand.fg" onClick={() => setParams(new URLSearchParams(), { preventScrollReset: true })}>
            {props.clearFiltersLabel}
          </Button>
        </Box>
      )}
    </SectionShell>
  );
}
