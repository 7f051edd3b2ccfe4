import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { createToaster, Toast, Toaster as ChakraToaster } from '@chakra-ui/react/toast';
import config from 'virtual:site-config';

/** The site's notifications: at most toasts.maxVisible at once, each for timing.toastDurationMs (config/site.json). */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: config.site.toasts.maxVisible,
  duration: config.site.timing.toastDurationMs,
  pauseOnPageIdle: true,
});

/** Where notifications appear; placed once, in the layout. */
export function Toaster() {
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
