/**
 * Texts can show values from config/site.json by naming them in braces: "© 2025 {name}",
 * "within {promises.applicationReviewDays} business days". A few placeholders are filled in on the page instead:
 * {count} in the directory's count, and {influencer.<field>} on a profile.
 */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*)\}/g;

/** Placeholders filled in while the page renders, not from site.json. */
export const PAGE_PLACEHOLDERS = ['count', 'influencer.name', 'influencer.handle', 'influencer.platform', 'influencer.niche', 'influencer.followers'];

/** Every "a.b.c" path in site.json whose value is text or a number, with that value. */
export function sitePlaceholderValues(site: unknown): Map<string, string> {
  const values = new Map<string, string>();
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string' || typeof value === 'number') values.set(path, String(value));
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) if (key !== '$schema') walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(site, '');
  return values;
}

/** The placeholders written in a text, with their position in it. */
export function placeholdersIn(text: string): { name: string; index: number }[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => ({ name: match[1]!, index: match.index }));
}

/** Fills the placeholders that have a value and leaves the others, such as {count}, for the page. */
export function fillPlaceholders(text: string, values: ReadonlyMap<string, string> | Readonly<Record<string, string | number>>): string {
  const lookup = (name: string) => (values instanceof Map ? values.get(name) : (values as Record<string, string | number>)[name]);
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = lookup(name);
    return value === undefined ? whole : String(value);
  });
}

/** A copy of any config value with the site's placeholders filled in every text. */
export function fillPlaceholdersDeep<T>(value: T, values: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') return fillPlaceholders(value, values) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillPlaceholdersDeep(item, values)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, fillPlaceholdersDeep(child, values)])) as T;
  }
  return value;
}
