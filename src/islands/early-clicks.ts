/**
 * A visitor may press a button of an island before its code has arrived (a slow phone, a fast thumb). Such a click
 * is held, not lost, and given to the button once the island is attached: Go Back goes back, a filter filters, and a
 * form's submit never falls back to the browser's own submission, which would reload the page and lose the answers.
 */
export function holdEarlyClicks(islands: readonly HTMLElement[]): () => void {
  const held: HTMLElement[] = [];
  const hold = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('button');
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(button)) held.push(button);
  };
  for (const island of islands) island.addEventListener('click', hold, true);
  return () => {
    for (const island of islands) island.removeEventListener('click', hold, true);
    for (const button of held.splice(0)) if (button.isConnected) button.click();
  };
}
