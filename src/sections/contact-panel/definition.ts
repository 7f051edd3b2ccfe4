import { preloadForm } from '../../forms/FormSlot';
import { defineSection } from '../section-definition';

export const definition = defineSection<'contact-panel'>(() => import('./ContactPanel').then((m) => m.ContactPanel), {
  island: true,
  preload: (panel) => preloadForm(panel.form),
});
