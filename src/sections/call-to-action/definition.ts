import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'call-to-action'>(() =>
  import('./CallToAction.tsx').then((m) => m.CallToAction),
);
