/**
 * The name an author knows a page by, for the editor's file list and preview: "Home", "About", "Apply to Join Our
 * Network", never its address or a title full of {placeholders}.
 */
import { asList, asObject } from '../../checker/json-source.ts';

/** What names a page besides the page itself: the words its address is linked with, and the site's own name. */
export interface PageNaming {
  /** The menu's words (first) and the footer's for each address: "/" is "Home". */
  readonly linkLabels: ReadonlyMap<string, readonly string[]>;
  /** The site's name, which a title often repeats ("Careers | Loom Media") and which never names one page. */
  readonly siteName?: string;
}

/** How the menu, the footer and the site's name name the pages (pageNameOf). */
export function pageNamingOf(navigation: unknown, site: unknown): PageNaming {
  const linkLabels = new Map<string, string[]>();
  for (const link of [...asList(asObject(navigation)?.links), ...asList(asObject(asObject(site)?.footer)?.links)]) {
    if (typeof link.href === 'string' && typeof link.label === 'string' && link.label.trim())
      linkLabels.set(link.href, [...(linkLabels.get(link.href) ?? []), link.label.trim()]);
  }
  const name = asObject(site)?.name;
  return { linkLabels, ...(typeof name === 'string' && name.trim() ? { siteName: name.trim() } : {}) };
}

/**
 * A page's name: its link's words; else the first part of its title that is neither the site's name nor a
 * placeholder ("Apply to Join Our Network", "Careers" for "Careers | Loom Media"); else the kind of its first block
 * ("Influencer profile"); the page every other address shows is "Page not found".
 */
export function pageNameOf(page: unknown, { linkLabels, siteName }: PageNaming = { linkLabels: new Map() }): string {
  const record = asObject(page) ?? {};
  const route = typeof record.route === 'string' ? record.route : '';
  if (route === '*') return 'Page not found (any other address)';
  const title = typeof record.title === 'string' ? record.title : '';
  // Of several links to one page ("About" pointed to /contact, and "Contact"), the one its title bears out.
  const linked = linkLabels.get(route) ?? [];
  const named = linked.find((label) => title.toLowerCase().includes(label.toLowerCase())) ?? linked[0];
  if (named) return named;
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
  const own = parts.filter((part) => part.toLowerCase() !== (siteName ?? '').toLowerCase());
  // A title that is only the site's name still names the page better than its first block's kind does.
  if (parts.length > 0) return own[0] ?? parts[0]!;
  const first = asList(record.sections)[0]?.type;
  // "influencer-profile" as words: "Influencer profile".
  if (typeof first === 'string') return first.charAt(0).toUpperCase() + first.slice(1).replace(/-/g, ' ');
  return route || 'New page';
}
