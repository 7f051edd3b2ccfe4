import { preloadForm } from '../../forms/FormSlot';
import { defineSection } from '../section-definition';

export const definition = defineSection<'form'>(() => import('./FormSection').then((m) => m.FormSection), {
  preload: (section) => preloadForm(section.form),
});
