import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'process-steps'>(() =>
  import('./ProcessSteps.tsx').then((m) => m.ProcessSteps),
);
