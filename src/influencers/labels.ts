import { usePageData } from '../ui/page-data-context.ts';

/** How the site names platforms and niches (config/collections/platforms-and-niches.json), from the page's data. */
export function useInfluencerLabels() {
  const { platforms = [], niches = [] } = usePageData();
  return {
    platformLabel: (value: string) => platforms.find((entry) => entry.value === value)?.label ?? value,
    nicheLabel: (value: string) => niches.find((entry) => entry.value === value)?.label ?? value,
  };
}
