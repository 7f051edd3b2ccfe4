import { SECTION_FIRST_ANSWERS } from '../generated/section-first-answers.ts';
import type { SectionFirstAnswer, SectionType } from './section-types.ts';

export type { SectionFirstAnswer } from './section-types.ts';

/**
 * Loads the first answer of a React island's section type (src/sections/<type>/first-answer.ts), or undefined for a
 * type that has none. Plain DOM code: the built page's own script runs it before any framework has arrived.
 */
export function firstAnswerOf(type: string): (() => Promise<SectionFirstAnswer>) | undefined {
  return Object.hasOwn(SECTION_FIRST_ANSWERS, type)
    ? (SECTION_FIRST_ANSWERS[type as SectionType] as () => Promise<SectionFirstAnswer>)
    : undefined;
}
