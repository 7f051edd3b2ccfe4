/**
 * Where the site lives inside its address. A site on its own domain (https://loommedia.com.gh) lives at "/"; a
 * GitHub project site (https://our-team.github.io/loom-site) lives in "/loom-site/". Config always writes paths
 * from the site's own root ("/about", "/media/hero.mp4"); these helpers turn them into what the browser asks for.
 */

/** The folder the site was built for ("" or "/loom-site"): the build gives Vite basePathOf(site.url) as `base`. */
export const BASE_PATH = import.meta.env.BASE_URL.replace(/\/+$/, '');

/** A path of the site ("/media/hero.mp4") as the browser asks for it; outside addresses stay as they are. */
export const sitePath = (path: string): string => (path.startsWith('/') && !path.startsWith('//') ? `${BASE_PATH}${path}` : path);

/** The site's own path of an address the browser is at ("/loom-site/about" gives "/about"). */
export function pathInSite(pathname: string): string {
  if (!BASE_PATH || !pathname.startsWith(BASE_PATH)) return pathname;
  const rest = pathname.slice(BASE_PATH.length);
  return rest === '' ? '/' : rest.startsWith('/') ? rest : pathname;
}
