import { defineSection } from '../section-definition';

export const definition = defineSection<'process-steps'>(() => import('./ProcessSteps').then((m) => m.ProcessSteps));
