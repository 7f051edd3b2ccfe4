/**
 * The phone menu opens and closes without script: its button names the menu as a popover, and the browser handles
 * the rest (Escape and a click outside close it, focus returns to the button, the open state is announced). Where
 * script runs, this keeps the button's own attributes saying the same: "Close menu" and expanded while it is open.
 */
export function followMenuState(button: HTMLButtonElement): () => void {
  const menu = document.getElementById(button.getAttribute('popovertarget') ?? '');
  if (!menu) return () => undefined;
  const show = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    const label = open ? button.dataset.closeLabel : button.dataset.openLabel;
    if (label) button.setAttribute('aria-label', label);
  };
  const onToggle = (event: Event) => show((event as ToggleEvent).newState === 'open');
  show(menu.matches(':popover-open'));
  menu.addEventListener('toggle', onToggle);
  return () => menu.removeEventListener('toggle', onToggle);
}

/** The menu buttons of the page. */
export const menuButtons = () => document.querySelectorAll<HTMLButtonElement>('button[popovertarget][data-open-label]');
