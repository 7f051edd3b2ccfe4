import type { Params } from 'react-router-dom';
import type { Section } from '../generated/config-types';
import type { Preloadable } from '../ui/preloadable';

export type SectionType = Section['type'];
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;

/** Page title and description, for sections that decide them (a profile is titled by its influencer). */
export interface DocumentMeta {
  readonly title: string;
  readonly description: string;
}

/** What the renderer knows about one section type. */
export interface SectionDefinition<T extends SectionType> {
  /** The section's component, whose props are the section's config as typed by its schema; its own chunk. */
  readonly component: Preloadable<SectionOf<T>>;
  /** Loads what a section of this type needs besides its component before it renders, such as the form it shows. */
  readonly preload?: (section: SectionOf<T>) => Promise<unknown>;
  /** The page's title and description when this section is on it, for sections that decide them. */
  readonly documentMeta?: (section: SectionOf<T>, params: Readonly<Params>, page: DocumentMeta) => DocumentMeta;
}
