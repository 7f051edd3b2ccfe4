import { loadForm } from '../../forms/form-loading.ts';
import { defineSection } from '../section-definition.ts';

export const definition = defineSection<'form'>(() => import('./FormSection.tsx').then((m) => m.FormSection), {
  island: true,
  preload: (section) => loadForm(section.form),
});
