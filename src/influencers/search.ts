import type { InfluencerSummary } from '../contract/site-config.ts';
import type { Influencer, Niche, Page, Platform } from '../generated/config-types.ts';

/**
 * What the directory shows: a search text and two filters, each "all" when unset. Lives in the URL
 * (?q=&platform=&niche=).
 */
export interface DirectoryQuery {
  readonly text: string;
  readonly platform: Platform | 'all';
  readonly niche: Niche | 'all';
}

/**
 * Whether an influencer shows in the directory: the search text, ignoring case and surrounding spaces, is part of
 * their name, handle or niche, and the platform and niche filters match exactly unless set to all.
 */
export function matchesDirectoryQuery(
  influencer: InfluencerSummary,
  query: DirectoryQuery,
  key = searchKeyOf(influencer),
): boolean {
  const text = query.text.trim().toLowerCase();
  return (
    (text === '' || key.includes(text)) &&
    (query.platform === 'all' || influencer.platform === query.platform) &&
    (query.niche === 'all' || influencer.niche === query.niche)
  );
}

/**
 * The text a search looks in: name, handle and niche in lower case, kept apart by a character no one types, so
 * searching thousands of influencers is one comparison each. Worked out once per influencer.
 */
export function searchKeyOf(influencer: Pick<Influencer, 'name' | 'handle' | 'niche'>): string {
  return `${influencer.name}\u0000${influencer.handle}\u0000${influencer.niche}`.toLowerCase();
}

/** Whether a state of the directory is its first view: no search text, every platform and niche. */
export const isUnfiltered = (query: DirectoryQuery) =>
  query.text.trim() === '' && query.platform === 'all' && query.niche === 'all';

/** The page of results an address asks for (?page=3), 1 when it asks for none or for one that is no whole number. */
export function pageNumberFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The address of an influencer's profile, from the page that shows profiles (its route has :id). */
export function profilePathOf(pages: readonly Page[], id: number): string {
  const route =
    pages.find(
      (page) => page.route.includes(':id') && page.sections.some((section) => section.type === 'influencer-profile'),
    )?.route ?? '/influencers/:id';
  return route.replace(':id', String(id));
}

/** Reads the directory's state from the URL; unknown platform or niche values count as "all". */
export function directoryQueryFromParams(
  params: URLSearchParams,
  platforms: readonly string[],
  niches: readonly string[],
): DirectoryQuery {
  const platform = params.get('platform') ?? 'all';
  const niche = params.get('niche') ?? 'all';
  return {
    text: params.get('q') ?? '',
    platform: (platforms.includes(platform) ? platform : 'all') as DirectoryQuery['platform'],
    niche: (niches.includes(niche) ? niche : 'all') as DirectoryQuery['niche'],
  };
}

/** The URL parameters for a directory state, leaving out what is at its default so shared links stay short. */
export function directoryQueryToParams(query: DirectoryQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.text) params.set('q', query.text);
  if (query.platform !== 'all') params.set('platform', query.platform);
  if (query.niche !== 'all') params.set('niche', query.niche);
  return params;
}
