import { defineSection } from '../section-definition';

export const definition = defineSection<'video-hero'>(() => import('./VideoHero').then((m) => m.VideoHero));
