import type { SectionBehaviour } from '../section-types.ts';

/** The parameter of the address that holds the chosen filter ("/work?filter=2024"); absent for the first one. */
const FILTER_PARAMETER = 'filter';

/**
 * The Work page's filter: pressing one shows the projects that name it in their data-filters (written by the
 * component from src/content/project-filter.ts), or the empty text when none does. The choice stays in the address
 * (replacing it, so Back still leaves the page), and an address with a filter opens with it chosen.
 */
export const behaviour: SectionBehaviour = (section) => {
  const buttons = [...section.querySelectorAll<HTMLButtonElement>('button[data-value]')];
  const projects = [...section.querySelectorAll<HTMLElement>('[data-filters]')];
  const empty = section.querySelector<HTMLElement>('[data-empty]');

  const first = buttons[0]?.dataset.value;
  const choose = (value: string | undefined) => {
    for (const button of buttons) button.setAttribute('aria-pressed', String(button.dataset.value === value));
    let shown = 0;
    for (const project of projects) {
      project.hidden = !(JSON.parse(project.dataset.filters ?? '[]') as string[]).includes(value ?? '');
      if (!project.hidden) shown++;
    }
    if (empty) empty.hidden = shown > 0;
  };
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.('button[data-value]');
    if (!(button instanceof HTMLButtonElement && buttons.includes(button))) return;
    choose(button.dataset.value);
    const address = new URL(window.location.href);
    if (button.dataset.value === first) address.searchParams.delete(FILTER_PARAMETER);
    else address.searchParams.set(FILTER_PARAMETER, button.dataset.value ?? '');
    window.history.replaceState(window.history.state, '', address);
  };

  const asked = new URLSearchParams(window.location.search).get(FILTER_PARAMETER);
  choose(buttons.some((button) => button.dataset.value === asked) ? asked! : first);
  section.addEventListener('click', onClick);
  return () => section.removeEventListener('click', onClick);
};
