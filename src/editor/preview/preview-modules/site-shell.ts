/** The preview's virtual:site-shell: the unsaved config's settings, navigation and pages (see ../preview-site.ts). */
export { previewShell as default } from '../preview-site.ts';
