import type { SelectData } from '../section-types.ts';

export const selectData: SelectData<'project-highlights'> = (section, config) => ({
  projects: config.projects.slice(0, section.limit),
});
