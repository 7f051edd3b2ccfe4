import type { SectionBehaviour } from '../section-types';

/**
 * The Work page's filter: pressing one shows the projects that name it in their data-filters (written by the
 * component from src/content/project-filter.ts), or the empty text when none does. Starts again from the first filter.
 */
export const behaviour: SectionBehaviour = (section) => {
  const buttons = [...section.querySelectorAll<HTMLButtonElement>('button[data-value]')];
  const projects = [...section.querySelectorAll<HTMLElement>('[data-filters]')];
  const empty = section.querySelector<HTMLElement>('[data-empty]');

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
    if (button instanceof HTMLButtonElement && buttons.includes(button)) choose(button.dataset.value);
  };

  choose(buttons[0]?.dataset.value);
  section.addEventListener('click', onClick);
  return () => section.removeEventListener('click', onClick);
};
