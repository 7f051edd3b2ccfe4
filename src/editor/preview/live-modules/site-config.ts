/** The preview's virtual:site-config: the unsaved config's settings, navigation and pages (see ../live-site.ts). */
export { liveShell as default } from '../live-site';
