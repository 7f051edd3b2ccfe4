import { chakra, useSlotRecipe } from '@chakra-ui/react/styled-system';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import config from 'virtual:site-shell';

/** How long a tooltip stays after the pointer leaves, so moving across a gap of a few pixels does not flicker it. */
const CLOSE_DELAY_MS = 100;

/**
 * A short label shown above its element: after timing.tooltipOpenDelayMs (config/site.json) of the pointer resting on
 * it, at once when it gets keyboard focus. Escape, scrolling, leaving or a touch close it. The label repeats the
 * element's own name (its aria-label), which screen readers already announce; the tooltip is for the eye. Drawn in
 * Chakra's tooltip style, with no positioning library: it sits centred above its element.
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const styles = useSlotRecipe({ key: 'tooltip' })();
  const openAfter = (ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), ms);
  };
  const close = (ms = 0) => {
    clearTimeout(timer.current);
    if (ms === 0) setOpen(false);
    else timer.current = setTimeout(() => setOpen(false), ms);
  };
  const trigger = useRef<HTMLSpanElement>(null);
  // Attached under a resting pointer or a keyboard focus (an island attaches as the visitor reaches for it): as if
  // the pointer or the focus had just arrived.
  useEffect(() => {
    if (trigger.current?.matches(':hover')) openAfter(config.site.timing.tooltipOpenDelayMs);
    else if (trigger.current?.querySelector(':focus-visible')) openAfter(0);
    return () => clearTimeout(timer.current);
  }, []);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    const onScroll = () => close();
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [open]);
  return (
    <chakra.span
      ref={trigger}
      position="relative"
      display="inline-flex"
      onPointerEnter={(event) =>
        event.pointerType === 'touch' ? undefined : openAfter(config.site.timing.tooltipOpenDelayMs)
      }
      onPointerLeave={() => close(CLOSE_DELAY_MS)}
      onPointerDown={() => close()}
      onFocus={(event) => (event.target.matches(':focus-visible') ? openAfter(0) : undefined)}
      onBlur={() => close()}
    >
      {children}
      {open ? (
        <chakra.span
          role="tooltip"
          css={styles.content}
          position="absolute"
          bottom="calc(100% + 0.5rem)"
          left="50%"
          translate="-50% 0"
          whiteSpace="nowrap"
          pointerEvents="none"
        >
          {label}
        </chakra.span>
      ) : null}
    </chakra.span>
  );
}
