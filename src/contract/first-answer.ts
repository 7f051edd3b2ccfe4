/**
 * What a React island's first answer is and is given: the shape the page script (src/islands/first-answers.ts) runs
 * and every first answer keeps to, the sections' (src/sections/<type>/first-answer.ts) and those they call in
 * src/forms/ and src/influencers/. Types only, below all of them, so each imports it and none imports another's layer.
 */
import type { Section } from '../generated/config-types.ts';
import type { PageData } from './site-config.ts';

/**
 * What a React island's section does for a visitor who acts before React has attached to it
 * (src/sections/<type>/first-answer.ts): it answers on the pre-rendered HTML itself (a form's messages, the search's
 * results), with the same markup the component draws, until React takes over.
 */
export interface FirstAnswer {
  /**
   * A click on a button of the island before React has attached: true when answered here, so it is not held for the
   * island (src/islands/early-actions.ts), false to leave it to React.
   */
  readonly click: (target: HTMLElement) => boolean;
  /**
   * Called just before React attaches, in the same task: puts the HTML back as it was pre-rendered (React attaches to
   * that) and stops answering. What the visitor did is kept for the component, which shows it again before the
   * browser draws.
   */
  readonly handOver: () => void;
}

/** What a first answer is given besides the island's HTML: the section of `type` it answers for, and its data. */
export interface FirstAnswerContext<T extends Section['type']> {
  readonly section: Extract<Section, { type: T }>;
  readonly data: PageData;
}
