import { defineSection } from '../section-definition';

export const definition = defineSection<'testimonials'>(() => import('./Testimonials').then((m) => m.Testimonials));
