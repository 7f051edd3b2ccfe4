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
import { hasDraft } from '../forms/form-draft.ts';
import { holdEarlyActions, type HeldActions } from './early-actions.ts';
import { startFirstAnswers } from './first-answers.ts';
import { ISLAND_FILES_META } from './island-files.ts';
import { watchIntent, type Intent } from './first-intent.ts';
import { showErrorScreen } from './error-screen.ts';
import { showNearerNotFound } from './nearer-not-found.ts';
import { prefetchOnIntent } from './prefetch.ts';

const ready = () => {
  document.documentElement.dataset.hydrated = '';
};

/**
 * The code of React islands: what attaches them, and all it takes (the framework, the design system, the section's
 * component, the form's code), fetched at once, each file named beside the page script (scripts/prerender.ts).
 */
function loadReactIslands() {
  const named = document.querySelector<HTMLMetaElement>(`meta[name="${ISLAND_FILES_META}"]`)?.content ?? '';
  for (const file of named.split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: file });
    link.crossOrigin = '';
    document.head.append(link);
  }
  return import('./hydrate.tsx');
}

/**
 * Settles when the React islands' code is needed: at once when an island may show something its HTML does not (an
 * address with a search, a filter or a page; a draft of a form in this tab), else at the visitor's first intent on an
 * island, or once the page has loaded and the browser is idle. Until then a first answer answers the visitor, and the
 * page's first paint and first answer share the network with nothing else.
 */
function reactIslandsNeeded(islands: readonly HTMLElement[], intents: ReadonlyMap<HTMLElement, Intent>) {
  if (window.location.search !== '' || (hasDraft() && islands.some((island) => island.querySelector('form'))))
    return Promise.resolve();
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  const idle = loaded.then(
    () =>
      new Promise<void>((resolve) =>
        'requestIdleCallback' in window
          ? requestIdleCallback(() => resolve(), { timeout: 1000 })
          : setTimeout(resolve, 200),
      ),
  );
  return Promise.race([idle, ...islands.map((island) => intents.get(island)!.shown)]);
}

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
  // held for it, unless the island's first answer answers it. Intent listens first: holding a click stops it there,
  // and the click must still count as intent.
  const intents = new Map<HTMLElement, Intent>(withReact.map((island) => [island, watchIntent(island)]));
  const held = new Map<HTMLElement, HeldActions>();
  const firstAnswers = startFirstAnswers(withReact, (island) => held.get(island)!.offerClicks());
  for (const island of islands)
    held.set(
      island,
      holdEarlyActions(island, (target) => firstAnswers.answer(island, target)),
    );
  const attached = (island: HTMLElement) => held.get(island)!.release();
  // The page paints first; the islands' code runs after it, so it never delays what the visitor sees.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  try {
    await Promise.all([
      runBehaviours(withBehaviour).then(() => withBehaviour.forEach(attached)),
      withReact.length > 0
        ? reactIslandsNeeded(withReact, intents).then(() =>
            loadReactIslands().then(({ attachIslands }) =>
              attachIslands(withReact, {
                intentOf: (island) => intents.get(island)!,
                attached,
                failed: showErrorScreen,
                handOver: (island) => firstAnswers.handOver(island),
              }),
            ),
          )
        : undefined,
    ]);
  } catch (error) {
    showErrorScreen(error);
  }
  ready();
}
