import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'project-gallery'>(() =>
  import('./ProjectGallery.tsx').then((m) => m.ProjectGallery),
);
