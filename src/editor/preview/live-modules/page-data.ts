/** The preview's virtual:page-data: each page's data from the unsaved config (see ../live-site.ts). */
export { livePageData as default } from '../live-site.ts';
