/** The preview's virtual:site-shell: the unsaved config's settings, navigation and pages (see ../live-site.ts). */
export { liveShell as default } from '../live-site.ts';
