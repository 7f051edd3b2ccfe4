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
import { SectionShell } from '../ui/SectionShell';
import { InfluencerCard } from './InfluencerCard';
import { directoryQueryFromParams, directoryQueryToParams, matchesDirectoryQuery, type DirectoryQuery } from './influencer-search';

const subscribeToNothing = () => () => undefined;
const PLATFORMS = config.platforms.map((entry) => entry.value);
const NICHES = config.niches.map((entry) => entry.value);

/** A row of toggle buttons: "All" and one per option, the current one pressed. */
function FilterButtons({ label, allLabel, options, value, onChange }: { label: string; allLabel: string; options: readonly { value: string; label: string }[]; value: string; onChange: (value: string) => void }) {
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Box as="p" id={labelId} fontWeight="semibold" fontSize="sm" mb="2" color="brand.950">
        {label}
      </Box>
      <Box display="flex" flexWrap="wrap" gap="2">
        {[{ value: 'all', label: allLabel }, ...options].map((option) => {
          const active = option.value === value;
          return (
            <Button key={option.value} size="sm" rounded="full" colorPalette="brand" variant={active ? 'solid' : 'outline'} color={active ? undefined : 'brand.fg'} aria-pressed={active} onClick={() => onChange(option.value)}>
              {option.label}
            </Button>
          );
        })}
      </Box>
    </Box>
  );
}

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
        <FilterButtons label={props.platformFilterLabel} allLabel={props.allLabel} options={config.platforms} value={query.platform} onChange={(platform) => update({ platform: platform as DirectoryQuery['platform'] })} />
        <FilterButtons label={props.nicheFilterLabel} allLabel={props.allLabel} options={config.niches} value={query.niche} onChange={(niche) => update({ niche: niche as DirectoryQuery['niche'] })} />
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
