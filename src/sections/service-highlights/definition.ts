import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'service-highlights'>(() =>
  import('./ServiceHighlights.tsx').then((m) => m.ServiceHighlights),
);
