import { influencerIdOf, influencerResource } from '../../influencers/store';
import { influencerProfileMeta } from './document-meta';
import { defineSection } from '../section-definition';

export const definition = defineSection<'influencer-profile'>(
  () => import('./InfluencerProfile').then((m) => m.InfluencerProfile),
  {
    documentMeta: influencerProfileMeta,
    preload: (_section, params) => {
      const id = influencerIdOf(params.id);
      return id === undefined ? Promise.resolve() : influencerResource(id);
    },
  },
);
