import { defineSection } from '../section-definition';

export const definition = defineSection<'faq-list'>(() => import('./FaqList').then((m) => m.FaqList));
