/**
 * What the build makes of the influencers for the browser: the directory's first view, its search data and one data
 * file per profile. Runs at build time (src/build imports it), so it imports types and plain rules only.
 */
import type { DataFile, DirectoryData, PageData, SiteConfig } from '../contract/site-config.ts';
import type { Influencer } from '../generated/config-types.ts';
import { profileDataUrl } from './data-urls.ts';
import { shownPicture } from '../content/pictures.ts';
import { INFLUENCER_SUMMARY_FIELDS, type InfluencerSummary } from '../contract/site-config.ts';

/** How the site names platforms and niches, which cards and profiles show. */
export const influencerLabels = (config: SiteConfig): PageData => ({
  platforms: config.platforms,
  niches: config.niches,
});

/** The directory's first view, pre-rendered: the first page of summaries, the count, and where the rest is. */
export function directoryData(config: SiteConfig, pageSize: number, indexUrl: string): DirectoryData {
  return {
    total: config.influencers.length,
    firstPage: config.influencers.slice(0, pageSize).map(summaryOf),
    indexUrl,
  };
}

/** One field of an influencer as cards show it: a photo as much as a card needs (shownPicture). */
const summaryValue = (influencer: Influencer, field: (typeof INFLUENCER_SUMMARY_FIELDS)[number]) =>
  field === 'photo' && influencer.photo ? shownPicture(influencer.photo) : influencer[field];

const summaryOf = (influencer: Influencer): InfluencerSummary =>
  Object.fromEntries(
    INFLUENCER_SUMMARY_FIELDS.map((field) => [field, summaryValue(influencer, field)]),
  ) as unknown as InfluencerSummary;

/** The directory's search data: one row per influencer with only the fields cards and search need, in that order. */
export function searchIndexContent(influencers: readonly Influencer[]): string {
  return JSON.stringify({
    fields: INFLUENCER_SUMMARY_FIELDS,
    rows: influencers.map((influencer) => INFLUENCER_SUMMARY_FIELDS.map((field) => summaryValue(influencer, field))),
  });
}

/** Each influencer's profile data, one small file each, which a profile opened from the directory fetches. */
export const profileDataFiles = (influencers: readonly Influencer[]): DataFile[] =>
  influencers.map((influencer) => ({ url: profileDataUrl(influencer.id), content: JSON.stringify(influencer) }));
