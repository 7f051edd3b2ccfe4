/** How paths of the site ("/about", "/media/hero.mp4") become what the browser asks for, for a site living in `basePath`. */
export function sitePathsUnder(basePath: string) {
  return {
    /** A path of the site ("/media/hero.mp4") as the browser asks for it; outside addresses stay as they are. */
    sitePath: (path: string): string => (path.startsWith('/') && !path.startsWith('//') ? `${basePath}${path}` : path),
    /** The site's own path of an address the browser is at ("/loom-site/about" gives "/about"). */
    pathInSite(pathname: string): string {
      if (!basePath || !pathname.startsWith(basePath)) return pathname;
      const rest = pathname.slice(basePath.length);
      return rest === '' ? '/' : rest.startsWith('/') ? rest : pathname;
    },
  };
}
