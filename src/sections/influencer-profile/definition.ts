import { influencerIdOf, influencerResource } from '../../influencers/store.ts';
import { influencerProfileMeta, markdownForMeta } from './document-meta.ts';
import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'influencer-profile'>(
  () => import('./InfluencerProfile.tsx').then((m) => m.InfluencerProfile),
  {
    documentMeta: influencerProfileMeta,
    preload: (_section, params) => {
      const id = influencerIdOf(params.id);
      return id === undefined ? Promise.resolve() : Promise.all([influencerResource(id), markdownForMeta()]);
    },
  },
);
