/**
 * The name an author knows a page by, for the editor's file list and preview: "Home", "About", "Apply to Join Our
 * Network", never its address or a title full of {placeholders}.
 */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const linksOf = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);

/** The words each page's address is linked with in the menu (first) and the footer: "/" is "Home". */
export function linkLabelsOf(navigation: unknown, site: unknown): Map<string, string> {
  const labels = new Map<string, string>();
  const footer = isRecord(site) && isRecord(site.footer) ? site.footer.links : undefined;
  for (const link of [...linksOf(isRecord(navigation) ? navigation.links : undefined), ...linksOf(footer)]) {
    if (typeof link.href === 'string' && typeof link.label === 'string' && link.label.trim() && !labels.has(link.href)) labels.set(link.href, link.label.trim());
  }
  return labels;
}

/**
 * A page's name: its link's words; else its title without the site's name and placeholders ("Apply to Join Our
 * Network"); else the kind of its first block ("Influencer profile"); the page every other address shows is
 * "Page not found".
 */
export function pageNameOf(page: unknown, linkLabels: ReadonlyMap<string, string> = new Map()): string {
  const record = isRecord(page) ? page : {};
  const route = typeof record.route === 'string' ? record.route : '';
  if (route === '*') return 'Page not found (any other address)';
  const linked = linkLabels.get(route);
  if (linked) return linked;
  const title = typeof record.title === 'string' ? record.title : '';
  const parts = title
    .replace(/\{[^}]*\}/g, '')
    .split('|')
    .map((part) => part.replace(/\(\s*\)/g, '').replace(/\s+/g, ' ').trim())
    .filter((part) => /\w/.test(part));
  if (parts.length > 0) return parts.reduce((longest, part) => (part.length > longest.length ? part : longest));
  const first = Array.isArray(record.sections) && isRecord(record.sections[0]) ? record.sections[0].type : undefined;
  // "influencer-profile" as words: "Influencer profile".
  if (typeof first === 'string') return first.charAt(0).toUpperCase() + first.slice(1).replace(/-/g, ' ');
  return route || 'New page';
}
