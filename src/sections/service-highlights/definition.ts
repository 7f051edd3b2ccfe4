import { defineSection } from '../section-definition';

export const definition = defineSection<'service-highlights'>(() =>
  import('./ServiceHighlights').then((m) => m.ServiceHighlights),
);
