import { chakra, createRecipeContext } from '@chakra-ui/react/styled-system';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import {
  memo,
  useCallback,
  type ComponentProps,
  useDeferredValue,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import shell from 'virtual:site-shell';
import type { InfluencerDirectorySection } from '../../generated/config-types.ts';
import {
  directoryQueryFromParams,
  directoryQueryToParams,
  isUnfiltered,
  matchesDirectoryQuery,
  pageNumberFromParams,
  profilePathOf,
  type DirectoryQuery,
} from '../../influencers/search.ts';
import { fillPlaceholders } from '../../content/placeholders.ts';
import { SearchIcon } from '../../ui/icons.tsx';
import { InfluencerCard } from '../../influencers/InfluencerCard.tsx';
import { usePageData } from '../../ui/page-data-context.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { useAddress } from '../../ui/navigation.tsx';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { ToggleButtonGroup } from '../../ui/ToggleButtonGroup.tsx';
import type { IndexedInfluencer } from '../../influencers/search-index.ts';
import { useInfluencerIndex } from '../../influencers/use-influencer-index.ts';

/**
 * Chakra's input, drawn by its recipe on a plain input: Chakra's Input component also joins Ark's form-field context,
 * which this search box has no use for, and which would add its code to the page.
 */
const SearchInput = createRecipeContext({ key: 'input' }).withContext<
  HTMLInputElement,
  ComponentProps<typeof chakra.input> & { size?: 'lg' }
>('input');

const subscribeToNothing = () => () => undefined;

/** "?q=a&platform=youtube" for a query (the "?" alone when it has nothing), as links and history entries carry it. */
const searchOf = (params: URLSearchParams) => (params.size > 0 ? `?${params}` : '?');

/**
 * Search, filters and pages over every influencer. The pre-rendered page shows the first page of the whole network
 * and its count; the search data (a summary of every influencer) loads right after, so searching thousands answers
 * as the visitor types. The state lives in the URL (?q=&platform=&niche=&page=), so any view can be shared and
 * returned to with Back; the page never shows more than one page of cards.
 */
export function InfluencerDirectory(props: InfluencerDirectorySection) {
  const { directory, platforms = [], niches = [] } = usePageData();
  const { search, key, go } = useAddress();
  // Pre-rendered HTML shows the first view; an address with a search, filter or page applies it right after
  // hydration, which re-renders only when the address has one.
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const current = useMemo(() => new URLSearchParams(hydrated ? search : ''), [hydrated, search]);
  // Reads a directory state from URL parameters; unknown platforms and niches count as "all".
  const readQuery = useCallback(
    (from: URLSearchParams) =>
      directoryQueryFromParams(
        from,
        platforms.map((entry) => entry.value),
        niches.map((entry) => entry.value),
      ),
    [platforms, niches],
  );
  const address = readQuery(current);

  // The search box is the directory's own state: typing updates the box at once and the address quietly (no
  // navigation, so nothing else on the page renders again), and the results follow as a deferred render that the
  // next letter interrupts. A search that arrives by navigation (Back, a shared link, Clear filters) replaces it.
  const [typed, setTyped] = useState(address.text);
  const [arrived, setArrived] = useState({ key, text: address.text });
  if (key !== arrived.key || address.text !== arrived.text) {
    setArrived({ key, text: address.text });
    setTyped(address.text);
  }
  const text = useDeferredValue(typed);
  const query: DirectoryQuery = useMemo(
    () => ({ platform: address.platform, niche: address.niche, text }),
    [address.platform, address.niche, text],
  );
  // A page number belongs to the search it was chosen for; a new search starts at page 1.
  const requestedPage = text === address.text ? pageNumberFromParams(current) : 1;

  const firstView = isUnfiltered(query) && requestedPage === 1;
  const index = useInfluencerIndex(directory, !firstView);
  const matches = useMemo(
    () =>
      index && !isUnfiltered(query)
        ? index.filter((influencer) => matchesDirectoryQuery(influencer, query, influencer.searchKey))
        : index,
    [index, query],
  );
  const searchId = useId();
  const platformOptions = useMemo(
    () => [{ value: 'all', label: props.allLabel }, ...platforms],
    [props.allLabel, platforms],
  );
  const nicheOptions = useMemo(() => [{ value: 'all', label: props.allLabel }, ...niches], [props.allLabel, niches]);

  // Choosing a filter adds a history entry, so Back undoes it; it keeps the search (the address holds what was
  // typed) and starts at page 1. Stable while typing, so the filters are not drawn again per letter.
  const choose = useCallback(
    (change: Partial<DirectoryQuery>) => {
      go(searchOf(directoryQueryToParams({ ...readQuery(new URLSearchParams(window.location.search)), ...change })));
    },
    [go, readQuery],
  );
  const choosePlatform = useCallback(
    (platform: string) => choose({ platform: platform as DirectoryQuery['platform'] }),
    [choose],
  );
  const chooseNiche = useCallback((niche: string) => choose({ niche: niche as DirectoryQuery['niche'] }), [choose]);
  const clear = useCallback(() => go('?'), [go]);
  const type = (value: string) => {
    setTyped(value);
    const next = directoryQueryToParams({ ...address, text: value });
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${next.size > 0 ? `?${next}` : ''}${window.location.hash}`,
    );
  };

  return (
    <SectionShell heading={props.heading} hideHeading>
      <Box
        display="grid"
        gap="6"
        mb="8"
        bg="white"
        p={{ base: '5', md: '6' }}
        rounded="xl"
        borderWidth="1px"
        borderColor="border"
        shadow="sm"
      >
        <Box>
          <chakra.label htmlFor={searchId} display="block" fontWeight="semibold" fontSize="sm" mb="2" color="brand.950">
            {props.searchLabel}
          </chakra.label>
          <Box position="relative">
            <Box
              position="absolute"
              left="3"
              top="50%"
              transform="translateY(-50%)"
              color="fg.muted"
              pointerEvents="none"
              display="inline-flex"
            >
              <SearchIcon />
            </Box>
            <SearchInput
              id={searchId}
              type="search"
              ps="10"
              size="lg"
              value={typed}
              placeholder={props.searchPlaceholder}
              autoComplete="off"
              onChange={(event) => type(event.target.value)}
            />
          </Box>
        </Box>
        <ToggleButtonGroup
          label={props.platformFilterLabel}
          options={platformOptions}
          value={query.platform}
          onChange={choosePlatform}
        />
        <ToggleButtonGroup
          label={props.nicheFilterLabel}
          options={nicheOptions}
          value={query.niche}
          onChange={chooseNiche}
        />
      </Box>
      <DirectoryResults
        section={props}
        matches={matches}
        query={query}
        requestedPage={requestedPage}
        firstView={firstView}
        onClear={clear}
      />
    </SectionShell>
  );
}

/**
 * The count, one page of cards and the links to the other pages. Memoised: typing redraws the search box at once,
 * and these only when the deferred search text has moved on.
 */
const DirectoryResults = memo(function DirectoryResults({
  section,
  matches,
  query,
  requestedPage,
  firstView,
  onClear,
}: {
  section: InfluencerDirectorySection;
  matches: readonly IndexedInfluencer[] | undefined;
  query: DirectoryQuery;
  requestedPage: number;
  firstView: boolean;
  onClear: () => void;
}) {
  const { directory } = usePageData();
  const results = useRef<HTMLDivElement>(null);
  // Until the search data arrives, the first view is all there is to show; another view waits for it.
  const waiting = !matches && !firstView;
  const total = matches ? matches.length : (directory?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / section.pageSize));
  const page = Math.min(requestedPage, pages);
  const shown = matches
    ? matches.slice((page - 1) * section.pageSize, page * section.pageSize)
    : (directory?.firstPage ?? []);
  const hrefForPage = (number: number) => {
    const next = directoryQueryToParams(query);
    if (number > 1) next.set('page', String(number));
    return searchOf(next);
  };

  return (
    <Box ref={results} scrollMarginTop="24" aria-busy={waiting}>
      <Box as="p" role="status" aria-live="polite" fontWeight="semibold" color="brand.950" mb="6" minH="6">
        {waiting ? '' : fillPlaceholders(total === 1 ? section.countOne : section.countOther, { count: total })}
      </Box>
      {shown.length > 0 ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6" opacity={waiting ? 0.5 : 1} data-cards="">
          {shown.map((influencer) => (
            <InfluencerCard
              key={influencer.id}
              influencer={influencer}
              href={profilePathOf(shell.pages, influencer.id)}
              labels={section}
            />
          ))}
        </SimpleGrid>
      ) : null}
      {/* Always in the page, hidden while there are results: the search's first answer shows it before React has
          attached (src/influencers/first-search.ts). */}
      <Box textAlign="center" py="12" bg="brand.subtle" rounded="xl" hidden={shown.length > 0} data-empty="">
        <Box as="p" color="fg.muted" mb="4">
          {section.emptyText}
        </Box>
        <Button colorPalette="brand" variant="outline" color="brand.fg" onClick={onClear}>
          {section.clearFiltersLabel}
        </Button>
      </Box>
      <Pagination
        page={page}
        pages={pages}
        hrefFor={hrefForPage}
        labels={section.pagination}
        onNavigate={() => results.current?.scrollIntoView({ block: 'start' })}
      />
    </Box>
  );
});
