// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { followMenuState, menuButtons } from './menu-button.ts';

/** The header's button and menu, as TopNav renders them. */
function renderMenu(): { button: HTMLButtonElement; menu: HTMLElement } {
  document.body.innerHTML = `
    <header>
      <button type="button" popovertarget="site-menu" aria-controls="site-menu" aria-label="Open menu" data-open-label="Open menu" data-close-label="Close menu"></button>
    </header>
    <nav id="site-menu" popover="auto" aria-label="Main"><a href="/about">About</a></nav>`;
  return { button: menuButtons()[0]!, menu: document.getElementById('site-menu')! };
}

const state = (button: HTMLButtonElement) => [button.getAttribute('aria-expanded'), button.getAttribute('aria-label')];

afterEach(() => {
  document.body.innerHTML = '';
  delete (HTMLElement.prototype as { popover?: unknown }).popover;
});

describe('the phone menu button', () => {
  it('follows the popover the browser opens and closes: expanded and "Close menu" while it is open', () => {
    Object.defineProperty(HTMLElement.prototype, 'popover', { value: 'auto', configurable: true });
    const { button, menu } = renderMenu();
    followMenuState(button);
    expect(state(button)).toEqual(['false', 'Open menu']);
    menu.dispatchEvent(Object.assign(new Event('toggle'), { newState: 'open' }));
    expect(state(button)).toEqual(['true', 'Close menu']);
    menu.dispatchEvent(Object.assign(new Event('toggle'), { newState: 'closed' }));
    expect(state(button)).toEqual(['false', 'Open menu']);
    // The browser opens it: the script never marks the menu itself.
    button.click();
    expect(menu.hasAttribute('data-open')).toBe(false);
  });

  it('opens and closes the menu itself where the browser has no popovers, and Escape closes it and gives focus back', () => {
    expect('popover' in HTMLElement.prototype).toBe(false);
    const { button, menu } = renderMenu();
    followMenuState(button);
    expect([menu.hasAttribute('data-open'), ...state(button)]).toEqual([false, 'false', 'Open menu']);
    button.click();
    expect([menu.hasAttribute('data-open'), ...state(button)]).toEqual([true, 'true', 'Close menu']);
    menu.querySelector('a')!.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect([menu.hasAttribute('data-open'), ...state(button)]).toEqual([false, 'false', 'Open menu']);
    expect(document.activeElement).toBe(button);
    button.click();
    button.click();
    expect(menu.hasAttribute('data-open')).toBe(false);
  });
});
