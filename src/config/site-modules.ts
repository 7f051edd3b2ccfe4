/**
 * The one path from a checked config to what the site loads: the shell every page receives, each page's data, the
 * forms, and the data files the browser fetches. The build's Vite plugin (vite-plugin-site-config.ts) serves these
 * as modules and files; the editor's preview (src/editor/server/preview.ts) serves the same, from unsaved changes,
 * so the preview cannot drift from the build.
 */
import { profileDataUrl } from '../influencers/data-urls.ts';
import type { FormConfig } from '../generated/config-types.ts';
import { dataFilesOf, pageDataOf } from './section-data.ts';
import type { DataFile, FormName, PageData, SiteConfig, SiteShell } from './site-config.ts';

export interface SiteModules {
  /** What every page receives with the app (virtual:site-shell). */
  readonly shell: SiteShell;
  /** What each page shows besides the shell, by its route, in the order of the pages (virtual:page-data/<n>). */
  readonly pageData: readonly (readonly [route: string, data: PageData])[];
  /** Each form as the pages that show it load it (virtual:form/<name>). */
  readonly forms: Readonly<Record<FormName, FormConfig>>;
  /** The directory's search data. */
  readonly influencerIndex: DataFile;
  /** Each influencer's profile data, one file each. */
  readonly profiles: readonly DataFile[];
}

export interface SiteModulesOptions {
  /**
   * Whether the forms deliver what visitors send. The editor's preview says no: answers typed there are only logged,
   * whatever the form's delivery.
   */
  readonly sending?: boolean;
}

/** What the site loads, cut from a checked config, as the build writes it and the preview shows it. */
export function siteModulesOf(config: SiteConfig, { sending = true }: SiteModulesOptions = {}): SiteModules {
  const files = dataFilesOf(config);
  return {
    shell: { site: config.site, navigation: config.navigation, pages: config.pages },
    pageData: config.pages.map((page) => [page.route, pageDataOf(page, config, files)] as const),
    forms: sending ? config.forms : Object.fromEntries(Object.entries(config.forms).map(([name, form]) => [name, { ...form, delivery: undefined }])),
    influencerIndex: files.influencerIndex,
    profiles: config.influencers.map((influencer) => ({ url: profileDataUrl(influencer.id), content: JSON.stringify(influencer) })),
  };
}
