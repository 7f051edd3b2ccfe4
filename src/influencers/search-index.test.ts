import { afterEach, describe, expect, it, vi } from 'vitest';
import { INFLUENCER_SUMMARY_FIELDS } from '../contract/site-config.ts';
import { loadInfluencerIndex } from './search-index.ts';

/** Search data as the build writes it, with one influencer of this name. */
const indexOf = (name: string) => ({
  fields: INFLUENCER_SUMMARY_FIELDS,
  rows: [INFLUENCER_SUMMARY_FIELDS.map((field) => (field === 'name' ? name : field === 'id' ? 1 : ''))],
});

afterEach(() => vi.unstubAllGlobals());

describe("the directory's search data", () => {
  it('is fetched once per address, and again when its address changes with its content', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(JSON.stringify(indexOf(url.includes('new') ? 'Renamed' : 'Original'))));
    });
    expect((await loadInfluencerIndex('/assets/influencers-old.json'))[0]!.name).toBe('Original');
    expect((await loadInfluencerIndex('/assets/influencers-old.json'))[0]!.name).toBe('Original');
    expect((await loadInfluencerIndex('/assets/influencers-new.json'))[0]!.name).toBe('Renamed');
    expect(fetched).toEqual(['/assets/influencers-old.json', '/assets/influencers-new.json']);
  });

  it('is fetched again after a failure', async () => {
    let answers = 0;
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        answers++ === 0 ? new Response('', { status: 503 }) : new Response(JSON.stringify(indexOf('Back'))),
      ),
    );
    await expect(loadInfluencerIndex('/assets/influencers-flaky.json')).rejects.toThrow('503');
    expect((await loadInfluencerIndex('/assets/influencers-flaky.json'))[0]!.name).toBe('Back');
  });
});
