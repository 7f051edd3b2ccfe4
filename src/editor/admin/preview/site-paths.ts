/**
 * The preview's src/content/site-paths.ts in the editor at /admin/: pages are addresses of the preview's own router
 * (it runs in a sandboxed frame, which keeps no history of its own), files the payload brought are its copies, a data
 * file it did not bring is not in the edited site (hosted-files.ts), and any other file (a published picture) is the
 * site's, in the folder the editor's folder is in.
 */
import { folderForm } from '../../../content/site-folder.ts';
import { hostedFile, missingData } from './hosted-files.ts';

const isSitePath = (path: string) => path.startsWith('/') && !path.startsWith('//');

/** The folder of the site: where /admin/ is ("" or "/loom-site"). */
const SITE_FOLDER = window.location.pathname.slice(0, window.location.pathname.lastIndexOf('/admin/'));

export const BASE_PATH = '';

export const sitePath = (path: string): string => {
  if (!isSitePath(path)) return path;
  const file = path.split(/[?#]/)[0]!;
  return hostedFile(file) ?? (file.startsWith('/data/') ? missingData() : `${SITE_FOLDER}${path}`);
};
export const pagePath = (path: string): string => (isSitePath(path) ? folderForm(path) : path);
export const pathInSite = (pathname: string): string => pathname;
