import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'story'>(() => import('./Story.tsx').then((m) => m.Story));
