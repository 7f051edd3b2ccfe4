import { answerFormFirst } from '../../forms/first-answer.ts';
import type { SectionFirstAnswer } from '../section-types.ts';

/** The panel's form answers Send on its pre-rendered HTML until React attaches (src/forms/first-answer.ts). */
export const firstAnswer: SectionFirstAnswer<'contact-panel'> = (island, { section }) =>
  answerFormFirst(island, section.form);
