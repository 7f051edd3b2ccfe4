/**
 * The types a section folder's two halves share. Build-time code (src/build) reads every section's data.ts, so this
 * file, like those, imports types only and never reaches the renderer.
 */
import type { FirstAnswer, FirstAnswerContext } from '../contract/first-answer.ts';
import type { DataFiles, PageData, SiteConfig } from '../contract/site-config.ts';
import type { Section } from '../generated/config-types.ts';

export type SectionType = Section['type'];
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;

/**
 * What a section of this type shows from the collections, chosen at build time (src/sections/<type>/data.ts). A page's
 * data is what its sections select, so a page costs what it shows: three projects, not all of them.
 */
export type SelectData<T extends SectionType> = (
  section: SectionOf<T>,
  config: SiteConfig,
  files: DataFiles,
) => PageData;

/** Where a section's behaviour runs: the address as the site names it, and how to go to another page. */
export interface BehaviourContext {
  /** The path within the site ("/influencers/999"), without the folder a project site lives in. */
  readonly pathname: string;
  /** Goes to another page of the site ("/"). */
  readonly go: (to: string) => void;
}

/**
 * What a section does in the browser with no framework at all (src/sections/<type>/behaviour.ts): it is given the
 * section's pre-rendered HTML, answers the visitor by switching what that HTML already holds (a pressed filter, a
 * paused video), and returns how to stop. The built page runs it on the HTML; the app (the editor's preview, the dev
 * server) runs the same function on what React drew, so there is one implementation. Plain DOM code: a dependency rule
 * keeps React and Chakra out of it.
 */
export type SectionBehaviour = (section: HTMLElement, context: BehaviourContext) => () => void;

/** Starts answering a visitor on the island's pre-rendered HTML (plain DOM code, like a behaviour). */
export type SectionFirstAnswer<T extends SectionType = SectionType> = (
  island: HTMLElement,
  context: FirstAnswerContext<T>,
) => Promise<FirstAnswer>;
