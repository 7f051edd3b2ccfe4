import { loadForm } from '../../forms/form-loading';
import { defineSection } from '../section-definition';

export const definition = defineSection<'contact-panel'>(() => import('./ContactPanel').then((m) => m.ContactPanel), {
  island: true,
  preload: (panel) => loadForm(panel.form),
});
