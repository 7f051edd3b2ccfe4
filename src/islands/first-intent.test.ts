// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyActions } from './early-actions.ts';
import { watchIntent } from './first-intent.ts';

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
    for (const type of ['pointerover', 'pointerdown', 'touchstart', 'click'])
      beside.dispatchEvent(new Event(type, { bubbles: true }));
    expect(intent.seen()).toBe(false);
  });

  it.each(['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input'])(
    'is seen on %s inside the island',
    async (type) => {
      const { island, button } = islandOnAPage();
      const intent = watchIntent(island);
      button.dispatchEvent(new Event(type, { bubbles: true }));
      expect(intent.seen()).toBe(true);
      await intent.shown;
    },
  );

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

  it('is seen at once when the visitor focused the island or typed in it before the page’s script was there', async () => {
    const { island, button } = islandOnAPage();
    const search = Object.assign(document.createElement('input'), { type: 'search', defaultValue: '' });
    island.append(search);
    expect(watchIntent(island).seen()).toBe(false);
    search.value = 'zqx';
    const typed = watchIntent(island);
    expect(typed.seen()).toBe(true);
    await typed.shown;
    search.value = '';
    button.focus();
    expect(watchIntent(island).seen()).toBe(true);
  });
});

describe('what the visitor does before an island is attached', () => {
  it('is given to the island once attached, even what was typed before the page’s script was there to hear it', () => {
    const { island } = islandOnAPage();
    const search = Object.assign(document.createElement('input'), { type: 'search', defaultValue: '' });
    const message = document.createElement('textarea');
    island.append(search, message);
    search.value = 'zqx';
    const { release } = holdEarlyActions(island);
    message.value = 'Hello';
    message.dispatchEvent(new Event('input', { bubbles: true }));
    // Attaching draws each field as it was built: empty.
    search.value = '';
    message.value = '';
    const heard: string[] = [];
    island.addEventListener('input', (event) => heard.push((event.target as HTMLInputElement).value));
    release();
    expect([search.value, message.value]).toEqual(['zqx', 'Hello']);
    expect(heard.sort()).toEqual(['Hello', 'zqx']);
  });
});
