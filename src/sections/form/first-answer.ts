import { answerFormFirst } from '../../forms/first-answer.ts';
import type { SectionFirstAnswer } from '../section-types.ts';

/** The form answers Send on its pre-rendered HTML until React attaches (src/forms/first-answer.ts). */
export const firstAnswer: SectionFirstAnswer<'form'> = (island, { section }) => answerFormFirst(island, section.form);
