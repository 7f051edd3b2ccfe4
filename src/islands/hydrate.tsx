/**
 * Attaches React to the islands of a built page, each to its own pre-rendered HTML. Loaded only by pages that have
 * islands: a page of text never downloads it.
 */
import { startTransition, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { hasDraft } from '../forms/form-draft.ts';
import { siteSystem } from '../theme/system.ts';
import { useBrowserAddress } from './browser-address.ts';
import type { Intent } from './first-intent.ts';
import { islandIdPrefix, IslandRoot, preloadIsland, prepareIsland, type IslandProps } from './IslandRoot.tsx';
import { islandPropsOf } from './island-markup.ts';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function BrowserIsland({
  params,
  onAttached,
  ...rest
}: IslandProps & { onAttached: () => void; onError: (error: unknown) => void }) {
  const address = useBrowserAddress(params);
  // Said in the same task as hydration's changes to the page: hydration sets each field to the value it rendered, and
  // what the visitor typed before is given back at once, before another key can land in the emptied field.
  useLayoutEffect(onAttached, [onAttached]);
  return <IslandRoot {...rest} address={address} />;
}

/**
 * Whether an island may show something other than its pre-rendered HTML as soon as it runs: the address asks for a
 * search, a filter or a page of results, or this tab holds a draft of a form. Such an island attaches at once.
 */
function attachesAtOnce(element: HTMLElement): boolean {
  return window.location.search !== '' || (element.querySelector('form') !== null && hasDraft());
}

/**
 * Attaches one island: what it fetches is asked for first, and the design system is built in a task of its own, so no
 * single task runs long.
 */
async function attachIsland(
  element: HTMLElement,
  { failed, handOver }: Pick<AttachOptions, 'failed' | 'handOver'>,
): Promise<void> {
  const props = islandPropsOf(element);
  prepareIsland(props);
  await nextTask();
  siteSystem();
  await nextTask();
  // In the task that attaches: the first answer puts back the HTML React attaches to, and the component shows again
  // what it showed (what was typed, a form's marks) before the browser draws.
  handOver(element);
  await new Promise<void>((attached) => {
    // As a transition, hydration is done in short slices where the framework can.
    startTransition(() => {
      hydrateRoot(element, <BrowserIsland {...props} onAttached={attached} onError={failed} />, {
        identifierPrefix: islandIdPrefix(element.id),
      });
    });
  });
  element.dataset.attached = '';
}

export interface AttachOptions {
  /** The visitor's first intent on each island, watched since the page began. */
  readonly intentOf: (element: HTMLElement) => Intent;
  /** Called once an island is attached. */
  readonly attached: (element: HTMLElement) => void;
  /** Called if an island fails to load or attach. */
  readonly failed: (error: unknown) => void;
  /** Called right before React attaches to an island: its first answer stops and puts its HTML back. */
  readonly handOver: (element: HTMLElement) => void;
}

/**
 * Loads every island's code, then attaches each when it is needed: at once if it may show something its HTML does
 * not, or if the visitor has already begun to use it; otherwise at the visitor's first intent. Resolves when the page
 * is ready for input: every island attached, or ready to attach the moment the visitor reaches for it.
 */
export async function attachIslands(
  elements: readonly HTMLElement[],
  { intentOf, attached, failed, handOver }: AttachOptions,
): Promise<void> {
  await Promise.all(elements.map((element) => preloadIsland(islandPropsOf(element))));
  await Promise.all(
    elements.map(async (element) => {
      const intent = intentOf(element);
      const attach = () => attachIsland(element, { failed, handOver }).then(() => attached(element));
      if (attachesAtOnce(element) || intent.seen()) await attach();
      else intent.shown.then(attach).catch(failed);
    }),
  );
}
