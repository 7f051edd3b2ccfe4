/**
 * The visitor's first sign of using an island: pointing at it, touching it, focusing, typing or clicking in it, or
 * scrolling the page (on a phone, the way to a form's fields and its Send button). A React island attaches then
 * rather than as the page loads, so a visitor who only reads the page never pays for it, and one who acts pays once,
 * a moment before the action (which src/islands/early-actions.ts holds until the island is attached).
 */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'click'] as const;

export interface Intent {
  /** Whether the visitor has already shown it. */
  readonly seen: () => boolean;
  /** Settles when the visitor shows it (at once if they have). */
  readonly shown: Promise<void>;
}

/**
 * Starts listening for the visitor's first intent on `island`. A click counts of itself: one given by assistive
 * technology or a script comes without a pointer or a key before it, and must still reach the island.
 */
export function watchIntent(island: HTMLElement): Intent {
  let seen = false;
  const shown = new Promise<void>((resolve) => {
    const heard = () => {
      seen = true;
      for (const type of INTENT_EVENTS) island.removeEventListener(type, heard, true);
      window.removeEventListener('scroll', heard);
      resolve();
    };
    for (const type of INTENT_EVENTS) island.addEventListener(type, heard, { capture: true, passive: true });
    window.addEventListener('scroll', heard, { passive: true });
  });
  return { seen: () => seen, shown };
}
