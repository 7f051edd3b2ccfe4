/**
 * Attaches React to the islands of a built page, each to its own pre-rendered HTML. Loaded only by pages that have
 * islands: a page of text never downloads it.
 */
import { startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { useBrowserAddress } from './browser-address';
import { islandIdPrefix, IslandRoot, preloadIsland, type IslandProps } from './IslandRoot';
import { siteSystem } from '../theme/system';
import { islandPropsOf } from './island-markup';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function BrowserIsland({ params, onAttached, ...rest }: IslandProps & { onAttached: () => void; onError: (error: unknown) => void }) {
  const address = useBrowserAddress(params);
  useEffect(onAttached, [onAttached]);
  return <IslandRoot {...rest} address={address} />;
}

/** Hydrates every island once its code has loaded; resolves when all are attached, and calls `failed` if one fails. */
export async function hydrateIslands(elements: readonly HTMLElement[], failed: (error: unknown) => void): Promise<void> {
  // The design system is built in a task of its own, between the code's arrival and the islands' attaching, so no
  // single task keeps the page from answering a tap for long. The islands' own code loads meanwhile.
  const loading = elements.map((element) => preloadIsland(islandPropsOf(element)));
  await nextTask();
  siteSystem();
  await nextTask();
  await Promise.all(loading);
  await Promise.all(
    elements.map(async (element) => {
      const props = islandPropsOf(element);
      await new Promise<void>((attached) => {
        // As a transition, hydration is done in short slices instead of one long task.
        startTransition(() => {
          hydrateRoot(element, <BrowserIsland {...props} onAttached={attached} onError={failed} />, { identifierPrefix: islandIdPrefix(element.id) });
        });
      });
    }),
  );
}
