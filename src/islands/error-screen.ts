/** The id of the error screen the build puts in every page with islands, ready to show without any code of its own. */
export const ERROR_SCREEN_ID = 'error-screen';

/**
 * Shows "Unexpected Application Error!" in place of the page when an island fails (its code does not load, or it
 * throws): the visitor gets a way home instead of a page half working; the console gets the cause.
 */
export function showErrorScreen(error: unknown): void {
  console.error(error);
  const screen = document.getElementById(ERROR_SCREEN_ID);
  const root = document.getElementById('root');
  if (!(screen instanceof HTMLTemplateElement) || !root) return;
  if (screen.dataset.title) document.title = screen.dataset.title;
  root.replaceChildren(screen.content.cloneNode(true));
}
