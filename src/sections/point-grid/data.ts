import type { SelectData } from '../section-types.ts';

export const selectData: SelectData<'point-grid'> = (section, config) => ({
  points: { [section.source]: config.points[section.source] ?? [] },
});
