/**
 * The old profile addresses of removed influencers that lead to another page of the site (config/removed.json,
 * "showInstead"): the build writes a page at each that sends the browser on (scripts/prerender.ts).
 */
import type { SiteConfig } from '../contract/site-config.ts';

/** An address of the site that now leads to another of its pages: "/influencers/6" to "/influencers". */
export interface MovedAddress {
  readonly from: string;
  readonly to: string;
}

/** The old profile address of each removed influencer given a page to show instead (config/removed.json). */
export function movedProfiles(config: Pick<SiteConfig, 'pages' | 'removedInfluencers'>): MovedAddress[] {
  const profiles = config.pages.filter((page) => page.route.includes(':id'));
  return config.removedInfluencers.flatMap(({ id, showInstead }) =>
    showInstead ? profiles.map((page) => ({ from: page.route.replace(':id', String(id)), to: showInstead })) : [],
  );
}
