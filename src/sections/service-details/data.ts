import type { SelectData } from '../section-types.ts';

export const selectData: SelectData<'service-details'> = (_section, config) => ({ services: config.services });
