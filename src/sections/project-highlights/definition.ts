import { defineSection } from '../section-definition';

export const definition = defineSection<'project-highlights'>(() =>
  import('./ProjectHighlights').then((m) => m.ProjectHighlights),
);
