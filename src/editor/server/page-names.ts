/**
 * The name an author knows a page by, for the editor's file list and preview: "Home", "About", "Apply to Join Our
 * Network", never its address or a title full of {placeholders}.
 */
import { asList, asObject } from '../../config/json-source.ts';

/** The words each page's address is linked with in the menu (first) and the footer: "/" is "Home". */
export function linkLabelsOf(navigation: unknown, site: unknown): Map<string, string> {
  const labels = new Map<string, string>();
  for (const link of [...asList(asObject(navigation)?.links), ...asList(asObject(asObject(site)?.footer)?.links)]) {
    if (typeof link.href === 'string' && typeof link.label === 'string' && link.label.trim() && !labels.has(link.href))
      labels.set(link.href, link.label.trim());
  }
  return labels;
}

/**
 * A page's name: its link's words; else its title without the site's name and placeholders ("Apply to Join Our
 * Network"); else the kind of its first block ("Influencer profile"); the page every other address shows is
 * "Page not found".
 */
export function pageNameOf(page: unknown, linkLabels: ReadonlyMap<string, string> = new Map()): string {
  const record = asObject(page) ?? {};
  const route = typeof record.route === 'string' ? record.route : '';
  if (route === '*') return 'Page not found (any other address)';
  const linked = linkLabels.get(route);
  if (linked) return linked;
  const title = typeof record.title === 'string' ? record.title : '';
  const parts = title
    .replace(/\{[^}]*\}/g, '')
    .split('|')
    .map((part) =>
      part
        .replace(/\(\s*\)/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((part) => /\w/.test(part));
  if (parts.length > 0) return parts.reduce((longest, part) => (part.length > longest.length ? part : longest));
  const first = asList(record.sections)[0]?.type;
  // "influencer-profile" as words: "Influencer profile".
  if (typeof first === 'string') return first.charAt(0).toUpperCase() + first.slice(1).replace(/-/g, ' ');
  return route || 'New page';
}
