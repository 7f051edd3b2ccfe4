/**
 * A visitor may act on an island before its code has arrived (a slow phone, a fast thumb): press a button, tick a
 * box, type into the search or a form. Nothing of it is lost. A click is held and given to its button or box once the
 * island is attached: Go Back goes back, a filter filters, and a form's submit never falls back to the browser's own
 * submission, which would reload the page and lose the answers. What was typed or chosen stays in its field; once the
 * island is attached it is given to the island as if typed then, so the search searches and the form has it.
 */

import { changedFields } from './first-intent.ts';

/** A text field or a list an early visitor may have changed. */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Buttons, and the boxes that a click ticks (the browser would tick them now, and the island then set them back). */
const CLICKABLE = 'button, input[type="checkbox"], input[type="radio"]';
/** Fields whose value the visitor types or chooses. */
const WRITABLE =
  'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]):not([type="hidden"]), textarea, select';

/** Sets a field's value as the browser does when the visitor types, which both React and Preact hear as their input. */
function giveValue(field: Field, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** What is held for an island until it is attached. */
export interface HeldActions {
  /** Gives the island everything held, once it is attached: what was typed, then the clicks. */
  readonly release: () => void;
  /** Offers the clicks held so far to the island's first answer, which has just arrived; it keeps those it answers. */
  readonly offerClicks: () => void;
}

/**
 * Starts holding what the visitor does to `island`, for it to be given to the island once attached. What they wrote
 * before the page's script was there to hear it is held too. A click the island's first answer answers (`answered`:
 * src/contract/first-answer.ts, FirstAnswer) is not held: the island is not to answer it again.
 */
export function holdEarlyActions(
  island: HTMLElement,
  answered: (target: HTMLElement) => boolean = () => false,
): HeldActions {
  const clicked: HTMLElement[] = [];
  const written = new Map<Field, string>(
    changedFields(island)
      .filter((field) => field.matches(WRITABLE))
      .map((field) => [field, field.value]),
  );
  const hold = (event: Event) => {
    const target = (event.target as Element | null)?.closest?.<HTMLElement>(CLICKABLE);
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!answered(target) && !clicked.includes(target)) clicked.push(target);
  };
  const write = (event: Event) => {
    const field = event.target as Element | null;
    if (field?.matches?.(WRITABLE)) written.set(field as Field, (field as Field).value);
  };
  island.addEventListener('click', hold, true);
  island.addEventListener('input', write, true);
  island.addEventListener('change', write, true);
  const offerClicks = () => {
    for (const target of [...clicked]) if (answered(target)) clicked.splice(clicked.indexOf(target), 1);
  };
  const release = () => {
    island.removeEventListener('click', hold, true);
    island.removeEventListener('input', write, true);
    island.removeEventListener('change', write, true);
    // What was typed first, so a submit pressed after typing sends it.
    for (const [field, value] of written) if (field.isConnected) giveValue(field, value);
    written.clear();
    for (const target of clicked.splice(0)) if (target.isConnected) target.click();
  };
  return { release, offerClicks };
}
