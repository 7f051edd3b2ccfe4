/**
 * The files of a page's React islands, which the build names in the page (scripts/island-files.ts): asked for all
 * at once when the page loads its islands, rather than each only once the file that imports it has arrived.
 */

/** The id of the list in the page: a JSON array of addresses. */
export const ISLAND_FILES_ID = 'island-files';

/** Starts fetching every file the page's islands need, after what the first paint needs (low priority). */
export function fetchIslandFiles(): void {
  const listed = document.getElementById(ISLAND_FILES_ID)?.textContent;
  for (const href of listed ? (JSON.parse(listed) as string[]) : []) {
    if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.fetchPriority = 'low';
    // As the page's own module script asks for it, so the browser uses this fetch for it.
    link.crossOrigin = '';
    document.head.append(link);
  }
}
