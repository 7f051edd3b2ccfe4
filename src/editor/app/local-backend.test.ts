import { describe, expect, it } from 'vitest';
import { refusalWords } from '../protocol/refusals.ts';
import { ServerFailed } from './api.ts';
import { localBackend } from './local-backend.ts';

describe("npm run edit's failures, in the page's words", () => {
  it('shows the server’s failure as it said it, and asks whether the server runs only when it did not answer', () => {
    const failed = refusalWords(
      'unexpected',
      'config/pages/about.json was not saved',
      'Your changes are still in the editor',
    );
    expect(localBackend.failureWords(new ServerFailed(failed), 'Not saved')).toBe(`Not saved: ${failed}`);
    expect(localBackend.failureWords(new Error('The editor could not reach npm run edit.'), 'Not saved')).toBe(
      'Not saved: The editor could not reach npm run edit. Is npm run edit still running?',
    );
  });
});
