import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'video-hero'>(() => import('./VideoHero.tsx').then((m) => m.VideoHero));
