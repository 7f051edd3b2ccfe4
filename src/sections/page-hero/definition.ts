import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'page-hero'>(() => import('./PageHero.tsx').then((m) => m.PageHero));
