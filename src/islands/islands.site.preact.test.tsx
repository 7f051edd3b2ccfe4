// @vitest-environment jsdom
// Runs on Preact, as a built page's islands run in the browser (src/build/islands-on-preact.ts): Preact attaches each
// handler to its element, so every way a section answers the visitor is a listener this test sees being added.
import { act } from 'preact/test-utils';
import { useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import pageDataLoaders from 'virtual:page-data';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Section } from '../generated/config-types.ts';
import { behaviourOf } from '../sections/behaviours.ts';
import { sectionDefinition, type SectionType } from '../sections/registry.ts';
import { siteUnderTest } from '../testing/site-under-test.ts';
import type { SiteAddress } from '../ui/navigation.tsx';
import { IslandRoot, preloadIsland, type IslandProps } from './IslandRoot.tsx';

const mounted: { root: Root; container: HTMLElement }[] = [];

/** Draws `element` into a container of the page, as an island's root. */
function render(element: ReactNode): HTMLElement {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  act(() => root.render(element));
  mounted.push({ root, container });
  return container;
}

/** Takes away what the test drew, so the next one starts from an empty page. */
function cleanup() {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
}

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
 * Listeners added while `during` runs, on anything (an element, a window, the document, a media query), named by
 * where they listen: `<button> click`, `Window resize`.
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
    added.push(
      this instanceof Element ? `<${this.tagName.toLowerCase()}> ${type}` : `${this.constructor.name} ${type}`,
    );
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
 * What in a section's component answers the visitor once it has rendered in a browser (its effects have run): the
 * listeners of its markup's handlers, and those its effects add.
 */
async function whatAnswersIn(props: IslandProps): Promise<{ container: HTMLElement; answers: string[] }> {
  await preloadIsland(props);
  let container!: HTMLElement;
  const answers = await listenersAddedDuring(async () => {
    container = render(
      <IslandRoot
        section={props.section as Section}
        data={props.data}
        address={{ ...address, params: props.params }}
        onError={() => undefined}
      />,
    );
    // Effects run, and what they show (a draft, say) is drawn.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  });
  return { container, answers };
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

  it("finds a handler in a component's markup", async () => {
    const listening = await listenersAddedDuring(async () => {
      render(
        <p>
          <button type="button" onClick={() => undefined}>
            Answers
          </button>
        </p>,
      );
    });
    expect(listening).toEqual(['<button> click']);
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
