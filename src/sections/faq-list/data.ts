import type { SelectData } from '../section-types.ts';

export const selectData: SelectData<'faq-list'> = (_section, config) => ({ faqs: config.faqs });
