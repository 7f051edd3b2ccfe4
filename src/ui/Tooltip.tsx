import { Tooltip as ChakraTooltip } from '@chakra-ui/react/tooltip';
import type { ReactElement } from 'react';
import config from 'virtual:site-shell';

/** A short label shown on hover or focus, after the delay set in config/site.json (timing.tooltipOpenDelayMs). */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <ChakraTooltip.Root openDelay={config.site.timing.tooltipOpenDelayMs} closeDelay={100} positioning={{ placement: 'top' }}>
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <ChakraTooltip.Positioner>
        <ChakraTooltip.Content>{label}</ChakraTooltip.Content>
      </ChakraTooltip.Positioner>
    </ChakraTooltip.Root>
  );
}
