/**
 * Hosts that know only one 404.html (GitHub Pages) serve the site's own for every unknown address. Where a folder of
 * the site has its own (/influencers/404.html: "Influencer Not Found"), the build names those folders on the root
 * one, and this shows the nearer page in its place, as hosts that look for the nearest 404.html do at once.
 */

/** The attribute of the root 404.html's #root that lists the folders with a 404.html of their own. */
export const NOT_FOUND_FOLDERS_ATTRIBUTE = 'data-not-found-folders';

/** Replaces the page with the nearest folder's not-found page, when this is the root one and there is a nearer one. */
export async function showNearerNotFound(): Promise<void> {
  const root = document.getElementById('root');
  const folders = JSON.parse(root?.getAttribute(NOT_FOUND_FOLDERS_ATTRIBUTE) ?? '[]') as string[];
  // The longest folder that holds this address: "/loom-site/influencers/" for "/loom-site/influencers/999".
  const folder = folders
    .filter((candidate) => window.location.pathname.startsWith(candidate))
    .sort((a, b) => b.length - a.length)[0];
  if (!root || !folder) return;
  const response = await fetch(`${folder}404.html`).catch(() => undefined);
  if (!response || (!response.ok && response.status !== 404)) return;
  const nearer = new DOMParser().parseFromString(await response.text(), 'text/html');
  const content = nearer.getElementById('root');
  if (!content) return;
  document.title = nearer.title;
  const description = nearer.querySelector('meta[name="description"]')?.getAttribute('content');
  if (description !== null && description !== undefined)
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  root.removeAttribute(NOT_FOUND_FOLDERS_ATTRIBUTE);
  root.replaceChildren(...[...content.childNodes].map((node) => document.importNode(node, true)));
  // What came with it beside the page: its islands' props, its error screen.
  for (const extra of nearer.querySelectorAll('body > script[type="application/json"], body > template'))
    document.body.append(document.importNode(extra, true));
}
