import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'service-details'>(() =>
  import('./ServiceDetails.tsx').then((m) => m.ServiceDetails),
);
