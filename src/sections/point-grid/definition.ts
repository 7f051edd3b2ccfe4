import { defineSection } from '../section-definition';

export const definition = defineSection<'point-grid'>(() => import('./PointGrid').then((m) => m.PointGrid));
