import { describe, expect, it } from 'vitest';
import { siteFolders } from '../../checker/project-folders.ts';
import type { SiteConfig } from '../../contract/site-config.ts';
import { siteModulesOf } from '../../build/site-modules.ts';
import { validateConfig } from '../../checker/validate-config.ts';
import { profileDataUrl } from '../../influencers/data-urls.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { SitePreview } from './preview.ts';

const config = validateConfig(siteFolders(SPEC_SITE_DIR)).config!;
const withForm = (name: string, change: Record<string, unknown>): SiteConfig => ({
  ...config,
  forms: { ...config.forms, [name]: { ...config.forms[name]!, ...change } },
});

describe('the site as the preview sees it', () => {
  it('gives the renderer what the build would: the shell, each page data by route, and each form as a module', () => {
    const preview = new SitePreview();
    const payload = preview.update(config);
    // By the same path as the build: what the build's modules hold, the preview holds.
    const built = siteModulesOf(config);
    expect(payload.shell).toEqual(built.shell);
    expect(payload.pageData).toEqual(Object.fromEntries(built.pageData));
    for (const file of [built.influencerIndex, ...built.profiles])
      expect(preview.dataFile(file.url)).toBe(file.content);
    expect(payload.shell).toEqual({ site: config.site, navigation: config.navigation, pages: config.pages });
    expect(Object.keys(payload.pageData)).toEqual(config.pages.map((page) => page.route));
    expect(Object.keys(payload.forms)).toEqual(Object.keys(config.forms));
    const code = preview.formModule(payload.forms['contact-inquiry']!)!;
    expect(code).toContain('export const validateFns');
    expect(code).toContain(JSON.stringify(config.forms['contact-inquiry']!.messages));
  });

  it('never sends what is typed into a previewed form anywhere: its delivery is left out', () => {
    const preview = new SitePreview();
    const posting = withForm('contact-inquiry', {
      delivery: { method: 'post', url: 'https://forms.example/receive', encoding: 'json', timeoutMs: 5000 },
    });
    const code = preview.formModule(preview.update(posting).forms['contact-inquiry']!)!;
    expect(code).not.toContain('forms.example');
  });

  it('gives a form a new module address only when the form changed', () => {
    const preview = new SitePreview();
    const first = preview.update(config);
    expect(preview.update(config).forms).toEqual(first.forms);
    const changed = preview.update(
      withForm('contact-inquiry', { submit: { ...config.forms['contact-inquiry']!.submit, label: 'Send it' } }),
    );
    expect(changed.forms['contact-inquiry']).not.toBe(first.forms['contact-inquiry']);
    expect(changed.forms['creator-application']).toBe(first.forms['creator-application']);
    // The previous version is still served, for a preview that was loading it.
    expect(preview.formModule(first.forms['contact-inquiry']!)).toBeDefined();
  });

  it('serves the directory search data and each profile from the newest config, and a new version when one changes', () => {
    const preview = new SitePreview();
    const payload = preview.update(config);
    const [first] = config.influencers;
    const indexUrl = Object.values(payload.pageData).find((data) => data.directory)!.directory!.indexUrl;
    expect(JSON.parse(preview.dataFile(indexUrl)!).rows).toHaveLength(config.influencers.length);
    expect(JSON.parse(preview.dataFile(profileDataUrl(first!.id))!)).toEqual(first);
    expect(preview.dataFile('/data/influencers/99999.json')).toBeUndefined();
    expect(preview.dataFile('/package.json')).toBeUndefined();

    const renamed = preview.update({
      ...config,
      influencers: [{ ...first!, name: 'Renamed' }, ...config.influencers.slice(1)],
    });
    expect(renamed.influencersVersion).not.toBe(payload.influencersVersion);
    expect(JSON.parse(preview.dataFile(profileDataUrl(first!.id))!).name).toBe('Renamed');
  });
});
