import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as application from 'virtual:form/creator-application';
import { messagesFor } from '../testing/form-messages.ts';
import { VALID_APPLICATION } from '../testing/spec-answers.ts';

const valid = VALID_APPLICATION;
const check = (changes: Record<string, string | undefined>) => messagesFor(application, { ...valid, ...changes });
const text = (length: number) => 'a'.repeat(length);

describe('creator application rules, with the build-time validators', () => {
  it('accepts a complete application', () => {
    expect(check({})).toEqual({});
  });

  it('shows every field its own message when the form is sent empty', () => {
    expect(messagesFor(application, {})).toEqual({
      fullName: 'Name must be at least 2 characters',
      email: 'Invalid email address',
      phone: 'Phone number must be at least 10 digits',
      primaryPlatform: 'Required',
      followers: 'Please provide your follower count',
      niche: 'Please select your niche',
      bio: 'Bio must be at least 50 characters',
      rateRange: 'Please provide your rate range',
      whyJoin: 'Please tell us why you want to join (at least 50 characters)',
    });
  });

  it.each([
    ['fullName', 1, 'Name must be at least 2 characters'],
    ['fullName', 2, undefined],
    ['fullName', 100, undefined],
    ['fullName', 101, 'Name must be at most 100 characters'],
    ['phone', 9, 'Phone number must be at least 10 digits'],
    ['phone', 10, undefined],
    ['phone', 20, undefined],
    ['phone', 21, 'Phone number must be at most 20 characters'],
    ['bio', 49, 'Bio must be at least 50 characters'],
    ['bio', 50, undefined],
    ['bio', 500, undefined],
    ['bio', 501, 'Bio must be less than 500 characters'],
    ['whyJoin', 49, 'Please tell us why you want to join (at least 50 characters)'],
    ['whyJoin', 50, undefined],
    ['whyJoin', 1000, undefined],
    ['whyJoin', 1001, 'Please keep your answer under 1000 characters'],
  ])('%s of %i characters: %s', (field, length, message) => {
    expect(check({ [field]: text(length) })[field]).toBe(message);
  });

  it.each(['ama@example.com', 'first.last+tag@sub.example.org'])('accepts the email %s', (email) => {
    expect(check({ email }).email).toBeUndefined();
  });

  it.each(['ama', 'ama@', '@example.com', 'ama@example', 'ama example@x.com'])('rejects the email %s', (email) => {
    expect(check({ email }).email).toBe('Invalid email address');
  });

  it.each(['', 'https://amamensah.com/kit', 'http://portfolio.example.org/ama'])(
    'accepts the portfolio %j (empty is allowed)',
    (portfolio) => {
      expect(check({ portfolio }).portfolio).toBeUndefined();
    },
  );

  it.each(['amamensah.com', 'not a url', 'javascript:alert(1)', 'ftp://files.example.com'])(
    'rejects the portfolio %s',
    (portfolio) => {
      expect(check({ portfolio }).portfolio).toBe('Please provide a valid URL');
    },
  );

  it('accepts any social handle, or none', () => {
    expect(check({ instagram: '@ama', tiktok: 'whatever I like', youtube: undefined })).toEqual({});
  });

  it('accepts only the listed platforms and niches', () => {
    expect(check({ primaryPlatform: 'myspace' }).primaryPlatform).toBe('Invalid input');
    expect(check({ primaryPlatform: 'other' }).primaryPlatform).toBeUndefined();
    expect(check({ niche: 'gardening' }).niche).toBe('Please select your niche');
    expect(check({ niche: 'business' }).niche).toBeUndefined();
  });
});

/**
 * The application's rules as the agency wrote them, read independently of the schema: what a visitor is told, per
 * field.
 */
function specMessages(answers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const length = (field: string) => [...(answers[field] ?? '')].length;
  if (length('fullName') < 2) out.fullName = 'Name must be at least 2 characters';
  else if (length('fullName') > 100) out.fullName = 'Name must be at most 100 characters';
  if (length('phone') < 10) out.phone = 'Phone number must be at least 10 digits';
  else if (length('phone') > 20) out.phone = 'Phone number must be at most 20 characters';
  if (length('bio') < 50) out.bio = 'Bio must be at least 50 characters';
  else if (length('bio') > 500) out.bio = 'Bio must be less than 500 characters';
  if (length('whyJoin') < 50) out.whyJoin = 'Please tell us why you want to join (at least 50 characters)';
  else if (length('whyJoin') > 1000) out.whyJoin = 'Please keep your answer under 1000 characters';
  if (length('followers') < 1) out.followers = 'Please provide your follower count';
  if (length('rateRange') < 1) out.rateRange = 'Please provide your rate range';
  return out;
}

describe('creator application, compared with an independent reading of the spec table', () => {
  it('agrees on random lengths of every bounded field', () => {
    const field = (max: number) => fc.string({ unit: 'grapheme-ascii', minLength: 0, maxLength: max });
    fc.assert(
      fc.property(
        fc.record({
          fullName: field(120),
          phone: field(25),
          bio: field(520),
          whyJoin: field(1020),
          followers: field(5),
          rateRange: field(5),
        }),
        (answers) => {
          const seen = check(answers);
          const bounded = Object.fromEntries(Object.entries(seen).filter(([name]) => name in answers));
          expect(bounded).toEqual(specMessages(answers));
        },
      ),
      { numRuns: 300 },
    );
  });
});
