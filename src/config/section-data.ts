import { createHash } from 'node:crypto';
import { profileDataUrl } from '../content/data-urls.ts';
import type { Section } from '../generated/config-types.ts';
import { INFLUENCER_SUMMARY_FIELDS, type InfluencerSummary } from '../content/influencer-search.ts';
import type { PageData, SiteConfig } from './site-config.ts';

type SectionOf<T extends Section['type']> = Extract<Section, { type: T }>;

/** The labels of platforms and niches, which cards and profiles show. */
const labels = (config: SiteConfig): PageData => ({ platforms: config.platforms, niches: config.niches });

/**
 * What each section type shows from the collections. A page's data is what its sections select, so a page costs
 * what it shows: the home page's three projects, not all of them; the directory's first page, not every creator.
 */
const SECTION_DATA: { readonly [T in Section['type']]: (section: SectionOf<T>, config: SiteConfig, files: DataFiles) => PageData } = {
  'video-hero': () => ({}),
  'page-hero': () => ({}),
  'project-highlights': (section, config) => ({ projects: config.projects.slice(0, section.limit) }),
  'service-highlights': (_section, config) => ({ services: config.services }),
  'project-gallery': (_section, config) => ({ projects: config.projects }),
  'service-details': (_section, config) => ({ services: config.services }),
  'process-steps': (_section, config) => ({ processSteps: config.processSteps }),
  'point-grid': (section, config) => ({ points: { [section.source]: config.pointCollections[section.source] ?? [] } }),
  'influencer-directory': (section, config, files) => ({
    ...labels(config),
    directory: {
      total: config.influencers.length,
      firstPage: config.influencers.slice(0, section.pageSize).map(summaryOf),
      indexUrl: files.influencerIndex.url,
    },
  }),
  'influencer-profile': (_section, config) => labels(config),
  story: () => ({}),
  text: () => ({}),
  'contact-panel': () => ({}),
  'faq-list': (_section, config) => ({ faqs: config.faqs }),
  form: () => ({}),
  'call-to-action': () => ({}),
  'not-found': () => ({}),
};

/** The data a page's sections show, merged: the longest list wins where two sections show the same collection. */
export function pageDataOf(page: SiteConfig['pages'][number], config: SiteConfig, files: DataFiles): PageData {
  let data: Record<string, unknown> = {};
  for (const section of page.sections) {
    const select = SECTION_DATA[section.type] as (section: Section, config: SiteConfig, files: DataFiles) => PageData;
    for (const [key, value] of Object.entries(select(section, config, files))) {
      const current = data[key];
      if (key === 'points') data = { ...data, points: { ...(current as object), ...(value as object) } };
      else if (!Array.isArray(current) || (Array.isArray(value) && value.length > current.length)) data = { ...data, [key]: value };
    }
  }
  return data as PageData;
}

const summaryOf = (influencer: SiteConfig['influencers'][number]): InfluencerSummary =>
  Object.fromEntries(INFLUENCER_SUMMARY_FIELDS.map((field) => [field, influencer[field]])) as unknown as InfluencerSummary;

/** A file of data the site serves besides its pages: where it is served, and what it holds. */
export interface DataFile {
  /** The path the browser asks for, such as /assets/influencers-3f2a9c1e.json. */
  readonly url: string;
  readonly content: string;
}

/** The files of data the browser fetches: the directory's search data, and one file per influencer for their profile. */
export interface DataFiles {
  readonly influencerIndex: DataFile;
  /** The path of an influencer's profile data, such as /data/influencers/7.json. */
  readonly profileUrl: (id: number) => string;
}

/**
 * The directory's search data: one row per influencer with only the fields cards and search need, in the order of
 * INFLUENCER_SUMMARY_FIELDS. Its name carries a hash of its content, so browsers may keep it for as long as it lasts.
 */
export function dataFilesOf(config: SiteConfig): DataFiles {
  const content = JSON.stringify({
    fields: INFLUENCER_SUMMARY_FIELDS,
    rows: config.influencers.map((influencer) => INFLUENCER_SUMMARY_FIELDS.map((field) => influencer[field])),
  });
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 10);
  return { influencerIndex: { url: `/assets/influencers-${hash}.json`, content }, profileUrl: profileDataUrl };
}
