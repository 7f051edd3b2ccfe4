// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render as renderAlone, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONFIG_FILE_KINDS } from '../../checker/config-files.ts';
import { PROJECT_SCHEMAS } from '../../checker/project-folders.ts';
import { sectionTypesOf } from '../../checker/schema-registry.ts';
import { readSchemas } from '../../checker/read-config-files.ts';
import { editorOnDisk } from '../../testing/editor-on-disk.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { BackendContext } from './backend.ts';
import { editorSchemas } from '../server/editor-schemas.ts';
import { listConfigFiles } from '../server/workspace.ts';
import { ConfigFileForm } from './ConfigFileForm.tsx';
import { fieldPathOf } from './field-ids.ts';
import { entryLabel } from './schema-for-drawing.ts';
import { humanize } from '../model/labels.ts';
import { jargonIn, wordsOn } from '../../testing/editor-words.ts';

type Schema = {
  properties?: Record<string, Schema>;
  description?: string;
  items?: Schema;
  title?: string;
  oneOf?: Schema[];
};

let schemas: Record<string, Schema>;
beforeAll(async () => {
  // The schemas are resolved as the editor's server resolves them, in Node: with a window, the resolver would read
  // their file paths as web addresses.
  const browserWindow = globalThis.window;
  Reflect.deleteProperty(globalThis, 'window');
  try {
    schemas = (await editorSchemas()) as Record<string, Schema>;
  } finally {
    globalThis.window = browserWindow;
  }
});
afterEach(cleanup);

/** A form drawn as the editor draws it: inside the editor, whose backend (the local one, on the spec site) it may ask. */
const backend = editorOnDisk(SPEC_SITE_DIR);
const render = (form: ReactElement) =>
  renderAlone(form, {
    wrapper: ({ children }) => <BackendContext.Provider value={backend}>{children}</BackendContext.Provider>,
  });

const read = (path: string) => JSON.parse(readFileSync(join(SPEC_SITE_DIR, path), 'utf8')) as Record<string, unknown>;

/** A config file of the spec site for every schema; an entry file's schema gets the first entry of its list file. */
function examples(): { schema: string; path: string; data: Record<string, unknown> }[] {
  const files = listConfigFiles(SPEC_SITE_DIR).map((file) => ({
    schema: file.schema,
    path: file.path,
    data: read(file.path),
  }));
  for (const [list, entrySchema] of [
    ['influencers', 'collections/influencer.schema.json'],
    ['projects', 'collections/project.schema.json'],
  ] as const) {
    const entry = (read(`config/collections/${list}.json`)[list] as Record<string, unknown>[])[0]!;
    files.push({ schema: entrySchema, path: `an entry of config/collections/${list}.json`, data: entry });
  }
  // The spec site has no publishing settings (it publishes as the defaults say); this one asks for review.
  files.push({
    schema: 'publishing.schema.json',
    path: 'config/publishing.json',
    data: { $schema: '../schemas/publishing.schema.json', mode: 'review', branch: 'main', updateMinutes: 5 },
  });
  // The spec site names no host (the build tells which it fits); this one is on Cloudflare Pages, which makes its
  // pictures' sizes.
  files.push({
    schema: 'hosting.schema.json',
    path: 'config/hosting.json',
    data: { $schema: '../schemas/hosting.schema.json', host: 'cloudflare-pages', plan: 'free', pictures: 'cloudflare' },
  });
  // Nothing has been removed from the spec site; this site removed one influencer.
  files.push({
    schema: 'removed.schema.json',
    path: 'config/removed.json',
    data: { $schema: '../schemas/removed.schema.json', influencers: [{ id: 7, name: 'Yaw Darko' }] },
  });
  return files;
}

/** A file's form as the editor draws a file opened from disk: its data is also what is saved. */
function renderFile(schema: string, data: unknown) {
  const onChange = vi.fn();
  const view = render(
    <ConfigFileForm schema={schemas[schema]!} data={data} saved={data} problems={[]} onChange={onChange} />,
  );
  return { ...view, onChange };
}

