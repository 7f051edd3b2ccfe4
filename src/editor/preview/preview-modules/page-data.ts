/** The preview's virtual:page-data: each page's data from the unsaved config (see ../preview-site.ts). */
export { previewPageData as default } from '../preview-site.ts';
