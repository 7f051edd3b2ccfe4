import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import { preloadForm } from '../forms/FormSlot';
import { preloadable } from '../ui/preloadable';
import { influencerProfileMeta } from './influencer-profile-meta';
import { embeddedInfluencer, influencerIdOf, influencerResource } from './influencer-store';
import type { SectionDefinition, SectionOf, SectionType } from './section-definition';

export type { DocumentMeta, SectionDefinition, SectionOf, SectionType } from './section-definition';

/** A section type's definition: its component loaded on demand, and what else it declares. */
function section<T extends SectionType>(
  load: () => Promise<ComponentType<SectionOf<T>>>,
  more: Omit<SectionDefinition<T>, 'component'> = {},
): SectionDefinition<T> {
  return { component: preloadable(load), ...more };
}

/**
 * The one map from a section "type" in config to its component. Each component is its own chunk, so a page
 * loads only the sections it shows. A new section type is a schema in schemas/sections/, a component, and one line here.
 */
export const SECTION_REGISTRY: { readonly [T in SectionType]: SectionDefinition<T> } = {
  'video-hero': section(() => import('./VideoHero').then((m) => m.VideoHero)),
  'page-hero': section(() => import('./PageHero').then((m) => m.PageHero)),
  'project-highlights': section(() => import('./ProjectHighlights').then((m) => m.ProjectHighlights)),
  'service-highlights': section(() => import('./ServiceHighlights').then((m) => m.ServiceHighlights)),
  'project-gallery': section(() => import('./ProjectGallery').then((m) => m.ProjectGallery)),
  'service-details': section(() => import('./ServiceDetails').then((m) => m.ServiceDetails)),
  'process-steps': section(() => import('./ProcessSteps').then((m) => m.ProcessSteps)),
  'point-grid': section(() => import('./PointGrid').then((m) => m.PointGrid)),
  'influencer-directory': section(() => import('./InfluencerDirectory').then((m) => m.InfluencerDirectory)),
  'influencer-profile': section(() => import('./InfluencerProfile').then((m) => m.InfluencerProfile), {
    documentMeta: influencerProfileMeta,
    preload: (_section, params) => preloadInfluencerOf(params.id),
    embed: (_section, params) => embeddedInfluencer(influencerIdOf(params.id)),
  }),
  story: section(() => import('./Story').then((m) => m.Story)),
  text: section(() => import('./TextBlock').then((m) => m.TextBlock)),
  'contact-panel': section(() => import('./ContactPanel').then((m) => m.ContactPanel), { preload: (panel) => preloadForm(panel.form) }),
  'faq-list': section(() => import('./FaqList').then((m) => m.FaqList)),
  form: section(() => import('./FormSection').then((m) => m.FormSection), { preload: (formSection) => preloadForm(formSection.form) }),
  'call-to-action': section(() => import('./CallToAction').then((m) => m.CallToAction)),
  'not-found': section(() => import('./NotFound').then((m) => m.NotFound)),
};

/** The definition of a section type, or undefined for a type this build does not know. */
export function sectionDefinition<T extends SectionType>(type: T): SectionDefinition<T> | undefined {
  return Object.hasOwn(SECTION_REGISTRY, type) ? SECTION_REGISTRY[type] : undefined;
}

/** The influencer of a profile's address, loaded ahead of rendering it (nothing to load for an id that is no number). */
function preloadInfluencerOf(param: string | undefined): Promise<unknown> {
  const id = influencerIdOf(param);
  return id === undefined ? Promise.resolve() : influencerResource(id);
}

/** Loads everything some sections render (their components and what they declare), so they render without waiting. */
export function preloadSections<T extends SectionType>(sections: readonly SectionOf<T>[], params: Readonly<Params>): Promise<unknown> {
  return Promise.all(
    sections.map((config) => {
      const definition = sectionDefinition(config.type as T);
      return definition ? Promise.all([definition.component.preload(), definition.preload?.(config, params)]) : undefined;
    }),
  );
}

/** What the sections of a page carry inside its pre-rendered HTML at an address, merged. */
export function embeddedDataOf<T extends SectionType>(sections: readonly SectionOf<T>[], params: Readonly<Params>): Record<string, unknown> {
  return Object.assign({}, ...sections.map((config) => sectionDefinition(config.type as T)?.embed?.(config, params) ?? {}));
}
