import { useEffect, useState } from 'react';
import type { DirectoryData } from '../contract/site-config.ts';
import { influencerIndexAtHand, loadInfluencerIndex, type IndexedInfluencer } from './search-index.ts';

/**
 * The directory's search data: at once when at hand (the first page holds everyone, or the page's search already
 * loaded it before the island attached), else once loaded. It starts loading right after the page first shows (the
 * first view needs none of it), and at once when `needed` (an address with a search, a filter or a page).
 */
export function useInfluencerIndex(
  directory: DirectoryData | undefined,
  needed: boolean,
): readonly IndexedInfluencer[] | undefined {
  const [loaded, setLoaded] = useState<readonly IndexedInfluencer[]>();
  const atHand = directory && influencerIndexAtHand(directory);
  const url = directory?.indexUrl;
  useEffect(() => {
    if (atHand || !url) return undefined;
    let current = true;
    const start = () =>
      void loadInfluencerIndex(url).then(
        (index) => current && setLoaded(index),
        () => undefined,
      );
    const timer = needed ? (start(), undefined) : window.setTimeout(start, 0);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [atHand, url, needed]);
  return atHand ?? loaded;
}
