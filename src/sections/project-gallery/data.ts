import type { SelectData } from '../section-types.ts';

export const selectData: SelectData<'project-gallery'> = (_section, config) => ({ projects: config.projects });
