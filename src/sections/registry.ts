import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Params } from 'react-router-dom';
import type { Section } from '../generated/config-types';
import { fillPlaceholders, influencerPlaceholderValues } from '../content/placeholders';
import { findInfluencer } from './influencer-lookup';

export type SectionType = Section['type'];
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;

/** Page title and description, for sections that decide them (a profile is titled by its influencer). */
export interface DocumentMeta {
  readonly title: string;
  readonly description: string;
}

export interface SectionDefinition<T extends SectionType> {
  /** Loads the section's component, whose props are the section's config as typed by its schema. */
  readonly load: () => Promise<ComponentType<SectionOf<T>>>;
  /** The page's title and description when this section is on it, for sections that decide them. */
  readonly documentMeta?: (section: SectionOf<T>, params: Readonly<Params>, page: DocumentMeta) => DocumentMeta;
}

/**
 * The one map from a section "type" in config to its component. Each component is its own chunk, so a page
 * loads only the sections it shows. A new section type is a schema in schemas/sections/, a component, and one line here.
 */
export const SECTION_REGISTRY: { readonly [T in SectionType]: SectionDefinition<T> } = {
  'video-hero': { load: () => import('./VideoHero').then((m) => m.VideoHero) },
  'page-hero': { load: () => import('./PageHero').then((m) => m.PageHero) },
  'project-highlights': { load: () => import('./ProjectHighlights').then((m) => m.ProjectHighlights) },
  'service-highlights': { load: () => import('./ServiceHighlights').then((m) => m.ServiceHighlights) },
  'project-gallery': { load: () => import('./ProjectGallery').then((m) => m.ProjectGallery) },
  'service-details': { load: () => import('./ServiceDetails').then((m) => m.ServiceDetails) },
  'process-steps': { load: () => import('./ProcessSteps').then((m) => m.ProcessSteps) },
  'point-grid': { load: () => import('./PointGrid').then((m) => m.PointGrid) },
  'influencer-directory': { load: () => import('./InfluencerDirectory').then((m) => m.InfluencerDirectory) },
  'influencer-profile': {
    load: () => import('./InfluencerProfile').then((m) => m.InfluencerProfile),
    documentMeta: (section, params, page) => {
      const influencer = findInfluencer(params.id);
      if (!influencer) return { title: section.notFound.title, description: section.notFound.text };
      const values = influencerPlaceholderValues(influencer);
      return { title: fillPlaceholders(page.title, values), description: fillPlaceholders(page.description, values) };
    },
  },
  story: { load: () => import('./Story').then((m) => m.Story) },
  'contact-panel': { load: () => import('./ContactPanel').then((m) => m.ContactPanel) },
  'faq-list': { load: () => import('./FaqList').then((m) => m.FaqList) },
  form: { load: () => import('./FormSection').then((m) => m.FormSection) },
  'call-to-action': { load: () => import('./CallToAction').then((m) => m.CallToAction) },
  'not-found': { load: () => import('./NotFound').then((m) => m.NotFound) },
};

/** The definition of a section type, or undefined for a type this build does not know. */
export function sectionDefinition<T extends SectionType>(type: T): SectionDefinition<T> | undefined {
  return Object.hasOwn(SECTION_REGISTRY, type) ? SECTION_REGISTRY[type] : undefined;
}

const loadedComponents = new Map<SectionType, ComponentType<Section>>();
const lazyComponents = new Map<SectionType, LazyExoticComponent<ComponentType<Section>>>();

/**
 * The section's component for rendering: the component itself once loaded (so pre-rendering and hydration never
 * suspend), otherwise a lazy one that shows the section when its chunk arrives.
 */
export function sectionComponent(type: SectionType): { component: ComponentType<Section>; ready: boolean } {
  const loaded = loadedComponents.get(type);
  if (loaded) return { component: loaded, ready: true };
  let component = lazyComponents.get(type);
  if (!component) {
    component = lazy(() => loadSection(type).then((ready) => ({ default: ready })));
    lazyComponents.set(type, component);
  }
  return { component, ready: false };
}

async function loadSection(type: SectionType): Promise<ComponentType<Section>> {
  const load = SECTION_REGISTRY[type].load as () => Promise<ComponentType<Section>>;
  const component = await load();
  loadedComponents.set(type, component);
  return component;
}

/** Loads the components of some section types ahead of rendering them. Unknown types are left to SectionView. */
export function preloadSections(types: Iterable<SectionType>): Promise<unknown> {
  return Promise.all([...new Set(types)].filter((type) => sectionDefinition(type)).map(loadSection));
}
