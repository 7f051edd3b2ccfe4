import { lazy, useSyncExternalStore } from 'react';
import type { Notification } from './Toaster';

export type { Notification };

// The toaster's code (Chakra's toast machine) loads the first time a toast is shown, not with every page.
let toasterModule: Promise<typeof import('./Toaster')> | undefined;
let toasterWanted = false;
const listeners = new Set<() => void>();

/**
 * Shows a toast; the toaster is mounted in the layout on first use and stays across navigation. A toast the same as
 * one on screen refreshes that one rather than queueing another.
 */
export function showToast(notification: Notification): void {
  toasterModule ??= import('./Toaster');
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  void toasterModule.then((toaster) => toaster.showToast(notification));
}

/** Whether the layout should mount the toaster yet. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasterWanted,
    () => false,
  );
}

export const LazyToaster = lazy(() => (toasterModule ??= import('./Toaster')).then((module) => ({ default: module.Toaster })));
