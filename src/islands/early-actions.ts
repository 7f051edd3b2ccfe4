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

/**
 * Starts holding what the visitor does to `island`; the function returned gives it all to it, once attached. What
 * they wrote before the page's script was there to hear it is held too.
 */
export function holdEarlyActions(island: HTMLElement): () => void {
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
    if (!clicked.includes(target)) clicked.push(target);
  };
  const write = (event: Event) => {
    const field = event.target as Element | null;
    if (field?.matches?.(WRITABLE)) written.set(field as Field, (field as Field).value);
  };
  island.addEventListener('click', hold, true);
  island.addEventListener('input', write, true);
  island.addEventListener('change', write, true);
  return () => {
    island.removeEventListener('click', hold, true);
    island.removeEventListener('input', write, true);
    island.removeEventListener('change', write, true);
    // What was typed first, so a submit pressed after typing sends it.
    for (const [field, value] of written) if (field.isConnected) giveValue(field, value);
    written.clear();
    for (const target of clicked.splice(0)) if (target.isConnected) target.click();
  };
}
