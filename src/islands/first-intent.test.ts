// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { watchIntent } from './first-intent';

afterEach(() => document.body.replaceChildren());

/** An island with a button in it, and a paragraph beside it. */
function islandOnAPage(): { island: HTMLElement; button: HTMLButtonElement; beside: HTMLElement } {
  const island = document.createElement('div');
  const button = document.createElement('button');
  const beside = document.createElement('p');
  island.append(button);
  document.body.append(island, beside);
  return { island, button, beside };
}

describe('the visitor’s first intent on an island', () => {
  it('is not seen while the visitor only points at or touches the rest of the page', () => {
    const { island, beside } = islandOnAPage();
    const intent = watchIntent(island);
    for (const type of ['pointerover', 'pointerdown', 'touchstart', 'click']) beside.dispatchEvent(new Event(type, { bubbles: true }));
    expect(intent.seen()).toBe(false);
  });

  it.each(['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input'])('is seen on %s inside the island', async (type) => {
    const { island, button } = islandOnAPage();
    const intent = watchIntent(island);
    button.dispatchEvent(new Event(type, { bubbles: true }));
    expect(intent.seen()).toBe(true);
    await intent.shown;
  });

  it('is seen on a click that comes with no pointer or key before it, as from assistive technology', async () => {
    const { island, button } = islandOnAPage();
    const intent = watchIntent(island);
    button.click();
    expect(intent.seen()).toBe(true);
    await intent.shown;
  });

  it('is seen when the visitor scrolls the page, on the way to the island', async () => {
    const { island } = islandOnAPage();
    const intent = watchIntent(island);
    window.dispatchEvent(new Event('scroll'));
    expect(intent.seen()).toBe(true);
    await intent.shown;
  });
});
