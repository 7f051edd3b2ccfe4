import type { Notification } from './Toaster';

export type { Notification };

// The toaster's code (Chakra's toast machine) loads the first time a toast is shown, not with every page.
let toasterModule: Promise<typeof import('./Toaster')> | undefined;

/**
 * Shows a toast. The toaster is placed on the page the first time one is shown, in a root of its own, so any island
 * (or the app) can notify without a toaster of its own. A toast the same as one on screen refreshes that one rather
 * than queueing another.
 */
export function showToast(notification: Notification): void {
  toasterModule ??= import('./Toaster');
  void toasterModule.then((toaster) => toaster.showToast(notification));
}
