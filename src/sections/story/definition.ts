import { defineSection } from '../section-definition';

export const definition = defineSection<'story'>(() => import('./Story').then((m) => m.Story));
