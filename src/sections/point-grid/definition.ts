import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'point-grid'>(() => import('./PointGrid.tsx').then((m) => m.PointGrid));
