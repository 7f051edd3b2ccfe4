import type { SectionBehaviour } from '../section-types.ts';

/**
 * Logs the missing path (for whoever debugs links), and makes Go Back return to the previous page whenever the
 * browser has one, wherever it was: a page of this site, a typed address, or another site whose link is broken.
 * Home only when there is none (a link opened in a new tab).
 */
export const behaviour: SectionBehaviour = (section, { pathname, go }) => {
  console.warn(section.querySelector<HTMLElement>('[data-console-message]')?.dataset.consoleMessage, pathname);
  const button = section.querySelector('button[data-go-back]');
  const goBack = () => {
    if (window.history.length > 1) window.history.back();
    else go('/');
  };
  button?.addEventListener('click', goBack);
  return () => button?.removeEventListener('click', goBack);
};
