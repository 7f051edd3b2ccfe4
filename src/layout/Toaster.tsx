import { ChakraProvider, chakra, useSlotRecipe } from '@chakra-ui/react/styled-system';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import config from 'virtual:site-shell';
import { siteSystem } from '../theme/system.ts';
import { CloseIcon } from '../ui/icons.tsx';
import { NotificationList, type Notification, type ShownNotification } from './notifications.ts';

export type { Notification };

/** The page's notifications: at most toasts.maxVisible at once, each for timing.toastDurationMs (config/site.json). */
export const notifications = new NotificationList({
  maxVisible: config.site.toasts.maxVisible,
  durationMs: config.site.timing.toastDurationMs,
  exitMs: 200,
});
// A toast's time runs only while a toaster shows it: the first one is placed a moment after it is asked for.
const WITHOUT_TOASTER = 'no toaster on the page';
notifications.pause(WITHOUT_TOASTER);

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
 * Shows a toast. A toast the same as one on screen starts its time again rather than queueing another. The first
 * one places the toaster once the next frame is drawn, so what the visitor's action changed on the page (a form's
 * messages) is on screen first; the toast's time starts when the toaster shows it.
 */
export function showToast(notification: Notification): void {
  notifications.show(notification);
  if (placed === 0 && !placedOwn) requestAnimationFrame(() => setTimeout(placeToaster, 0));
}

/** Time stops while the page is hidden, so a toast shown just before the visitor switched tabs is still there after. */
function usePauseWhileHidden(): void {
  useEffect(() => {
    const follow = () => (document.hidden ? notifications.pause('hidden') : notifications.resume('hidden'));
    follow();
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, []);
}

/**
 * Where notifications appear: a named region at the bottom of the screen. Each toast is a status message named by
 * its title and described by its text; time stops while the visitor points at or focuses one, and each can be closed.
 */
export function Toaster() {
  const shown = useSyncExternalStore(notifications.subscribe, notifications.current, notifications.current);
  const styles = useSlotRecipe({ key: 'toast' })();
  usePauseWhileHidden();
  useLayoutEffect(() => {
    if (placed++ === 0) notifications.resume(WITHOUT_TOASTER);
    return () => {
      if (--placed === 0) notifications.pause(WITHOUT_TOASTER);
    };
  }, []);
  return (
    <chakra.section
      aria-label={config.site.toasts.regionLabel}
      position="fixed"
      zIndex="toast"
      bottom="4"
      insetInline={{ base: '4', md: 'auto' }}
      insetEnd={{ md: '4' }}
      width={{ md: 'sm' }}
      display="flex"
      flexDirection="column-reverse"
      gap="4"
      hidden={shown.length === 0}
      onPointerEnter={() => notifications.pause('pointer')}
      onPointerLeave={() => notifications.resume('pointer')}
      onFocus={() => notifications.pause('focus')}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) notifications.resume('focus');
      }}
    >
      {shown.map((toast) => (
        <Toast key={toast.id} toast={toast} styles={styles} />
      ))}
    </chakra.section>
  );
}

type ToastStyles = ReturnType<ReturnType<typeof useSlotRecipe>>;

function Toast({ toast, styles }: { toast: ShownNotification; styles: ToastStyles }) {
  // Arrives faded and lowered, then rises into place; leaves by fading (Chakra's toast recipe animates the variables).
  const [arrived, setArrived] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setArrived(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const id = `site-toast-${toast.id}`;
  const open = arrived && !toast.closing;
  return (
    <chakra.div
      role="status"
      aria-atomic="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      data-toast-type={toast.type}
      data-type={toast.type}
      data-state={toast.closing ? 'closed' : 'open'}
      css={styles.root}
      style={
        {
          '--x': '0',
          '--y': open ? '0' : '0.5rem',
          '--scale': '1',
          '--opacity': open ? '1' : '0',
          '--height': 'auto',
          '--z-index': '0',
        } as object
      }
      _motionReduce={{ transition: 'none' }}
    >
      <chakra.div display="flex" flexDirection="column" gap="1" flex="1" maxWidth="100%">
        <chakra.div id={`${id}-title`} css={styles.title}>
          {toast.title}
        </chakra.div>
        <chakra.div id={`${id}-description`} css={styles.description} opacity="1">
          {toast.description}
        </chakra.div>
      </chakra.div>
      <chakra.button
        type="button"
        aria-label={config.site.toasts.closeLabel}
        css={styles.closeTrigger}
        onClick={() => notifications.close(toast.id)}
      >
        <CloseIcon />
      </chakra.button>
    </chakra.div>
  );
}
