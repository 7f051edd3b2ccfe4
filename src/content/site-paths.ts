/**
 * Where the site lives inside its address. A site on its own domain (https://loommedia.com.gh) lives at "/"; a
 * GitHub project site (https://our-team.github.io/loom-site) lives in "/loom-site/". Config always writes paths
 * from the site's own root ("/about", "/media/hero.mp4"); these helpers turn them into what the browser asks for.
 * The editor's preview has a stand-in of this module (src/editor/preview/preview-modules/site-paths.ts): there the site
 * lives in the editor session's folder.
 */
import { sitePathsUnder } from './site-folder.ts';

/** The folder the site was built for ("" or "/loom-site"): the build gives Vite basePathOf(site.url) as `base`. */
export const BASE_PATH = import.meta.env.BASE_URL.replace(/\/+$/, '');

export const { sitePath, pagePath, pathInSite } = sitePathsUnder(BASE_PATH);
