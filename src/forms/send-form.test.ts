import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeliveryFailed, sendFormAnswers } from './send-form.ts';

const answers = {
  name: 'Kojo Mensah',
  email: 'kojo@brand.com',
  company: undefined,
  message: 'Rates & dates? 100% "yes"',
};

let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
  vi.stubGlobal('fetch', fetch);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sent = () => fetch.mock.calls[0] as [string, RequestInit];

describe('sending a form', () => {
  it('without a delivery, or with "log", only writes the answers to the console: no request', async () => {
    await sendFormAnswers('contact-inquiry', answers, undefined, 0);
    await sendFormAnswers('contact-inquiry', answers, { method: 'log' }, 0);
    expect(console.log).toHaveBeenCalledTimes(2);
    expect(console.log).toHaveBeenCalledWith(answers);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts JSON with the field names as keys, leaving out empty fields', async () => {
    await sendFormAnswers(
      'contact-inquiry',
      answers,
      { method: 'post', url: 'https://forms.example/f/1', encoding: 'json', timeoutMs: 5000 },
      0,
    );
    const [url, init] = sent();
    expect(url).toBe('https://forms.example/f/1');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Kojo Mensah',
      email: 'kojo@brand.com',
      message: 'Rates & dates? 100% "yes"',
    });
    expect(init.credentials).toBe('omit');
    expect(console.log).not.toHaveBeenCalled();
  });

  it('posts form-encoded as an HTML form would', async () => {
    await sendFormAnswers(
      'contact-inquiry',
      answers,
      { method: 'post', url: 'https://forms.example/f/1', encoding: 'form', timeoutMs: 5000 },
      0,
    );
    const [, init] = sent();
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(new URLSearchParams(init.body as string))).toEqual({
      name: 'Kojo Mensah',
      email: 'kojo@brand.com',
      message: 'Rates & dates? 100% "yes"',
    });
  });

  it('posts to the site itself with "form-name" for Netlify Forms', async () => {
    await sendFormAnswers('contact-inquiry', answers, { method: 'netlify', timeoutMs: 5000 }, 0);
    const [url, init] = sent();
    expect(url).toBe('/');
    expect([...new URLSearchParams(init.body as string)][0]).toEqual(['form-name', 'contact-inquiry']);
  });

  it('fails with the reason when the receiver answers with an error status or cannot be reached', async () => {
    const delivery = { method: 'post', url: 'https://forms.example/f/1', encoding: 'json', timeoutMs: 5000 } as const;
    fetch.mockResolvedValueOnce(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(sendFormAnswers('contact-inquiry', answers, delivery, 0)).rejects.toThrow(
      new DeliveryFailed('https://forms.example/f/1 answered 500 Internal Server Error.'),
    );
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(sendFormAnswers('contact-inquiry', answers, delivery, 0)).rejects.toThrow(
      /Could not reach https:\/\/forms\.example\/f\/1/,
    );
    fetch.mockResolvedValueOnce(new Response('', { status: 302 }));
    await expect(sendFormAnswers('contact-inquiry', answers, delivery, 0)).rejects.toThrow(DeliveryFailed);
  });

  it('gives up when no answer comes within the configured time', async () => {
    vi.useFakeTimers();
    try {
      fetch.mockImplementationOnce(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      );
      const sending = sendFormAnswers(
        'contact-inquiry',
        answers,
        { method: 'post', url: 'https://forms.example/f/1', encoding: 'json', timeoutMs: 3000 },
        0,
      );
      const outcome = sending.then(
        () => 'sent',
        (error: Error) => error.message,
      );
      await vi.advanceTimersByTimeAsync(2999);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toBe('No answer from https://forms.example/f/1 within 3000 ms.');
    } finally {
      vi.useRealTimers();
    }
  });
});
