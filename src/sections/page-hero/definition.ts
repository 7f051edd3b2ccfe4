import { defineSection } from '../section-definition';

export const definition = defineSection<'page-hero'>(() => import('./PageHero').then((m) => m.PageHero));
