// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/App.tsx';
import { siteUnderTest } from '../../testing/site-under-test.ts';
import type { ContactPanelSection } from '../../generated/config-types.ts';
import { ContactPanel } from './ContactPanel.tsx';

const OTHER_PHONES = vi.hoisted(() => [
  { label: 'WhatsApp', number: '+233 24 000 0001' },
  { label: 'Press', number: '(030) 290-4418' },
]);

// The site under test, with more than one number: the agency's first, then a WhatsApp line and one for the press.
vi.mock('virtual:site-shell', async (importOriginal) => {
  const shell = (await importOriginal()) as { default: { site: { contact: object } } };
  const site = { ...shell.default.site, contact: { ...shell.default.site.contact, otherPhones: OTHER_PHONES } };
  return { ...shell, default: { ...shell.default, site } };
});

afterEach(cleanup);

describe('the contact panel with more than one phone number', () => {
  it('calls each number from its own link, each after what it is for, the first one as before', () => {
    const config = siteUnderTest();
    const section = config.pages
      .flatMap((page) => page.sections)
      .find((candidate) => candidate.type === 'contact-panel') as ContactPanelSection;
    render(
      <AppProviders>
        <MemoryRouter>
          <ContactPanel {...section} />
        </MemoryRouter>
      </AppProviders>,
    );
    const first = config.site.contact.phone;
    expect(screen.getByRole('link', { name: first }).getAttribute('href')).toBe(`tel:${first.replace(/[^+0-9]/g, '')}`);
    expect(screen.getByRole('link', { name: '+233 24 000 0001' }).getAttribute('href')).toBe('tel:+233240000001');
    expect(screen.getByRole('link', { name: '(030) 290-4418' }).getAttribute('href')).toBe('tel:0302904418');
    expect(screen.getByText(/^WhatsApp:/).textContent).toBe('WhatsApp: +233 24 000 0001');
    expect(screen.getByText(/^Press:/).textContent).toBe('Press: (030) 290-4418');
  });
});
