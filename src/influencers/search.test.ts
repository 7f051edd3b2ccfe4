import { describe, expect, it } from 'vitest';
import type { Influencer } from '../generated/config-types.ts';
import {
  directoryQueryFromParams,
  directoryQueryToParams,
  matchesDirectoryQuery,
  type DirectoryQuery,
} from './search.ts';

const person = (overrides: Partial<Influencer>): Influencer => ({
  id: 1,
  name: 'Amara Okafor',
  handle: '@amara.styles',
  platform: 'instagram',
  niche: 'fashion',
  followers: '180K',
  engagement: '4.8%',
  reach: '50K-80K',
  audience: '18-24',
  rates: '$500',
  bio: 'Bio',
  verified: true,
  ...overrides,
});
const all: DirectoryQuery = { text: '', platform: 'all', niche: 'all' };
const amara = person({});
const kwame = person({ id: 2, name: 'Kwame Mensah', handle: '@kwametech', platform: 'youtube', niche: 'tech' });

describe('directory search', () => {
  it('shows everyone when nothing is set', () => {
    expect([amara, kwame].filter((p) => matchesDirectoryQuery(p, all))).toEqual([amara, kwame]);
  });

  it.each([
    ['part of a name, in any case', 'OKAF', [amara]],
    ['part of a handle', 'kwametech', [kwame]],
    ['the @ of a handle', '@amara', [amara]],
    ['a niche', 'Tech', [kwame]],
    ['surrounding spaces', '  mensah ', [kwame]],
    ['a platform, which is not searched', 'youtube', []],
    ['a bio word, which is not searched', 'Bio', []],
  ])('matches %s', (_what, text, expected) => {
    expect([amara, kwame].filter((p) => matchesDirectoryQuery(p, { ...all, text }))).toEqual(expected);
  });

  it('filters by platform and niche exactly, and combines them with the search', () => {
    expect(matchesDirectoryQuery(kwame, { ...all, platform: 'youtube' })).toBe(true);
    expect(matchesDirectoryQuery(amara, { ...all, platform: 'youtube' })).toBe(false);
    expect(matchesDirectoryQuery(kwame, { ...all, niche: 'tech' })).toBe(true);
    expect(matchesDirectoryQuery(kwame, { ...all, niche: 'fashion' })).toBe(false);
    expect(matchesDirectoryQuery(kwame, { text: 'kwa', platform: 'youtube', niche: 'tech' })).toBe(true);
    expect(matchesDirectoryQuery(kwame, { text: 'amara', platform: 'youtube', niche: 'tech' })).toBe(false);
  });
});

describe('directory state in the URL', () => {
  const platforms = ['instagram', 'youtube'];
  const niches = ['fashion', 'tech'];

  it('round-trips through ?q=&platform=&niche=', () => {
    const query: DirectoryQuery = { text: 'ama', platform: 'instagram', niche: 'fashion' };
    const params = directoryQueryToParams(query);
    expect(params.toString()).toBe('q=ama&platform=instagram&niche=fashion');
    expect(directoryQueryFromParams(params, platforms, niches)).toEqual(query);
  });

  it('leaves defaults out of the URL and treats unknown values as all', () => {
    expect(directoryQueryToParams(all).toString()).toBe('');
    expect(directoryQueryFromParams(new URLSearchParams('platform=myspace&niche=TECH'), platforms, niches)).toEqual(
      all,
    );
  });
});
