import type { Influencer } from '../generated/config-types.ts';

/**
 * Texts show values by naming them in braces. Values of config/site.json work in any text ("© 2025 {name}",
 * "within {promises.applicationReviewDays} business days") and are filled in when config is read. A few are filled
 * in by the page: {count} in the directory's count, {influencer.name} and the like in a profile's title. The schemas
 * declare where those may be written ("x-placeholders" on a field, "x-page-placeholders" on a section), and the
 * checker allows them only there. This one function fills them all.
 */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*)\}/g;

type Values = ReadonlyMap<string, string> | Readonly<Record<string, string | number>>;

/** The placeholders written in a text, with their position in it. */
export function placeholdersIn(text: string): { name: string; index: number }[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => ({ name: match[1]!, index: match.index }));
}

/** Fills the placeholders that have a value and leaves the others for whoever fills them later. */
export function fillPlaceholders(text: string, values: Values): string {
  const lookup = (name: string) =>
    values instanceof Map ? values.get(name) : (values as Readonly<Record<string, string | number>>)[name];
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = lookup(name);
    return value === undefined ? whole : String(value);
  });
}

/** A copy of any config value with placeholders filled in every text. */
export function fillPlaceholdersDeep<T>(value: T, values: Values): T {
  if (typeof value === 'string') return fillPlaceholders(value, values) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillPlaceholdersDeep(item, values)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, fillPlaceholdersDeep(child, values)]),
    ) as T;
  }
  return value;
}

/** Every "a.b.c" path in site.json whose value is text or a number, with that value. */
export function sitePlaceholderValues(site: unknown): Map<string, string> {
  const values = new Map<string, string>();
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string' || typeof value === 'number') values.set(path, String(value));
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value))
        if (key !== '$schema') walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(site, '');
  return values;
}

/** The values a profile page fills in, such as {influencer.name}: each field of the influencer it shows. */
export function influencerPlaceholderValues(influencer: Influencer): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [field, value] of Object.entries(influencer))
    if (typeof value === 'string' || typeof value === 'number') values[`influencer.${field}`] = value;
  return values;
}
