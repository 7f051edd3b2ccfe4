import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { createToaster, Toast, Toaster as ChakraToaster } from '@chakra-ui/react/toast';
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import config from 'virtual:site-shell';
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { siteSystem } from '../theme/system';

/** The site's notifications: at most toasts.maxVisible at once, each for timing.toastDurationMs (config/site.json). */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: config.site.toasts.maxVisible,
  duration: config.site.timing.toastDurationMs,
  pauseOnPageIdle: true,
});

/** A notification, as the forms describe them in config/forms/ (toasts). */
export interface Notification {
  readonly type: 'success' | 'error';
  readonly title: string;
  readonly description: string;
}

const refreshes = new Map<string, number>();

// Toasters on the page: a test or a page may place one itself; otherwise the first toast places one of its own.
let placed = 0;
let placedOwn = false;

/** Places a toaster at the end of the page in a root of its own, unless one is already there. */
function placeToaster(): void {
  if (placed > 0 || placedOwn) return;
  placedOwn = true;
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <ChakraProvider value={siteSystem()}>
      <Toaster />
    </ChakraProvider>,
  );
}

/**
 * Shows a toast, once this module is loaded (notifications.ts's showToast loads it on first use and calls this). One
 * the same as a toast on screen refreshes it (its time starts again) rather than queueing another, so five clicks on
 * submit with a field missing show one toast, not five in a row.
 */
export function showToast(notification: Notification): void {
  placeToaster();
  const id = `${notification.type}\n${notification.title}\n${notification.description}`;
  const count = toaster.isVisible(id) ? (refreshes.get(id) ?? 0) + 1 : 0;
  refreshes.set(id, count);
  // The toast machine restarts a toast's time when its duration changes, so each refresh moves it by a millisecond.
  toaster.create({ ...notification, id, closable: true, duration: config.site.timing.toastDurationMs + (count % 2) });
}

/** Where notifications appear; placed once, by the first toast unless a page placed it before. */
export function Toaster() {
  useLayoutEffect(() => {
    placed++;
    return () => {
      placed--;
    };
  }, []);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={config.site.toasts.regionLabel}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-toast-type={toast.type}>
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description opacity="1">{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
