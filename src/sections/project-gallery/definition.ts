import { defineSection } from '../section-definition';

export const definition = defineSection<'project-gallery'>(() =>
  import('./ProjectGallery').then((m) => m.ProjectGallery),
);
