import { defineSection } from '../section-definition';

export const definition = defineSection<'not-found'>(() => import('./NotFound').then((m) => m.NotFound));
