import { loadForm } from '../../forms/form-loading.ts';
import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'contact-panel'>(
  () => import('./ContactPanel.tsx').then((m) => m.ContactPanel),
  {
    island: true,
    preload: (panel) => loadForm(panel.form),
  },
);
