/**
 * How a built page marks its islands: the island's HTML inside an element that names its section type, and beside it
 * what it is rendered from, as data (never run). Written by src/entry-server.tsx, read by src/islands/.
 */
import type { IslandProps } from './IslandRoot.tsx';

// Data inside a <script> may not close it, nor open a comment: "<" is written as its JSON escape.
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** An island's markup: its HTML in an element that takes no room of its own, then its props. */
export function islandMarkup(id: string, props: IslandProps, html: string): string {
  return (
    `<div data-island="${props.section.type}" id="${id}" style="display:contents">${html}</div>` +
    `<script type="application/json" data-island-props="${id}">${jsonForScript(props)}</script>`
  );
}

/** What an island of this page is rendered from. */
export function islandPropsOf(element: HTMLElement): IslandProps {
  const data = document.querySelector(`script[data-island-props="${element.id}"]`)?.textContent;
  if (!data) throw new Error(`The island ${element.id} has no props beside it.`);
  return JSON.parse(data) as IslandProps;
}
