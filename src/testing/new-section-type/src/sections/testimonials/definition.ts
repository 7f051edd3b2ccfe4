import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'testimonials'>(() => import('./Testimonials.tsx').then((m) => m.Testimonials));
