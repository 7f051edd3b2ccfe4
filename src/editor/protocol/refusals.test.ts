import { describe, expect, it } from 'vitest';
import { isAnsweredRefusal, refuse, REFUSALS, refusalWords } from './refusals.ts';

describe('the refusals both editors give', () => {
  it('each says, in a whole sentence, what happened, and is answered as a refusal (400 or 409), or as the server not able to (408, 413, 500, 503, 507)', () => {
    for (const [name, kind] of Object.entries(REFUSALS)) {
      const detail = 'config/pages/about.json';
      const words = (kind.words as (...details: string[]) => string)(
        ...Array.from({ length: kind.words.length }, () => detail),
      );
      expect(words, name).toMatch(/^[A-Z"`/a-z].*[.)]$/);
      expect([400, 408, 409, 413, 500, 503, 507], name).toContain(kind.status);
    }
  });

  it('is answered by its status and details, and a program’s exit code is never taken for a status', () => {
    const refused = refuse('notInChange');
    expect([isAnsweredRefusal(refused), refused.status, refused.message]).toEqual([
      true,
      409,
      refusalWords('notInChange'),
    ]);
    // The catalogue's own 5xx (a full disk, a busy editor) are answered in words too.
    const full = refuse(
      'diskFull',
      'config/pages/about.json was not saved',
      'Your changes are still in the editor',
      'save again',
    );
    expect([isAnsweredRefusal(full), full.status]).toEqual([true, 507]);
    const exited = Object.assign(new Error('git failed'), { status: 128 });
    expect(isAnsweredRefusal(exited)).toBe(false);
    expect(isAnsweredRefusal({ status: 409, message: 'not an error' })).toBe(false);
  });
});
