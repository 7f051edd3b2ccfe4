// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import pageDataLoaders from 'virtual:page-data';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Section } from '../generated/config-types';
import { behaviourOf } from '../sections/behaviours';
import { sectionDefinition, type SectionType } from '../sections/registry';
import { siteUnderTest } from '../testing/site-under-test';
import type { SiteAddress } from '../ui/navigation';
import { IslandRoot, preloadIsland, type IslandProps } from './IslandRoot';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const config = siteUnderTest();

const address: SiteAddress = { pathname: '/', search: '', params: {}, key: '0', go: () => undefined };

/** The props of every section of the site, with the data its page shows, once each type. */
async function sectionsOfTheSite(): Promise<Map<SectionType, IslandProps>> {
  const found = new Map<SectionType, IslandProps>();
  for (const page of config.pages) {
    const data = (await pageDataLoaders[page.route]!()).default;
    const params = page.route.includes(':id') ? { id: String(config.influencers[0]!.id) } : {};
    for (const section of page.sections)
      if (!found.has(section.type)) found.set(section.type, { section, data, params });
  }
  return found;
}

/**
 * Listeners added while `during` runs, on anything (a window, the document, an element, a media query), React's own
 * aside.
 */
async function listenersAddedDuring(during: () => Promise<void>): Promise<string[]> {
  const added: string[] = [];
  const original = EventTarget.prototype.addEventListener;
  const spy = vi.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (
    this: EventTarget,
    type,
    listener,
    ...rest
  ) {
    // React's own listeners (on its root, and on some elements it draws, such as an image's load) come with any
    // section.
    const name = typeof listener === 'function' ? listener.name : '';
    if (!name.startsWith('bound dispatch')) added.push(`${this.constructor.name} ${type}`);
    return original.call(this, type, listener, ...rest);
  });
  try {
    await during();
  } finally {
    spy.mockRestore();
  }
  return added;
}

/**
 * The elements with an event handler of React's, named by tag and handler. React hands every handler to one listener
 * on its root, and no public API lists an element's handlers, so this reads the props React keeps on each element (a
 * name of React's own): only here, in a test, and the test below fails by name if React ever keeps them elsewhere.
 */
function reactHandlersIn(container: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of container.querySelectorAll('*')) {
    const propsKey = Object.keys(element).find((key) => key.startsWith('__reactProps$'));
    const props = propsKey ? ((element as unknown as Record<string, Record<string, unknown>>)[propsKey] ?? {}) : {};
    for (const [name, value] of Object.entries(props))
      if (/^on[A-Z]/.test(name) && typeof value === 'function')
        found.push(`<${element.tagName.toLowerCase()} ${name}>`);
  }
  return found;
}

/**
 * What in a section's component answers the visitor once it has rendered in a browser (its effects have run): React
 * handlers, and listeners its effects add.
 */
async function whatAnswersIn(props: IslandProps): Promise<{ container: HTMLElement; answers: string[] }> {
  await preloadIsland(props);
  let container!: HTMLElement;
  const listeners = await listenersAddedDuring(async () => {
    container = render(
      <IslandRoot
        section={props.section as Section}
        data={props.data}
        address={{ ...address, params: props.params }}
        onError={() => undefined}
      />,
    ).container;
    // Effects run, and what they show (a draft, say) is drawn.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  });
  return { container, answers: [...reactHandlersIn(container), ...listeners] };
}

describe('islands', () => {
  // Renders every section type of the site, with its code and data: seconds on a busy machine.
  it(
    'every section that answers the visitor in the browser is an island, and every island answers',
    { timeout: 60_000 },
    async () => {
      const wrong: string[] = [];
      for (const [type, props] of await sectionsOfTheSite()) {
        const { container, answers } = await whatAnswersIn(props);
        const island = sectionDefinition(type)?.island === true;
        const loadBehaviour = behaviourOf(type);
        if (island && loadBehaviour) wrong.push(`${type} is both a React island and has a behaviour.ts: one is enough`);
        if (answers.length > 0 && !island)
          wrong.push(
            `${type} has ${answers.slice(0, 3).join(', ')} but is no React island: say island: true in its definition.ts, or move that to its behaviour.ts`,
          );
        if (answers.length === 0 && island)
          wrong.push(
            `${type} says island: true, but nothing in it answers the visitor: its code would load for nothing`,
          );
        if (loadBehaviour) {
          const behaviour = await loadBehaviour();
          const listening = await listenersAddedDuring(async () => {
            const stop = behaviour(container, { pathname: '/', go: () => undefined });
            stop();
          });
          if (listening.length === 0)
            wrong.push(`${type}'s behaviour.ts listens to nothing: its code would load for nothing`);
        }
        cleanup();
      }
      expect(wrong).toEqual([]);
    },
  );

  it("finds a handler in a component's markup, as React keeps it", () => {
    const { container } = render(
      <p>
        <button type="button" onClick={() => undefined}>
          Answers
        </button>
      </p>,
    );
    expect(reactHandlersIn(container)).toEqual(['<button onClick>']);
  });

  it('catches a component that listens from an effect, with no handler in its markup', async () => {
    function ListensToMotion() {
      useEffect(() => {
        const query = window.matchMedia('(prefers-reduced-motion: reduce)');
        const onChange = () => undefined;
        query.addEventListener('change', onChange);
        return () => query.removeEventListener('change', onChange);
      }, []);
      return <p>Static text</p>;
    }
    const listening = await listenersAddedDuring(async () => {
      render(<ListensToMotion />);
      await act(async () => undefined);
    });
    expect(listening).toEqual(['EventTarget change']);
  });
});
