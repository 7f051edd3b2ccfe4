/**
 * The types a section folder's two halves share. Build-time code (src/config) reads every section's data.ts, so this
 * file, like those, imports types only and never reaches the renderer.
 */
import type { DataFiles, PageData, SiteConfig } from '../config/site-config.ts';
import type { Section } from '../generated/config-types.ts';

export type SectionType = Section['type'];
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;

/**
 * What a section of this type shows from the collections, chosen at build time (src/sections/<type>/data.ts). A page's
 * data is what its sections select, so a page costs what it shows: three projects, not all of them.
 */
export type SelectData<T extends SectionType> = (section: SectionOf<T>, config: SiteConfig, files: DataFiles) => PageData;
