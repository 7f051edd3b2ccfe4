import { sitePath } from '../content/site-paths.ts';
import { INFLUENCER_SUMMARY_FIELDS, type DirectoryData, type InfluencerSummary } from '../contract/site-config.ts';
import { searchKeyOf } from './search.ts';

/** An influencer of the search data, with the text a search looks in. */
export interface IndexedInfluencer extends InfluencerSummary {
  readonly searchKey: string;
}

/** Influencers with the text a search looks in. */
const indexed = (influencers: readonly InfluencerSummary[]): IndexedInfluencer[] =>
  influencers.map((influencer) => ({ ...influencer, searchKey: searchKeyOf(influencer) }));

let loading:
  | {
      readonly url: string;
      readonly rows: Promise<readonly IndexedInfluencer[]>;
      loaded?: readonly IndexedInfluencer[];
    }
  | undefined;

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
      return indexed(
        rows.map(
          (row) =>
            Object.fromEntries(
              INFLUENCER_SUMMARY_FIELDS.map((field, index) => [field, row[at[index]!]]),
            ) as unknown as InfluencerSummary,
        ),
      );
    });
  const started: NonNullable<typeof loading> = { url, rows };
  loading = started;
  rows.then(
    (loaded) => (started.loaded = loaded),
    () => {
      if (loading === started) loading = undefined;
    },
  );
  return rows;
}

/**
 * The search data, if there is no need to wait for it: when the first page holds every influencer it is all there is
 * (nothing is fetched), else once it has loaded.
 */
export function influencerIndexAtHand(directory: DirectoryData): readonly IndexedInfluencer[] | undefined {
  if (directory.firstPage.length >= directory.total) return wholeIndexOf(directory);
  return loading?.url === directory.indexUrl ? loading.loaded : undefined;
}

const wholeIndexes = new WeakMap<DirectoryData, readonly IndexedInfluencer[]>();
function wholeIndexOf(directory: DirectoryData): readonly IndexedInfluencer[] {
  let index = wholeIndexes.get(directory);
  if (!index) wholeIndexes.set(directory, (index = indexed(directory.firstPage)));
  return index;
}

/** The search data: at hand, or once loaded. */
export function influencerIndexOf(directory: DirectoryData): Promise<readonly IndexedInfluencer[]> {
  const atHand = influencerIndexAtHand(directory);
  return atHand ? Promise.resolve(atHand) : loadInfluencerIndex(directory.indexUrl);
}
