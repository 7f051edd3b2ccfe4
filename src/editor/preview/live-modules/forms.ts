/** The preview's virtual:forms: each form compiled from the unsaved config (see ../live-site.ts). */
export { liveForms as default } from '../live-site.ts';
