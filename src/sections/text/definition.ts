import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'text'>(() => import('./TextBlock.tsx').then((m) => m.TextBlock));
