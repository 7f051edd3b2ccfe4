import { loadInfluencerIndex } from '../../influencers/search-index.ts';
import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'influencer-directory'>(
  () => import('./InfluencerDirectory.tsx').then((m) => m.InfluencerDirectory),
  {
    island: true,
    // A visitor who reaches for the directory is about to search: its search data is on its way while it attaches.
    prepare: (_section, data) => {
      if (data.directory) loadInfluencerIndex(data.directory.indexUrl).catch(() => undefined);
    },
  },
);
