/**
 * The one script of every built page. It asks for no framework: it keeps the phone menu's button in step with the
 * menu, prefetches the pages links lead to, and runs the page's islands: a section with a behaviour (the video's pause
 * button, the Work page's filter, the 404's Go Back) gets its few lines of DOM code; only a page with a React island
 * (search, forms, tooltips) loads React, attached to that island's pre-rendered HTML alone, when the visitor reaches
 * for it (src/islands/hydrate.tsx). `html[data-hydrated]` marks the page ready for input: nothing done from then on
 * waits for code to arrive, and nothing done before is lost.
 */
import { pagePath, pathInSite } from '../content/site-paths.ts';
import { followMenuState, menuButtons } from '../layout/menu-button.ts';
import { behaviourOf } from '../sections/behaviours.ts';
import { holdEarlyActions } from './early-actions.ts';
import { watchIntent, type Intent } from './first-intent.ts';
import { showErrorScreen } from './error-screen.ts';
import { showNearerNotFound } from './nearer-not-found.ts';
import { prefetchOnIntent } from './prefetch.ts';

const ready = () => {
  document.documentElement.dataset.hydrated = '';
};

/** The code of React islands: what attaches them (their files are on their way since the page began). */
const loadReactIslands = () => import('./hydrate.tsx');

/** Runs the behaviour of each island that has one (they never fail quietly: a failure shows the error screen). */
async function runBehaviours(islands: readonly HTMLElement[]): Promise<void> {
  const context = {
    pathname: pathInSite(window.location.pathname),
    go: (to: string) => window.location.assign(pagePath(to)),
  };
  await Promise.all(
    islands.map(async (island) => {
      const behaviour = await behaviourOf(island.dataset.island ?? '')!();
      behaviour(island, context);
    }),
  );
}

// A cross-fade between pages that the browser gives up (the visitor moved on, the page changed as it arrived, the
// next page does not fade) is nothing to report: the page simply shows without it. Both ends of it are heard: the
// page arriving, and the page being left.
const withoutFade = (transition: ViewTransition | null | undefined) => void transition?.ready.catch(() => undefined);
withoutFade((document as Document & { activeViewTransition?: ViewTransition | null }).activeViewTransition);
window.addEventListener('pagereveal', (event) => withoutFade((event as PageRevealEvent).viewTransition));
window.addEventListener('pageswap', (event) => withoutFade((event as PageSwapEvent).viewTransition));

for (const button of menuButtons()) followMenuState(button);
prefetchOnIntent();
await showNearerNotFound();

const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
if (islands.length === 0) ready();
else {
  const withBehaviour = islands.filter((island) => behaviourOf(island.dataset.island ?? ''));
  const withReact = islands.filter((island) => !withBehaviour.includes(island));
  // From the first moment, the visitor's first intent on a React island is noted, and what they do to an island is
  // held for it. Intent listens first: holding a click stops it there, and the click must still count as intent.
  const intents = new Map<HTMLElement, Intent>(withReact.map((island) => [island, watchIntent(island)]));
  const release = new Map(islands.map((island) => [island, holdEarlyActions(island)]));
  const attached = (island: HTMLElement) => release.get(island)!();
  // The page paints first; the islands' code runs after it, so it never delays what the visitor sees.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  try {
    await Promise.all([
      runBehaviours(withBehaviour).then(() => withBehaviour.forEach(attached)),
      withReact.length > 0
        ? loadReactIslands().then(({ attachIslands }) =>
            attachIslands(withReact, { intentOf: (island) => intents.get(island)!, attached, failed: showErrorScreen }),
          )
        : undefined,
    ]);
  } catch (error) {
    showErrorScreen(error);
  }
  ready();
}
