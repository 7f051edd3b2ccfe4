import { defineSection } from '../section-definition';

export const definition = defineSection<'text'>(() => import('./TextBlock').then((m) => m.TextBlock));
