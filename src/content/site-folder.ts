const isSitePath = (path: string) => path.startsWith('/') && !path.startsWith('//');

/**
 * A page's address in the one form every host serves without a redirect: its folder. GitHub Pages, Netlify and
 * Cloudflare Pages write /about as about/index.html and answer "/about" by redirecting to "/about/", so links,
 * canonical addresses and the sitemap all say "/about/" ("/about/?q=ama#team" with a query or fragment). Files
 * ("/media/hero.mp4", "/sitemap.xml") keep their name.
 */
export function folderForm(path: string): string {
  if (!isSitePath(path)) return path;
  const [, pathname = '', rest = ''] = /^([^?#]*)(.*)$/s.exec(path) ?? [];
  return pathname.endsWith('/') || /\.[a-z0-9]+$/i.test(pathname) ? path : `${pathname}/${rest}`;
}

/**
 * How paths of the site ("/about", "/media/hero.mp4") become what the browser asks for, for a site living in
 * `basePath`.
 */
export function sitePathsUnder(basePath: string) {
  return {
    /** A path of the site ("/media/hero.mp4") as the browser asks for it; outside addresses stay as they are. */
    sitePath: (path: string): string => (isSitePath(path) ? `${basePath}${path}` : path),
    /**
     * A link to a page of the site ("/about" gives "/about/"), in its folder form; outside addresses stay as they are.
     */
    pagePath: (path: string): string => (isSitePath(path) ? `${basePath}${folderForm(path)}` : path),
    /** The site's own path of an address the browser is at ("/loom-site/about" gives "/about"). */
    pathInSite(pathname: string): string {
      if (!basePath || !pathname.startsWith(basePath)) return pathname;
      const rest = pathname.slice(basePath.length);
      return rest === '' ? '/' : rest.startsWith('/') ? rest : pathname;
    },
  };
}
