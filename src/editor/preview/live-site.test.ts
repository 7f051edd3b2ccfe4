import { describe, expect, it, vi } from 'vitest';
import type { PreviewPayload } from '../protocol/files.ts';

const forgetInfluencers = vi.fn();
vi.mock('../../influencers/store', () => ({ forgetInfluencers }));
const { applyPreview, liveForms, livePageData, liveShell } = await import('./live-site.ts');

const payload = (
  heading: string,
  form = '/@preview-form/contact/aaa.js',
  influencersVersion = 'v1',
): PreviewPayload => ({
  shell: {
    site: { name: 'Site' },
    navigation: { links: [] },
    pages: [{ route: '/', sections: [{ type: 'page-hero', heading }] }],
  } as unknown as PreviewPayload['shell'],
  pageData: { '/': { faqs: [{ question: heading, answer: 'A.' }] }, '/work': {} },
  forms: { contact: form },
  influencersVersion,
});

describe("the preview's live modules", () => {
  it('take in a new config in place, keeping the loaders of what did not change', async () => {
    applyPreview(payload('First'));
    const shell = liveShell;
    const home = livePageData['/'];
    const work = livePageData['/work'];
    const contact = liveForms.contact;
    expect(((await home!()).default.faqs ?? [])[0]!.question).toBe('First');

    applyPreview(payload('Second'));
    expect(liveShell).toBe(shell);
    expect((liveShell.pages[0]!.sections[0] as { heading: string }).heading).toBe('Second');
    // The page whose data changed loads anew; the others, and the unchanged form, keep what they loaded.
    expect(livePageData['/']).not.toBe(home);
    expect(((await livePageData['/']!()).default.faqs ?? [])[0]!.question).toBe('Second');
    expect(livePageData['/work']).toBe(work);
    expect(liveForms.contact).toBe(contact);

    applyPreview(payload('Second', '/@preview-form/contact/bbb.js'));
    expect(liveForms.contact).not.toBe(contact);
  });

  it('forgets the influencers read so far when any of them changes', () => {
    forgetInfluencers.mockClear();
    applyPreview(payload('Same', undefined, 'v2'));
    applyPreview(payload('Same', undefined, 'v2'));
    expect(forgetInfluencers).toHaveBeenCalledTimes(1);
  });
});
