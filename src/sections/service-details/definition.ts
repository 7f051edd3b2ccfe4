import { defineSection } from '../section-definition';

export const definition = defineSection<'service-details'>(() =>
  import('./ServiceDetails').then((m) => m.ServiceDetails),
);
