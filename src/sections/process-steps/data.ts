import type { SelectData } from '../section-types.ts';

export const selectData: SelectData<'process-steps'> = (_section, config) => ({ processSteps: config.processSteps });
