import { createHash } from 'node:crypto';
import type { Section } from '../generated/config-types.ts';
import { SECTION_DATA } from '../generated/section-data.ts';
import { profileDataUrl } from '../influencers/data-urls.ts';
import { searchIndexContent } from '../influencers/build-data.ts';
import type { SelectData } from '../sections/section-types.ts';
import type { DataFiles, PageData, SiteConfig } from './site-config.ts';

/**
 * The data a page's sections show (each section folder's data.ts), merged: the longest list wins where two sections
 * show the same collection.
 */
export function pageDataOf(page: SiteConfig['pages'][number], config: SiteConfig, files: DataFiles): PageData {
  let data: Record<string, unknown> = {};
  for (const section of page.sections) {
    const select = SECTION_DATA[section.type] as SelectData<Section['type']> | undefined;
    for (const [key, value] of Object.entries(select?.(section as never, config, files) ?? {})) {
      const current = data[key];
      if (key === 'points') data = { ...data, points: { ...(current as object), ...(value as object) } };
      else if (!Array.isArray(current) || (Array.isArray(value) && value.length > current.length)) data = { ...data, [key]: value };
    }
  }
  return data as PageData;
}

/**
 * The files of data the browser fetches: the directory's search data, and one file per influencer for their profile.
 * The search data's name carries a hash of its content, so browsers may keep it for as long as it lasts.
 */
export function dataFilesOf(config: SiteConfig): DataFiles {
  const content = searchIndexContent(config.influencers);
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 10);
  return { influencerIndex: { url: `/assets/influencers-${hash}.json`, content }, profileUrl: profileDataUrl };
}
