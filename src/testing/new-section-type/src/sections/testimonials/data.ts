import type { SelectData } from '../section-types.ts';

/** The first testimonials, as many as the section shows: a page costs what it shows. */
export const selectData: SelectData<'testimonials'> = (section, config) => ({
  testimonials: config.testimonials.slice(0, section.limit),
});
