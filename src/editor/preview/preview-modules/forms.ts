/** The preview's virtual:forms: each form compiled from the unsaved config (see ../preview-site.ts). */
export { previewForms as default } from '../preview-site.ts';
