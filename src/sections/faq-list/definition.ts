import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'faq-list'>(() => import('./FaqList.tsx').then((m) => m.FaqList));
