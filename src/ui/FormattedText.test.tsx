// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/App.tsx';
import { RouterLinks } from '../app/router-navigation.tsx';
import { FormattedLine, FormattedText } from './FormattedText.tsx';

afterEach(cleanup);

const drawn = (element: ReactNode) =>
  render(
    <AppProviders>
      <MemoryRouter>
        <RouterLinks>{element}</RouterLinks>
      </MemoryRouter>
    </AppProviders>,
  ).container;

describe('formatted text where visitors read it', () => {
  it('draws an answer or a description with its paragraphs, list, bold, italic and links', () => {
    const box = drawn(
      <FormattedText
        text={'We **do** reply, *fast*.\n\nHow:\n\n- by [email](mailto:hi@example.com)\n- on [our page](/contact)'}
      />,
    );
    expect([...box.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['We do reply, fast.', 'How:']);
    expect(screen.getByText('do').tagName).toBe('STRONG');
    expect(screen.getByText('fast').tagName).toBe('EM');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['by email', 'on our page']);
    expect(screen.getByRole('link', { name: 'our page' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'email' }).getAttribute('href')).toBe('mailto:hi@example.com');
  });

  it('draws plain text as the one paragraph of its words it always was', () => {
    const text = 'Simple content takes 1-2 weeks. Full campaigns take 4-8 weeks, from strategy to launch.';
    const box = drawn(<FormattedText text={text} />);
    expect([...box.querySelectorAll('p')].map((p) => p.textContent)).toEqual([text]);
    expect(box.textContent).toBe(text);
  });

  it('draws a line under a heading as one paragraph with its bold and links, and HTML as the text it is', () => {
    const box = drawn(<FormattedLine text={'From **idea** to [launch](/work) <b>now</b>'} />);
    expect(box.querySelectorAll('p')).toHaveLength(1);
    expect(screen.getByText('idea').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'launch' }).getAttribute('href')).toBe('/work');
    expect(box.querySelector('b')).toBeNull();
    expect(box.textContent).toBe('From idea to launch <b>now</b>');
  });

  it('never makes a link of an address that goes nowhere safe', () => {
    drawn(<FormattedText text={'[click](javascript:alert(1))'} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('click')).toBeTruthy();
  });
});
