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
 * Whether the visitor used the island before the page's script was there to hear it (a fast thumb on a slow phone):
 * the focus is in it, or one of its fields no longer holds what the page was built with.
 */
export function usedBeforeScript(island: HTMLElement): boolean {
  if (document.activeElement instanceof Element && island.contains(document.activeElement)) return true;
  return changedFields(island).length > 0;
}

/** The island's fields whose value the visitor has changed from what the page was built with. */
export function changedFields(island: HTMLElement): (HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement)[] {
  const fields = [
    ...island.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select'),
  ];
  return fields.filter((field) => {
    if (field instanceof HTMLSelectElement)
      return [...field.options].some((option) => option.selected !== option.defaultSelected);
    if (field.type === 'checkbox' || field.type === 'radio')
      return (field as HTMLInputElement).checked !== (field as HTMLInputElement).defaultChecked;
    return field.value !== field.defaultValue;
  });
}

/**
 * Starts listening for the visitor's first intent on `island`. A click counts of itself: one given by assistive
 * technology or a script comes without a pointer or a key before it, and must still reach the island. So does use
 * the script came too late to hear.
 */
export function watchIntent(island: HTMLElement): Intent {
  let seen = usedBeforeScript(island);
  if (seen) return { seen: () => true, shown: Promise.resolve() };
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
