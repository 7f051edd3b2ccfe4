// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FirstAnswer } from '../contract/first-answer.ts';
import type { SectionFirstAnswer } from '../sections/first-answers.ts';

const started: HTMLElement[] = [];
const handedOver: HTMLElement[] = [];
let arrival: Promise<void> = Promise.resolve();

const start: SectionFirstAnswer = async (island) => {
  started.push(island);
  return {
    click: (target) => {
      if (target.textContent === 'Broken') throw new Error('a first answer that fails');
      return target.textContent === 'Send';
    },
    handOver: () => handedOver.push(island),
  } satisfies FirstAnswer;
};

vi.mock('../sections/first-answers.ts', () => ({
  firstAnswerOf: () => () => arrival.then(() => start),
}));

const { startFirstAnswers } = await import('./first-answers.ts');

/** An island of a built page, with its props beside it. */
function island(): HTMLElement {
  const element = Object.assign(document.createElement('div'), { id: `island-${started.length}-${Math.random()}` });
  element.dataset.island = 'form';
  const props = Object.assign(document.createElement('script'), { type: 'application/json' });
  props.dataset.islandProps = element.id;
  props.textContent = JSON.stringify({ section: { type: 'form', form: 'contact-inquiry' }, data: {}, params: {} });
  document.body.append(element, props);
  return element;
}

const button = (words: string) => Object.assign(document.createElement('button'), { textContent: words });
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  started.length = 0;
  handedOver.length = 0;
  arrival = Promise.resolve();
  document.body.replaceChildren();
});

describe("the islands' first answers", () => {
  it('answer what they answer once started, say when they arrive, and stop when React takes over', async () => {
    const form = island();
    const arrived = vi.fn();
    const answers = startFirstAnswers([form], arrived);
    expect(answers.answer(form, button('Send'))).toBe(false);
    await settled();
    expect(arrived).toHaveBeenCalledWith(form);
    expect(answers.answer(form, button('Send'))).toBe(true);
    expect(answers.answer(form, button('Clear'))).toBe(false);
    answers.handOver(form);
    expect(handedOver).toEqual([form]);
    expect(answers.answer(form, button('Send'))).toBe(false);
  });

  it('never start on an island React took over before their code arrived: its HTML is React’s by then', async () => {
    let arrive = () => undefined as void;
    arrival = new Promise<void>((resolve) => (arrive = resolve));
    const form = island();
    const arrived = vi.fn();
    const answers = startFirstAnswers([form], arrived);
    answers.handOver(form);
    arrive();
    await settled();
    expect(started).toEqual([]);
    expect(arrived).not.toHaveBeenCalled();
    expect(answers.answer(form, button('Send'))).toBe(false);
  });

  it('leave a click they fail on to the island, which answers it once attached', async () => {
    const form = island();
    const answers = startFirstAnswers([form], () => undefined);
    await settled();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(answers.answer(form, button('Broken'))).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('a first answer that fails'));
    warn.mockRestore();
  });
});
