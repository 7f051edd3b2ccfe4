import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'not-found'>(() => import('./NotFound.tsx').then((m) => m.NotFound));
