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
  /**
   * Loads what a section of this type needs besides its component before it renders, such as the form it shows or
   * the influencer of the address.
   */
  readonly preload?: (section: SectionOf<T>, params: Readonly<Params>) => Promise<unknown>;
  /** What a pre-rendered page of this section carries inside its HTML, so the browser shows it without a request. */
  readonly embed?: (section: SectionOf<T>, params: Readonly<Params>) => Record<string, unknown>;
  /** The page's title and description when this section is on it, for sections that decide them. */
  readonly documentMeta?: (section: SectionOf<T>, params: Readonly<Params>, page: DocumentMeta) => DocumentMeta;
}
