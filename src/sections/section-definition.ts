import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import type { PageData } from '../contract/site-config.ts';
import { preloadable, type Preloadable } from '../ui/preloadable.tsx';
import type { SectionOf, SectionType } from './section-types.ts';

export type { SectionOf, SectionType } from './section-types.ts';

/** Page title and description, for sections that decide them (a profile is titled by its influencer). */
export interface DocumentMeta {
  readonly title: string;
  readonly description: string;
  /** The picture of the page's link previews, by its path in the site, when not the site's own share image. */
  readonly image?: { readonly path: string; readonly alt: string };
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
  /** The page's title and description when this section is on it, for sections that decide them. */
  readonly documentMeta?: (section: SectionOf<T>, params: Readonly<Params>, page: DocumentMeta) => DocumentMeta;
  /**
   * Whether the section is a React island: it renders anew in the browser as the visitor acts (search results, a
   * form, tooltips), so the built page attaches React to its pre-rendered HTML, and to nothing else. A section that
   * only switches what its HTML already holds has a behaviour.ts instead (plain DOM code, no framework); every other
   * section ships as HTML and CSS. src/islands/islands.site.preact.test.tsx fails when a section that answers the visitor is
   * neither.
   */
  readonly island?: boolean;
  /**
   * For an island: what it starts fetching the moment the visitor reaches for it, so it arrives while the island
   * attaches rather than after (the directory's search data).
   */
  readonly prepare?: (section: SectionOf<T>, data: PageData) => void;
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
