/**
 * The site's public address (site.url in config/site.json) and what follows from it. Plain functions, so the build,
 * the server and the tests share them.
 */
import { folderForm } from './site-folder.ts';

/**
 * The folder of a site address, without a / at the end: "" for https://loommedia.com.gh, "/loom-site" for
 * https://our-team.github.io/loom-site.
 */
export const basePathOf = (siteUrl: string): string => new URL(siteUrl).pathname.replace(/\/+$/, '');

/**
 * The address of a page as hosts serve it, in its folder form ("/about/"): what search engines and link previews are
 * given.
 */
export const publicAddress = (siteUrl: string, path: string): string => `${siteUrl}${folderForm(path)}`;
