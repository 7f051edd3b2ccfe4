import type { Influencer, Niche, Platform } from '../generated/config-types';

/** What the directory shows: a search text and two filters, each "all" when unset. Lives in the URL (?q=&platform=&niche=). */
export interface DirectoryQuery {
  readonly text: string;
  readonly platform: Platform | 'all';
  readonly niche: Niche | 'all';
}

/**
 * Whether an influencer shows in the directory: the search text, ignoring case and surrounding spaces, is part of
 * their name, handle or niche, and the platform and niche filters match exactly unless set to all.
 */
export function matchesDirectoryQuery(influencer: Influencer, query: DirectoryQuery): boolean {
  const text = query.text.trim().toLowerCase();
  const textMatches = text === '' || [influencer.name, influencer.handle, influencer.niche].some((field) => field.toLowerCase().includes(text));
  return textMatches && (query.platform === 'all' || influencer.platform === query.platform) && (query.niche === 'all' || influencer.niche === query.niche);
}

/** Reads the directory's state from the URL; unknown platform or niche values count as "all". */
export function directoryQueryFromParams(params: URLSearchParams, platforms: readonly string[], niches: readonly string[]): DirectoryQuery {
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
