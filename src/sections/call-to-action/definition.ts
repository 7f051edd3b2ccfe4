import { defineSection } from '../section-definition';

export const definition = defineSection<'call-to-action'>(() => import('./CallToAction').then((m) => m.CallToAction));
