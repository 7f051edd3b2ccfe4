import { useEffect, useState } from 'react';
import { sitePath } from '../content/site-paths.ts';
import { INFLUENCER_SUMMARY_FIELDS, type InfluencerSummary } from '../contract/site-config.ts';
import { searchKeyOf } from './search.ts';

/** An influencer of the search data, with the text a search looks in. */
export interface IndexedInfluencer extends InfluencerSummary {
  readonly searchKey: string;
}

let loading: { readonly url: string; readonly rows: Promise<readonly IndexedInfluencer[]> } | undefined;

/**
 * Fetches the directory's search data once per address: one row per influencer, with only the fields cards and search
 * need. Its address changes with its content (a new build, or the editor's preview after an edit).
 */
export function loadInfluencerIndex(url: string): Promise<readonly IndexedInfluencer[]> {
  if (loading?.url === url) return loading.rows;
  const rows = fetch(sitePath(url))
    .then((response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.json() as Promise<{ fields: readonly string[]; rows: readonly (readonly unknown[])[] }>;
    })
    .then(({ fields, rows }) => {
      // The fields as written by the build; a field the browser knows by another position is still read by name.
      const at = INFLUENCER_SUMMARY_FIELDS.map((field) => fields.indexOf(field));
      return rows.map((row) => {
        const influencer = Object.fromEntries(
          INFLUENCER_SUMMARY_FIELDS.map((field, index) => [field, row[at[index]!]]),
        ) as unknown as InfluencerSummary;
        return { ...influencer, searchKey: searchKeyOf(influencer) };
      });
    });
  loading = { url, rows };
  rows.catch(() => {
    if (loading?.rows === rows) loading = undefined;
  });
  return rows;
}

/**
 * The search data, once loaded. It starts loading right after the page first shows (the first view needs none of
 * it), and at once when `needed` (an address with a search, a filter or a page).
 */
export function useInfluencerIndex(url: string, needed: boolean): readonly IndexedInfluencer[] | undefined {
  const [index, setIndex] = useState<readonly IndexedInfluencer[]>();
  useEffect(() => {
    let current = true;
    const start = () =>
      void loadInfluencerIndex(url).then(
        (loaded) => current && setIndex(loaded),
        () => undefined,
      );
    const timer = needed ? (start(), undefined) : window.setTimeout(start, 0);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [url, needed]);
  return index;
}
