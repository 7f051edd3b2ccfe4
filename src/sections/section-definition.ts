import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import { preloadable, type Preloadable } from '../ui/preloadable';
import type { SectionOf, SectionType } from './section-types';

export type { SectionOf, SectionType } from './section-types';

/** Page title and description, for sections that decide them (a profile is titled by its influencer). */
export interface DocumentMeta {
  readonly title: string;
  readonly description: string;
}

/** What the renderer knows about one section type: src/sections/<type>/definition.ts declares it. */
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

/**
 * A section type's definition: its component, loaded on demand as a chunk of its own so a page loads only the
 * sections it shows, and what else the type declares.
 */
export function defineSection<T extends SectionType>(
  load: () => Promise<ComponentType<SectionOf<T>>>,
  more: Omit<SectionDefinition<T>, 'component'> = {},
): SectionDefinition<T> {
  return { component: preloadable(load), ...more };
}
