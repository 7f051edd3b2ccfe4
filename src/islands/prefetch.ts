/**
 * Pages are ordinary page loads, made near-instant by fetching a page before the click: the build writes Speculation
 * Rules into every page (browsers that read them prefetch a link the visitor rests on); elsewhere this does the same
 * with <link rel="prefetch">.
 */

/** What the build writes into every page's <script type="speculationrules">: pages of this site, fetched on intent. */
export function speculationRules(basePath: string): string {
  return JSON.stringify({
    prefetch: [
      {
        source: 'document',
        where: { and: [{ href_matches: `${basePath}/*` }, { not: { href_matches: `${basePath}/*.*` } }] },
        eagerness: 'moderate',
      },
    ],
  });
}

const fetched = new Set<string>();

/** The page a link leads to, when it is another page of this site; undefined otherwise. */
function pageOf(link: HTMLAnchorElement): string | undefined {
  if (link.origin !== window.location.origin || link.target || link.hasAttribute('download')) return undefined;
  // Files (pictures, video, the sitemap) are not pages.
  if (/\.[a-z0-9]+$/i.test(link.pathname)) return undefined;
  if (link.pathname === window.location.pathname) return undefined;
  return link.pathname + link.search;
}

function prefetch(event: Event): void {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return;
  const page = pageOf(link);
  if (page === undefined || fetched.has(page)) return;
  fetched.add(page);
  const hint = document.createElement('link');
  hint.rel = 'prefetch';
  hint.href = page;
  document.head.append(hint);
}

/**
 * Prefetches the page of a link the visitor points at, touches or moves to with the keyboard, where Speculation Rules
 * are not read.
 */
export function prefetchOnIntent(): void {
  if (HTMLScriptElement.supports?.('speculationrules')) return;
  for (const type of ['pointerover', 'touchstart', 'focusin'])
    document.addEventListener(type, prefetch, { passive: true, capture: true });
}
