import { answerSearchFirst } from '../../influencers/first-search.ts';
import type { SectionFirstAnswer } from '../section-types.ts';

/** The search filters the pre-rendered cards until React attaches (src/influencers/first-search.ts). */
export const firstAnswer: SectionFirstAnswer<'influencer-directory'> = answerSearchFirst;
