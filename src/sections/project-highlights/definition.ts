import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'project-highlights'>(() =>
  import('./ProjectHighlights.tsx').then((m) => m.ProjectHighlights),
);
