import { useMemo, useSyncExternalStore } from 'react';
import { pagePath, pathInSite } from '../content/site-paths.ts';
import type { SiteAddress } from '../ui/navigation.tsx';

// Moves within the page (a filter, a page of results, Back and Forward) are counted, so every island sees each one.
let moves = 0;
const listeners = new Set<() => void>();
const moved = () => {
  moves++;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  if (listeners.size === 0) window.addEventListener('popstate', moved);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', moved);
  };
};

/** Another view of this page ("?q=a") is a history entry of its own; another page is an ordinary page load. */
function go(to: string, options?: { readonly replace?: boolean }): void {
  if (!to.startsWith('?')) {
    window.location.assign(pagePath(to));
    return;
  }
  const url = `${window.location.pathname}${to === '?' ? '' : to}`;
  if (options?.replace) window.history.replaceState(window.history.state, '', url);
  else window.history.pushState(null, '', url);
  moved();
}

/** The browser's address, for the islands of a built page. The first render reads what the build saw (moves = 0). */
export function useBrowserAddress(params: SiteAddress['params']): SiteAddress {
  const key = useSyncExternalStore(
    subscribe,
    () => moves,
    () => 0,
  );
  return useMemo(
    () => ({
      pathname: pathInSite(window.location.pathname),
      search: window.location.search,
      params,
      key: String(key),
      go,
    }),
    // Read again after every move (key), from the browser's own address.
    [key, params],
  );
}
