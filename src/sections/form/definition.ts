import { loadForm } from '../../forms/form-loading';
import { defineSection } from '../section-definition';

export const definition = defineSection<'form'>(() => import('./FormSection').then((m) => m.FormSection), {
  island: true,
  preload: (section) => loadForm(section.form),
});
