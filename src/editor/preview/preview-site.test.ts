import { describe, expect, it, vi } from 'vitest';
import type { PreviewPayload } from '../protocol/files.ts';

const forgetInfluencers = vi.fn();
vi.mock('../../influencers/store', () => ({ forgetInfluencers }));
const { applyPreview, previewForms, previewPageData, previewShell } = await import('./preview-site.ts');

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

describe("the preview's stand-in modules", () => {
  it('take in a new config in place, keeping the loaders of what did not change', async () => {
    applyPreview(payload('First'));
    const shell = previewShell;
    const home = previewPageData['/'];
    const work = previewPageData['/work'];
    const contact = previewForms.contact;
    expect(((await home!()).default.faqs ?? [])[0]!.question).toBe('First');

    applyPreview(payload('Second'));
    expect(previewShell).toBe(shell);
    expect((previewShell.pages[0]!.sections[0] as { heading: string }).heading).toBe('Second');
    // The page whose data changed loads anew; the others, and the unchanged form, keep what they loaded.
    expect(previewPageData['/']).not.toBe(home);
    expect(((await previewPageData['/']!()).default.faqs ?? [])[0]!.question).toBe('Second');
    expect(previewPageData['/work']).toBe(work);
    expect(previewForms.contact).toBe(contact);

    applyPreview(payload('Second', '/@preview-form/contact/bbb.js'));
    expect(previewForms.contact).not.toBe(contact);
  });

  it('forgets the influencers read so far when any of them changes', () => {
    forgetInfluencers.mockClear();
    applyPreview(payload('Same', undefined, 'v2'));
    applyPreview(payload('Same', undefined, 'v2'));
    expect(forgetInfluencers).toHaveBeenCalledTimes(1);
  });
});