describe('every config file as a form generated from its schema', () => {
  it('has an example for every schema a config file can have', () => {
    const covered = new Set(examples().map((example) => example.schema));
    expect([...new Set(CONFIG_FILE_KINDS.map((kind) => kind.schema))].filter((schema) => !covered.has(schema))).toEqual(
      [],
    );
  });

  it.each(examples().map((example) => [example.path, example] as const))(
    '%s shows every field with its help text, every input named, and changes nothing by opening',
    (_path, { schema, data }) => {
      const { container, onChange } = renderFile(schema, data);
      const text = container.textContent ?? '';
      for (const [name, property] of Object.entries(schemas[schema]!.properties ?? {})) {
        if (name === '$schema' || !(name in data) || !property.description) continue;
        expect(text, name).toContain(property.description);
      }
      // Labels are collected once: jsdom finds an input's labels by walking the whole page each time it is asked.
      const labelled = new Set([...container.querySelectorAll('label[for]')].map((label) => label.getAttribute('for')));
      for (const control of container.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        'input:not([type=hidden]), select, textarea',
      )) {
        const named =
          labelled.has(control.id) ||
          control.closest('label') ||
          control.getAttribute('aria-label') ||
          control.getAttribute('aria-labelledby');
        expect(named, `${control.id} has no name`).toBeTruthy();
      }
      for (const call of onChange.mock.calls) expect(call[0]).toEqual(data);
    },
  );

  it.each(examples().map((example) => [example.path, example] as const))(
    '%s labels the entries of its lists as people write them, and names no type of the code',
    (_path, { schema, data }) => {
      const { container } = renderFile(schema, data);
      const labels = [...container.querySelectorAll('label, legend, h5, .control-label, #root__title')].map(
        (label) => label.textContent ?? '',
      );
      expect(labels.filter((label) => /\w-\d+\b/.test(label))).toEqual([]);
      expect(labels.filter((label) => /\b[A-Z][a-z]+[A-Z][a-z]+\b/.test(label))).toEqual([]);
    },
  );

  it('reads a numbered entry of a list as one of them: "Tags-2" is "Tag 2", "Categories-3" is "Category 3"', () => {
    expect(['Tags-2', 'Categories-3', 'Address-1', 'Results-10', 'Status'].map(entryLabel)).toEqual([
      'Tag 2',
      'Category 3',
      'Address 1',
      'Result 10',
      'Status',
    ]);
  });

  /** The paths of the leaves where two values differ. */
  const differences = (a: unknown, b: unknown, at: (string | number)[] = []): (string | number)[][] => {
    if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      return [...keys].flatMap((key) =>
        differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], [
          ...at,
          Array.isArray(a) ? Number(key) : key,
        ]),
      );
    }
    return Object.is(a, b) ? [] : [at];
  };

  it.each(examples().map((example) => [example.path, example] as const))(
    '%s: typing into a field changes that field and nothing else',
    (_path, { schema, data }) => {
      const { container, onChange } = renderFile(schema, data);
      const input = [
        ...container.querySelectorAll<HTMLInputElement>('input[type=text], input:not([type]), textarea'),
      ].find((candidate) => !candidate.readOnly && candidate.value !== '');
      if (!input) return;
      fireEvent.change(input, { target: { value: `${input.value} edited` } });
      const changed = onChange.mock.calls.at(-1)![0];
      expect(differences(data, changed)).toEqual([fieldPathOf(input.id)]);
    },
  );

  it('draws a heading as one line, a sentence as a box of two lines and a paragraph as one of four', () => {
    const { container } = renderFile('page.schema.json', read('config/pages/about.json'));
    const rows = (id: string) => {
      const box = container.querySelector(`#${id}`)!;
      return box.tagName === 'TEXTAREA' ? Number(box.getAttribute('rows')) : 1;
    };
    expect([rows('root_sections_0_heading'), rows('root_sections_0_text'), rows('root_description')]).toEqual([
      1, 2, 4,
    ]);
  });

  it('gives a text visitors read formatted its Bold, Italic and Link buttons and keys, and says a plain one is plain', () => {
    const faqs = read('config/collections/faqs.json') as { faqs: { answer: string }[] };
    const onChange = vi.fn();
    const { container, getByRole, getByLabelText } = render(
      <ConfigFileForm
        schema={schemas['collections/faqs.schema.json']!}
        data={faqs}
        problems={[]}
        onChange={onChange}
        pages={[{ address: '/contact', label: 'Contact' }]}
      />,
    );
    const answer = container.querySelector<HTMLTextAreaElement>('#root_faqs_0_answer')!;
    const [first, second, ...rest] = answer.value.split(' ');
    const answerNow = () => (onChange.mock.calls.at(-1)![0] as typeof faqs).faqs[0]!.answer;
    // The first word, chosen, then Ctrl+B: it is bold, and stays chosen.
    answer.setSelectionRange(0, first!.length);
    fireEvent.keyDown(answer, { key: 'b', ctrlKey: true });
    expect(answerNow()).toBe(['**' + first + '**', second, ...rest].join(' '));
    expect(answer.value.slice(answer.selectionStart, answer.selectionEnd)).toBe(first);
    // The second word by the caret inside it, then the Italic button.
    const inSecond = answer.value.indexOf(` ${second}`) + 2;
    answer.setSelectionRange(inSecond, inSecond);
    fireEvent.click(within(container.querySelector('[role="toolbar"]')!).getByRole('button', { name: /Italic/ }));
    expect(answerNow()).toBe(['**' + first + '**', '*' + second + '*', ...rest].join(' '));
    // Bold off again, with the same key.
    answer.setSelectionRange(2, 2 + first!.length);
    fireEvent.keyDown(answer, { key: 'b', ctrlKey: true });
    expect(answerNow()).toBe([first, '*' + second + '*', ...rest].join(' '));
    // A link to a page, by Ctrl+K and its address.
    answer.setSelectionRange(0, first!.length);
    fireEvent.keyDown(answer, { key: 'k', ctrlKey: true });
    const address = getByLabelText(/Link to a page of the site/);
    expect(
      [...container.querySelectorAll(`#${address.getAttribute('list')} option`)].map((o) => o.textContent),
    ).toEqual(['Contact']);
    fireEvent.change(address, { target: { value: '/contact' } });
    fireEvent.click(getByRole('button', { name: 'Add link' }));
    expect(answerNow()).toBe([`[${first}](/contact)`, '*' + second + '*', ...rest].join(' '));
    expect(document.getElementById(answer.getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent).toMatch(
      /^Select words and press Bold, Italic or Link/,
    );

    cleanup();
    const page = renderFile('page.schema.json', read('config/pages/about.json'));
    const description = page.container.querySelector('#root_description')!;
    expect(description.closest('.lines-field')!.querySelector('[role="toolbar"]')).toBeNull();
    expect(document.getElementById(description.getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent).toBe(
      'Plain text: shown exactly as written, without bold, italic or links.',
    );
  });

  it('offers every section type, named in words with what it is, to pick a section kind', () => {
    const { container } = renderFile('page.schema.json', read('config/pages/home.json'));
    const picker = container.querySelector<HTMLSelectElement>('#root_sections_0__oneof_select')!;
    const types = sectionTypesOf(readSchemas(PROJECT_SCHEMAS));
    const options = [...picker.options].filter((option) => option.value !== '');
    expect(options).toHaveLength(types.length);
    const kinds = schemas['page.schema.json']!.properties!.sections!.items!.oneOf!;
    options.forEach((option, index) => {
      const kind = kinds[index]!;
      const name =
        (kind as { defaultSnippets?: { label: string }[] }).defaultSnippets?.[0]?.label ??
        humanize(String((kind.properties!.type as { const: string }).const));
      expect(option.textContent).toBe(`${name}: ${kind.description!.split(/(?<=[.!?])\s/)[0]}`);
    });
    expect(container.querySelector(`label[for="${picker.id}"]`)?.textContent).toBe('Kind of block');
    // The kind is picked above; the "type" it sets is not shown, so it cannot be typed over.
    expect(container.querySelector('#root_sections_0_type')).toBeNull();
    expect(container.textContent).not.toMatch(/\bType\*?\b.*video-hero/);
    expect(container.querySelector<HTMLInputElement>('#root_sections_0_heading')!.readOnly).toBe(false);
  });

  it('changing a section kind sets its "type", keeping the fields both kinds have', () => {
    const home = read('config/pages/home.json') as { sections: Record<string, unknown>[] };
    const { container, onChange } = renderFile('page.schema.json', home);
    const kinds = schemas['page.schema.json']!.properties!.sections!.items!.oneOf!;
    const pageHero = kinds.findIndex(
      (kind) => (kind.properties as Record<string, { const?: string }> | undefined)?.type?.const === 'page-hero',
    );
    fireEvent.change(container.querySelector('#root_sections_0__oneof_select')!, {
      target: { value: String(pageHero) },
    });
    const section = (onChange.mock.calls.at(-1)![0] as typeof home).sections[0]!;
    expect(section).toMatchObject({ type: 'page-hero', heading: home.sections[0]!.heading });
  });

  it("shows no schema key, JSON or path in any file's form (a form's own file opens in the form designer)", () => {
    const said: string[] = [];
    for (const { schema, data } of examples().filter((example) => example.schema !== 'form.schema.json')) {
      const { container, unmount } = renderFile(schema, data);
      said.push(...wordsOn(container));
      unmount();
    }
    expect(jargonIn(said)).toEqual([]);
  });

  it('says on each Add button what it adds, so two lists on one screen are told apart', () => {
    const adds = new Set<string>();
    // A form's file opens in the form designer, whose lists have buttons of their own (FormDesigner.test.tsx).
    for (const { schema, data } of examples().filter((example) => example.schema !== 'form.schema.json')) {
      const { container, unmount } = renderFile(schema, data);
      for (const button of container.querySelectorAll('button.list-button'))
        if (button.textContent!.startsWith('Add')) adds.add(button.textContent!);
      unmount();
    }
    expect([...adds].filter((words) => !/^Add (an? |another )[a-zA-Z]/.test(words))).toEqual([]);
    expect([...adds]).toEqual(expect.arrayContaining(['Add a section', 'Add a link', 'Add an FAQ', 'Add a feature']));
  });

  it('a section added to a page takes the kind picked for it', () => {
    const home = read('config/pages/home.json') as { sections: Record<string, unknown>[] };
    const { container, onChange, rerender } = renderFile('page.schema.json', home);
    const adds = [...container.querySelectorAll('button')].filter((button) => button.textContent === 'Add a section');
    fireEvent.click(adds.at(-1)!);
    const added = onChange.mock.calls.at(-1)![0] as typeof home;
    rerender(<ConfigFileForm schema={schemas['page.schema.json']!} data={added} problems={[]} onChange={onChange} />);
    const last = added.sections.length - 1;
    const kinds = schemas['page.schema.json']!.properties!.sections!.items!.oneOf!;
    const faqList = kinds.findIndex(
      (kind) => (kind.properties as Record<string, { const?: string }> | undefined)?.type?.const === 'faq-list',
    );
    fireEvent.change(container.querySelector(`#root_sections_${last}__oneof_select`)!, {
      target: { value: String(faqList) },
    });
    expect((onChange.mock.calls.at(-1)![0] as typeof home).sections[last]).toMatchObject({ type: 'faq-list' });
    expect((onChange.mock.calls.at(-1)![0] as typeof home).sections.slice(0, last)).toEqual(home.sections);
  });

  it('shows enums as drop-down lists of their described values, and true/false as a switch', () => {
    const influencers = read('config/collections/influencers.json').influencers as Record<string, unknown>[];
    const { container, onChange } = renderFile('collections/influencer.schema.json', influencers[0]);
    const niche = container.querySelector<HTMLSelectElement>('#root_niche')!;
    const nicheSchema = schemas['collections/influencer.schema.json']!.properties!.niche as {
      enum: string[];
      enumDescriptions: string[];
    };
    expect(niche.tagName).toBe('SELECT');
    expect([...niche.options].filter((option) => option.value !== '').map((option) => option.textContent)).toEqual(
      nicheSchema.enumDescriptions,
    );
    expect(niche.selectedOptions[0]!.textContent).toBe(
      nicheSchema.enumDescriptions[nicheSchema.enum.indexOf(String(influencers[0]!.niche))],
    );
    // Picking a label writes its value, as the file has it.
    const other = nicheSchema.enum.find((value) => value !== influencers[0]!.niche)!;
    fireEvent.change(niche, { target: { value: String(nicheSchema.enum.indexOf(other)) } });
    expect(onChange.mock.calls.at(-1)![0]).toMatchObject({ niche: other });
    const verified = container.querySelector<HTMLInputElement>('#root_verified')!;
    expect([verified.type, verified.getAttribute('role'), verified.checked]).toEqual([
      'checkbox',
      'switch',
      influencers[0]!.verified,
    ]);
  });

  it('labels each field with its name in words', () => {
    const { container } = renderFile('page.schema.json', read('config/pages/home.json'));
    expect(container.querySelector('label[for="root_route"]')!.textContent).toMatch(/^Route/);
    expect(container.querySelector('label[for="root_sections_0_heading"]')!.textContent).toMatch(/^Heading/);
  });

  it("offers the site's pages by name in a link field, and still takes any other address", () => {
    const navigation = read('config/navigation.json') as { links: { href: string }[] };
    const onChange = vi.fn();
    const { container } = render(
      <ConfigFileForm
        schema={schemas['navigation.schema.json']!}
        data={navigation}
        problems={[]}
        onChange={onChange}
        pages={[
          { address: '/', label: 'Home' },
          { address: '/about', label: 'About' },
        ]}
      />,
    );
    const href = container.querySelector<HTMLInputElement>('#root_links_0_href')!;
    const offered = [...container.querySelectorAll(`#${href.getAttribute('list')} option`)].map((option) => [
      option.getAttribute('value'),
      option.textContent,
    ]);
    expect(offered).toEqual([
      ['/', 'Home'],
      ['/about', 'About'],
    ]);
    fireEvent.change(href, { target: { value: 'https://example.org/press' } });
    expect((onChange.mock.calls.at(-1)![0] as typeof navigation).links[0]!.href).toBe('https://example.org/press');
  });

  it('shows a validator problem under its field, an error and a warning each marked in words', () => {
    const { container } = render(
      <ConfigFileForm
        schema={schemas['page.schema.json']!}
        data={read('config/pages/home.json')}
        problems={[
          {
            file: 'config/pages/home.json',
            position: { line: 1, column: 1 },
            path: 'route',
            message: 'is not a page address.',
            severity: 'error',
            at: ['route'],
          },
          {
            file: 'config/pages/home.json',
            position: { line: 2, column: 1 },
            path: 'title',
            message: 'is longer than search results show.',
            severity: 'warning',
            at: ['title'],
          },
        ]}
        onChange={() => undefined}
      />,
    );
    const messagesOf = (id: string) =>
      [...container.querySelector(`#${id}`)!.closest('.form-group')!.querySelectorAll('.error-detail li')].map(
        (item) => [item.className, item.textContent],
      );
    expect(messagesOf('root_route')).toEqual([['problem-error', 'Error: Route is not a page address.']]);
    expect(messagesOf('root_title')).toEqual([
      ['problem-warning', 'Warning: Title is longer than search results show.'],
    ]);
  });
});
