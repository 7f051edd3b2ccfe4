/**
 * The one path from a checked config to what the site loads: the shell every page receives, each page's data, the
 * forms, and the data files the browser fetches. The build's Vite plugin (vite-plugin-site-config.ts) serves these
 * as modules and files; the editor's preview (src/editor/server/preview.ts) serves the same, from unsaved changes,
 * so the preview cannot drift from the build.
 */
import { contentHash } from '../content/content-hash.ts';
import type { FormConfig, Section } from '../generated/config-types.ts';
import { SECTION_DATA } from '../generated/section-data.ts';
import { profileDataFiles, searchIndexContent } from '../influencers/build-data.ts';
import { profileDataUrl } from '../influencers/data-urls.ts';
import type { SelectData } from '../sections/section-types.ts';
import type { DataFile, DataFiles, FormName, PageData, SiteConfig, SiteShell } from '../contract/site-config.ts';

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
    forms: sending
      ? config.forms
      : Object.fromEntries(
          Object.entries(config.forms).map(([name, form]) => [name, { ...form, delivery: undefined }]),
        ),
    influencerIndex: files.influencerIndex,
    profiles: profileDataFiles(config.influencers),
  };
}

/**
 * The data a page's sections show (each section folder's data.ts), merged: the longest list wins where two sections
 * show the same collection, and collections by name (points) add up.
 */
export function pageDataOf(page: SiteConfig['pages'][number], config: SiteConfig, files: DataFiles): PageData {
  let data: Record<string, unknown> = {};
  for (const section of page.sections) {
    const select = SECTION_DATA[section.type] as SelectData<Section['type']> | undefined;
    for (const [key, value] of Object.entries(select?.(section as never, config, files) ?? {})) {
      const current = data[key];
      // Collections by name (points) add up; of two lists of one collection, the longer holds the shorter.
      if (isByName(current) && isByName(value)) data = { ...data, [key]: { ...current, ...value } };
      else if (!Array.isArray(current) || (Array.isArray(value) && value.length > current.length))
        data = { ...data, [key]: value };
    }
  }
  return data as PageData;
}

const isByName = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The files of data the browser fetches: the directory's search data, and one file per influencer for their profile.
 * The search data's name carries a hash of its content, so browsers may keep it for as long as it lasts.
 */
export function dataFilesOf(config: SiteConfig): DataFiles {
  const content = searchIndexContent(config.influencers);
  const hash = contentHash(content).slice(0, 10);
  return { influencerIndex: { url: `/assets/influencers-${hash}.json`, content }, profileUrl: profileDataUrl };
}
