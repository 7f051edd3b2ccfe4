import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React attaches to pre-rendered HTML, true afterwards (and at once on client-side navigation).
 * State that only the browser knows, such as the query string, waits for it so hydration matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
