import { preloadForm } from '../../forms/FormSlot';
import { defineSection } from '../section-definition';

export const definition = defineSection<'form'>(() => import('./FormSection').then((m) => m.FormSection), {
  island: true,
  preload: (section) => preloadForm(section.form),
});
