/**
 * The phone menu opens and closes without script: its button names the menu as a popover, and the browser handles
 * the rest (Escape and a click outside close it, focus returns to the button, the open state is announced). Where
 * script runs, this keeps the button's own attributes saying the same: "Close menu" and expanded while it is open.
 * A browser that predates popovers (before Chrome 114, Safari 17, Firefox 125) gets the same from this script: the
 * menu shows while it has data-open (TopNav's styles hide it otherwise there), and Escape closes it.
 */
export function followMenuState(button: HTMLButtonElement): () => void {
  const menu = document.getElementById(button.getAttribute('popovertarget') ?? '');
  if (!menu) return () => undefined;
  const show = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    const label = open ? button.dataset.closeLabel : button.dataset.openLabel;
    if (label) button.setAttribute('aria-label', label);
  };
  if (!('popover' in HTMLElement.prototype)) return openedByScript(button, menu, show);
  const onToggle = (event: Event) => show((event as ToggleEvent).newState === 'open');
  show(menu.matches(':popover-open'));
  menu.addEventListener('toggle', onToggle);
  return () => menu.removeEventListener('toggle', onToggle);
}

/** The menu for browsers without popovers: the button toggles it, Escape closes it and gives focus back. */
function openedByScript(button: HTMLButtonElement, menu: HTMLElement, show: (open: boolean) => void): () => void {
  const set = (open: boolean) => {
    menu.toggleAttribute('data-open', open);
    show(open);
  };
  const toggle = () => set(!menu.hasAttribute('data-open'));
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menu.hasAttribute('data-open')) return;
    set(false);
    button.focus();
  };
  set(false);
  button.addEventListener('click', toggle);
  document.addEventListener('keydown', onKey);
  return () => {
    button.removeEventListener('click', toggle);
    document.removeEventListener('keydown', onKey);
  };
}

/** The menu buttons of the page. */
export const menuButtons = () => document.querySelectorAll<HTMLButtonElement>('button[popovertarget][data-open-label]');
