/**
 * The first answers of a page's React islands (src/sections/<type>/first-answer.ts): started as the page begins, each
 * answers the visitor on its island's pre-rendered HTML until React attaches, and hands over right before it does.
 */
import type { FirstAnswer } from '../contract/first-answer.ts';
import { firstAnswerOf } from '../sections/first-answers.ts';
import { islandPropsOf } from './island-markup.ts';

export interface FirstAnswers {
  /** Whether the island's first answer answered a click on `target` (then React is not to answer it again). */
  readonly answer: (island: HTMLElement, target: HTMLElement) => boolean;
  /** Stops the island's first answer and puts its HTML back as pre-rendered, right before React attaches to it. */
  readonly handOver: (island: HTMLElement) => void;
}

/**
 * Starts the first answer of each island that has one; `arrived` is told when an island's has started, so the clicks
 * held before it could answer them are offered to it.
 */
export function startFirstAnswers(
  islands: readonly HTMLElement[],
  arrived: (island: HTMLElement) => void,
): FirstAnswers {
  const answering = new Map<HTMLElement, FirstAnswer>();
  const handedOver = new Set<HTMLElement>();
  for (const island of islands) {
    const load = firstAnswerOf(island.dataset.island ?? '');
    if (!load) continue;
    load()
      // Arrived after React took the island over: it has nothing to answer, and must not touch React's HTML.
      .then((start) => (handedOver.has(island) ? undefined : start(island, islandPropsOf(island))))
      .then(
        (answer) => {
          if (!answer) return;
          if (handedOver.has(island)) answer.handOver();
          else {
            answering.set(island, answer);
            arrived(island);
          }
        },
        // Nothing is lost without it: the island answers once attached, as it would have anyway.
        (error: unknown) => console.warn(`The first answer of ${island.id} did not start: ${String(error)}`),
      );
  }
  return {
    answer: (island, target) => {
      try {
        return answering.get(island)?.click(target) ?? false;
      } catch (error) {
        // The click is held for the island instead, which answers it once attached: nothing is lost.
        console.warn(`The first answer of ${island.id} could not answer a click: ${String(error)}`);
        return false;
      }
    },
    handOver: (island) => {
      handedOver.add(island);
      answering.get(island)?.handOver();
      answering.delete(island);
    },
  };
}
