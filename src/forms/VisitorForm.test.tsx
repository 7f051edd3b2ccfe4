// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import * as application from 'virtual:form/creator-application';
import * as contact from 'virtual:form/contact-inquiry';
import { AppProviders } from '../app/App.tsx';
import { RouterAddress } from '../app/router-navigation.tsx';
import { showToast } from '../layout/Toaster.tsx';
import type { Delivery } from '../generated/config-types.ts';
import { APPLICATION_LABELS, VALID_APPLICATION } from '../testing/spec-answers.ts';
import { VisitorForm, type ConfigFormProps } from './VisitorForm.tsx';

vi.mock('../layout/Toaster', () => ({ showToast: vi.fn() }));

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderForm(props: ConfigFormProps, path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Link to="/work">Elsewhere</Link>
        <Routes>
          <Route
            path={path}
            element={
              <RouterAddress>
                <VisitorForm {...props} />
              </RouterAddress>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

/** A field by its label; the label's "*" required mark is hidden from screen readers, so it is optional here. */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

function fillApplication() {
  for (const [name, value] of Object.entries(VALID_APPLICATION))
    type(APPLICATION_LABELS[name as keyof typeof VALID_APPLICATION], value);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(showToast).mockClear();
  window.sessionStorage.clear();
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const applicationForm = {
  name: 'creator-application',
  form: application.form,
  schema: application.schema,
  validateFns: application.validateFns,
};
const contactForm = {
  name: 'contact-inquiry',
  form: contact.form,
  schema: contact.schema,
  validateFns: contact.validateFns,
};

const FAILURE = { title: 'Submission Failed', description: 'Something went wrong. Please try again.' };
const POST: Delivery = { method: 'post', url: 'https://forms.example/f/abc', encoding: 'json', timeoutMs: 5000 };

/** A form of the spec site set to deliver its answers, with the failure notification such a delivery needs. */
const delivering = (props: ConfigFormProps, delivery: Delivery = POST): ConfigFormProps => ({
  ...props,
  form: {
    ...props.form,
    delivery,
    behaviour: { ...props.form.behaviour, simulateSending: false },
    toasts: { failure: FAILURE, ...props.form.toasts },
  },
});

/** Stands in for the network: each call answers with the next status (after `delayMs`), or never, until aborted. */
function receiver(answers: (number | 'network-error' | 'no-answer')[], delayMs = 0) {
  const fetch = vi.fn((_url: string, init: RequestInit) => {
    const answer = answers.shift() ?? 200;
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      if (answer === 'no-answer') return;
      setTimeout(
        () =>
          answer === 'network-error'
            ? reject(new TypeError('Failed to fetch'))
            : resolve(new Response('{}', { status: answer })),
        delayMs,
      );
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('creator application', () => {
  it('marks nothing before the first submit, then every error, then re-validates as the visitor types', () => {
    renderForm(applicationForm, '/influencers/apply');
    type('Full Name', 'A');
    expect(screen.queryByText('Name must be at least 2 characters')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(screen.getByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Please select your niche')).toBeTruthy();
    expect(field('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Full Name'));
    type('Full Name', 'Ama');
    expect(screen.queryByText('Name must be at least 2 characters')).toBeNull();
  });

  it('sends for 1.5 s with a disabled "Submitting..." button, then thanks, toasts and redirects after 3 s', async () => {
    renderForm(applicationForm, '/influencers/apply');
    fillApplication();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    const busy = screen.getByRole('button', { name: 'Submitting...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(console.log).toHaveBeenCalledWith(
      expect.objectContaining({ fullName: 'Ama Mensah', primaryPlatform: 'tiktok', niche: 'fitness' }),
    );

    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(screen.queryByText('Application Received!')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'Application Received!' })).toBeTruthy();
    expect(screen.getByText(/within 5 business days/)).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith({
      type: 'success',
      title: 'Application Submitted!',
      description: "We'll review your application and get back to you within 5 business days.",
    });

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.queryByTestId('location')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('location').textContent).toBe('/influencers');
  });

  it('keeps every answer and the draft, and shows "Submission Failed", when sending fails; sending again works', async () => {
    const fetch = receiver([500]);
    renderForm(delivering(applicationForm), '/influencers/apply');
    fillApplication();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect((screen.getByRole('button', { name: 'Submitting...' }) as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(showToast).toHaveBeenCalledWith({ type: 'error', ...FAILURE });
    expect((field('Full Name') as HTMLInputElement).value).toBe('Ama Mensah');
    expect((field('Content Niche') as HTMLSelectElement).value).toBe('fitness');
    expect(JSON.parse(window.sessionStorage.getItem('form-draft:creator-application')!)).toMatchObject({
      fullName: 'Ama Mensah',
    });
    expect(screen.queryByText('Application Received!')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: 'Application Received!' })).toBeTruthy();
  });

  it('keeps a draft through a reload and forgets it once sent', async () => {
    const first = renderForm(applicationForm, '/influencers/apply');
    type('Full Name', 'Ama Mensah');
    first.unmount();
    renderForm(applicationForm, '/influencers/apply');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect((field('Full Name') as HTMLInputElement).value).toBe('Ama Mensah');
    fillApplication();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(window.sessionStorage.getItem('form-draft:creator-application')).toBeNull();
  });

  it('does not redirect a visitor who has already left for another page', async () => {
    renderForm(applicationForm, '/influencers/apply');
    fillApplication();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByTestId('location').textContent).toBe('/work');
  });
});

describe('contact inquiry', () => {
  it('marks name, email and message as required, with an email input and a 6-row message box', () => {
    renderForm(contactForm, '/contact');
    for (const label of ['Name', 'Email', 'Message']) expect((field(label) as HTMLInputElement).required).toBe(true);
    expect((field('Company') as HTMLInputElement).required).toBe(false);
    expect(field('Email').getAttribute('type')).toBe('email');
    expect((field('Message') as HTMLTextAreaElement).rows).toBe(6);
    const options = [...(field('Service of Interest') as HTMLSelectElement).options].map((option) => [
      option.value,
      option.text,
    ]);
    expect(options.slice(1)).toEqual([
      ['production', 'Video Production'],
      ['strategy', 'Brand Strategy'],
      ['influencer', 'Influencer Marketing'],
      ['media', 'Media Buying'],
      ['other', 'Not Sure / Multiple'],
    ]);
  });

  it('toasts "Missing Information" and keeps the input when a required field is empty', () => {
    renderForm(contactForm, '/contact');
    type('Name', 'Kojo');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(showToast).toHaveBeenCalledWith({
      type: 'error',
      title: 'Missing Information',
      description: 'Please fill in all required fields.',
    });
    expect((field('Name') as HTMLInputElement).value).toBe('Kojo');
  });

  it('logs the answers, toasts "Message Sent" and clears every field', async () => {
    renderForm(contactForm, '/contact');
    type('Name', 'Kojo');
    type('Email', 'kojo@brand.com');
    type('Company', 'Brand Ltd');
    type('Service of Interest', 'media');
    type('Message', 'We want a campaign.');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(console.log).toHaveBeenCalledWith({
      name: 'Kojo',
      email: 'kojo@brand.com',
      company: 'Brand Ltd',
      service: 'media',
      message: 'We want a campaign.',
    });
    expect(showToast).toHaveBeenCalledWith({
      type: 'success',
      title: 'Message Sent',
      description: "We'll get back to you within 24 hours.",
    });
    for (const label of ['Name', 'Email', 'Company', 'Service of Interest', 'Message'])
      expect((field(label) as HTMLInputElement).value).toBe('');
  });
});

describe('either form', () => {
  it('sends once for a double click, while the first send is still under way', async () => {
    const fetch = receiver([200], 1500);
    renderForm(delivering(applicationForm), '/influencers/apply');
    fillApplication();
    const submit = screen.getByRole('button', { name: 'Submit Application' });
    fireEvent.click(submit);
    fireEvent.submit(submit.closest('form')!);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledTimes(1);
  });

  it('with a delivery, shows the busy label until the receiver answers, then succeeds', async () => {
    receiver([200], 800);
    renderForm(delivering(contactForm), '/contact');
    type('Name', 'Kojo');
    type('Email', 'kojo@brand.com');
    type('Message', 'We want a campaign.');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(799));
    expect(showToast).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(showToast).toHaveBeenCalledWith({
      type: 'success',
      title: 'Message Sent',
      description: "We'll get back to you within 24 hours.",
    });
    expect((field('Name') as HTMLInputElement).value).toBe('');
  });

  it.each(['network-error', 'no-answer', 404] as const)(
    'fails with every answer kept when the receiver gives %s',
    async (answer) => {
      receiver([answer]);
      renderForm(delivering(contactForm), '/contact');
      type('Name', 'Kojo');
      type('Email', 'kojo@brand.com');
      type('Message', 'We want a campaign.');
      fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
      await act(() => vi.advanceTimersByTimeAsync(POST.timeoutMs! - 1));
      if (answer === 'no-answer') {
        expect(showToast).not.toHaveBeenCalled();
        await act(() => vi.advanceTimersByTimeAsync(1));
      }
      expect(showToast).toHaveBeenCalledWith({ type: 'error', ...FAILURE });
      expect((field('Message') as HTMLTextAreaElement).value).toBe('We want a campaign.');
      expect((screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement).disabled).toBe(false);
    },
  );

  it('with Netlify Forms, declares the form in plain HTML for Netlify to find, and posts to the site itself', async () => {
    const fetch = receiver([200]);
    renderForm(delivering(contactForm, { method: 'netlify', timeoutMs: 5000 }), '/contact');
    const declared = document.querySelector<HTMLFormElement>('form[name="contact-inquiry"][data-netlify="true"]')!;
    expect(declared.hidden).toBe(true);
    expect(declared.getAttribute('netlify-honeypot')).toBe('website');
    expect([...declared.querySelectorAll('input')].map((input) => input.name)).toEqual([
      'form-name',
      'name',
      'email',
      'company',
      'service',
      'message',
      'website',
    ]);
    type('Name', 'Kojo');
    type('Email', 'kojo@brand.com');
    type('Message', 'We want a campaign.');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetch).toHaveBeenCalledWith(
      '/',
      expect.objectContaining({
        method: 'POST',
        body: 'form-name=contact-inquiry&name=Kojo&email=kojo%40brand.com&message=We+want+a+campaign.',
      }),
    );
  });

  it('tells software that fills the hidden trap field "sent", and sends nothing', async () => {
    const fetch = receiver([200]);
    renderForm(delivering(contactForm), '/contact');
    type('Name', 'Spam Bot');
    type('Email', 'bot@spam.example');
    type('Message', 'Buy followers now.');
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    // Hidden from people and from assistive technology: inside an inert, aria-hidden box, out of the tab order.
    expect(trap.closest('[inert]')?.getAttribute('aria-hidden')).toBe('true');
    expect(trap.tabIndex).toBe(-1);
    expect(screen.queryByRole('textbox', { name: /website/i })).toBeNull();
    trap.value = 'https://spam.example';
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetch).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledWith({
      type: 'success',
      title: 'Message Sent',
      description: "We'll get back to you within 24 hours.",
    });
  });
});
