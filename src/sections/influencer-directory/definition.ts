import { defineSection } from '../section-definition';

export const definition = defineSection<'influencer-directory'>(() => import('./InfluencerDirectory').then((m) => m.InfluencerDirectory), {
  island: true,
});
