// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../../app/routes.tsx';
import type { Page, TextSection } from '../../generated/config-types.ts';
import { renderSite } from '../../testing/render-site.tsx';

afterEach(cleanup);

const renderText = async (section: TextSection) => {
  const page: Page = {
    route: '/__text-test-page__',
    title: 'Text test',
    description: 'Text test.',
    sections: [section],
  };
  await renderSite(page.route, createRoutes({ pages: [page] }));
  return (await screen.findByText(/first paragraph/i)).closest('section')!;
};

describe('a text block', () => {
  it('draws paragraphs, subheadings, lists, links and emphasis as the author wrote them', async () => {
    const block = await renderText({
      type: 'text',
      heading: 'Our approach',
      text: 'A first paragraph\nthat goes on, with **bold** and *italic* words.\n\n## How we work\n\n- Listen [first](/contact)\n- Then make\n\n### Smaller\n\n1. One\n2. Two [outside](https://example.com/a)',
    });
    expect(
      within(block)
        .getAllByRole('heading')
        .map((heading) => [heading.tagName, heading.textContent]),
    ).toEqual([
      ['H2', 'Our approach'],
      ['H2', 'How we work'],
      ['H3', 'Smaller'],
    ]);
    expect(within(block).getByText(/first paragraph that goes on/).tagName).toBe('P');
    expect(within(block).getByText('bold').tagName).toBe('STRONG');
    expect(within(block).getByText('italic').tagName).toBe('EM');
    const [bullets, numbers] = within(block).getAllByRole('list');
    expect([
      bullets!.tagName,
      within(bullets!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ]).toEqual(['UL', ['Listen first', 'Then make']]);
    expect([numbers!.tagName, within(numbers!).getAllByRole('listitem').length]).toEqual(['OL', 2]);
    expect(within(block).getByRole('link', { name: 'first' }).getAttribute('href')).toBe('/contact');
    expect(within(block).getByRole('link', { name: 'outside' }).getAttribute('href')).toBe('https://example.com/a');
  });

  it('draws a list inside a list item, a quotation, and bold inside italic without a stray star', async () => {
    const block = await renderText({
      type: 'text',
      text: 'A first paragraph, ***both at once***.\n\n- Brands\n  - Fashion\n  - Food\n- Creators\n\n> Loom made our launch.',
    });
    const [outer, inner] = within(block).getAllByRole('list');
    expect(inner!.parentElement!.closest('ul')).toBe(outer);
    expect(
      within(inner!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fashion', 'Food']);
    // A tight list's items hold their words, not paragraphs.
    expect(outer!.querySelector('p')).toBeNull();
    expect(block.querySelector('blockquote')?.textContent).toBe('Loom made our launch.');
    expect(block.textContent).not.toContain('*');
    expect(within(block).getByText('both at once').closest('strong')).not.toBeNull();
  });

  it('never turns the text into markup: HTML shows as written, and a link that goes nowhere safe is words only', async () => {
    const block = await renderText({
      type: 'text',
      text: 'A first paragraph <img src=x onerror=alert(1)> with [a trap](javascript:alert(1)).',
    });
    expect(block.querySelector('img')).toBeNull();
    expect(block.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(within(block).queryAllByRole('link')).toEqual([]);
    expect(block.textContent).toContain('a trap');
  });
});
