import { describe, expect, it } from 'vitest';
import { refusalWords } from '../protocol/refusals.ts';
import { ServerRefused } from './api.ts';
import { localBackend } from './local-backend.ts';

describe("npm run edit's failures, in the page's words", () => {
  it('shows the server’s refusal as it said it, and asks whether the server runs only when it did not answer', () => {
    const full = refusalWords(
      'diskFull',
      'config/pages/about.json was not saved',
      'Your changes are still in the editor',
      'save again',
    );
    expect(localBackend.failureWords(new ServerRefused(full), 'Not saved')).toBe(`Not saved: ${full}`);
    expect(localBackend.failureWords(new Error('The editor could not reach npm run edit.'), 'Not saved')).toBe(
      'Not saved: The editor could not reach npm run edit. Is npm run edit still running?',
    );
  });
});
