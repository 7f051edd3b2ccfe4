import { SECTION_BEHAVIOURS } from '../generated/section-behaviours.ts';
import type { SectionBehaviour, SectionType } from './section-types.ts';

export type { BehaviourContext, SectionBehaviour } from './section-types.ts';

/**
 * Loads the behaviour of a section type (src/sections/<type>/behaviour.ts), or undefined for a type that has none.
 * Plain DOM code all the way: the built page's own script reads this, and loads no framework for it.
 */
export function behaviourOf(type: string): (() => Promise<SectionBehaviour>) | undefined {
  return Object.hasOwn(SECTION_BEHAVIOURS, type) ? SECTION_BEHAVIOURS[type as SectionType] : undefined;
}
