import type { SelectData } from '../section-types.ts';

export const selectData: SelectData<'service-highlights'> = (_section, config) => ({ services: config.services });
