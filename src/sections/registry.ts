import type { Params } from 'react-router-dom';
import { SECTION_DEFINITIONS } from '../generated/sections.ts';
import type { SectionDefinition, SectionOf, SectionType } from './section-definition.ts';

export type { DocumentMeta, SectionDefinition, SectionOf, SectionType } from './section-definition.ts';

/**
 * The one map from a section "type" in config to what renders it: each folder's definition.ts, listed by
 * `npm run generate` in src/generated/sections.ts. A new section type is a schema in schemas/sections/ and a folder
 * here (docs/recipes.md: "Add a section type").
 */
export const SECTION_REGISTRY = SECTION_DEFINITIONS;

/** The definition of a section type, or undefined for a type this build does not know. */
export function sectionDefinition<T extends SectionType>(type: T): SectionDefinition<T> | undefined {
  return Object.hasOwn(SECTION_REGISTRY, type) ? SECTION_REGISTRY[type] : undefined;
}

/** What a page says of a section whose type this build does not know. */
export const unknownSectionType = (type: string) =>
  `Unknown section type "${type}". Run npm run validate to see how to fix config/.`;

/** Loads everything some sections render (their components and what they declare), so they render without waiting. */
export function preloadSections<T extends SectionType>(
  sections: readonly SectionOf<T>[],
  params: Readonly<Params>,
): Promise<unknown> {
  return Promise.all(
    sections.map((config) => {
      const definition = sectionDefinition(config.type as T);
      return definition
        ? Promise.all([definition.component.preload(), definition.preload?.(config, params)])
        : undefined;
    }),
  );
}
