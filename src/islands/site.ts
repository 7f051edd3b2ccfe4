/**
 * The one script of every built page. It asks for no framework: it keeps the phone menu's button in step with the
 * menu, prefetches the pages links lead to, and runs the page's islands: a section with a behaviour (the video's pause
 * button, the Work page's filter, the 404's Go Back) gets its few lines of DOM code; only a page with a React island
 * (search, forms, tooltips) loads React, attached to that island's pre-rendered HTML alone. `html[data-hydrated]`
 * marks the page ready for input.
 */
import { pathInSite, sitePath } from '../content/site-paths';
import { followMenuState, menuButtons } from '../layout/menu-button';
import { behaviourOf } from '../sections/behaviours';
import { holdEarlyClicks } from './early-clicks';
import { showErrorScreen } from './error-screen';
import { showNearerNotFound } from './nearer-not-found';
import { prefetchOnIntent } from './prefetch';

const ready = () => {
  document.documentElement.dataset.hydrated = '';
};

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The code of React islands, in stages with a pause between them (React's DOM, the site's theme with Chakra's styling
 * system, the design system built from them, then the islands' own), so that no single task keeps the page from
 * answering a tap for long. (Of a library, only a module needed whole anyway: importing Chakra's by name here would
 * keep every export of it, and so every component's styles.)
 */
async function loadReactIslands() {
  await import('react-dom/client');
  await nextTask();
  await import('../theme/site-theme');
  await nextTask();
  // Builds the site's design system from that theme: a task of its own.
  await import('../theme/system');
  await nextTask();
  return import('./hydrate');
}

/** Runs the behaviour of each island that has one (they never fail quietly: a failure shows the error screen). */
async function runBehaviours(islands: readonly HTMLElement[]): Promise<void> {
  const context = { pathname: pathInSite(window.location.pathname), go: (to: string) => window.location.assign(sitePath(to)) };
  await Promise.all(
    islands.map(async (island) => {
      const behaviour = await behaviourOf(island.dataset.island ?? '')!();
      behaviour(island, context);
    }),
  );
}

// A cross-fade between pages that the browser gives up (the visitor moved on, the page changed as it arrived) is
// nothing to report: the page simply shows without it.
const withoutFade = (transition: ViewTransition | null | undefined) => void transition?.ready.catch(() => undefined);
withoutFade((document as Document & { activeViewTransition?: ViewTransition | null }).activeViewTransition);
window.addEventListener('pagereveal', (event) => withoutFade((event as PageRevealEvent).viewTransition));

for (const button of menuButtons()) followMenuState(button);
prefetchOnIntent();
await showNearerNotFound();

const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
if (islands.length === 0) ready();
else {
  const releaseClicks = holdEarlyClicks(islands);
  // The page paints first; the islands' code loads after it, so it never delays what the visitor sees.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const withBehaviour = islands.filter((island) => behaviourOf(island.dataset.island ?? ''));
  const withReact = islands.filter((island) => !withBehaviour.includes(island));
  try {
    await Promise.all([
      runBehaviours(withBehaviour),
      withReact.length > 0 ? loadReactIslands().then(({ hydrateIslands }) => hydrateIslands(withReact, showErrorScreen)) : undefined,
    ]);
    releaseClicks();
  } catch (error) {
    showErrorScreen(error);
  }
  ready();
}
