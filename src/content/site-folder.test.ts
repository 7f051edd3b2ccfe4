import { describe, expect, it } from 'vitest';
import { folderForm, sitePathsUnder } from './site-folder.ts';

describe('the folder form of a page address', () => {
  it('ends a page path with a slash, keeping its query and fragment', () => {
    expect(folderForm('/about')).toBe('/about/');
    expect(folderForm('/influencers/7')).toBe('/influencers/7/');
    expect(folderForm('/influencers?q=ama&page=2')).toBe('/influencers/?q=ama&page=2');
    expect(folderForm('/about#team')).toBe('/about/#team');
  });

  it('leaves the home page, folder addresses and files as they are', () => {
    for (const path of [
      'https://example.com/about',
      'mailto:hello@example.com',
      '/',
      '/#services',
      '/about/',
      '/about/?q=1',
      '/media/hero.mp4',
      '/sitemap.xml',
      '/data/p1.json?v=2',
    ]) {
      expect(folderForm(path)).toBe(path);
    }
  });
});

describe('links of a site in a folder of its address', () => {
  const { pagePath, sitePath } = sitePathsUnder('/loom-site');

  it('puts pages in their folder under the site folder, files only under the site folder', () => {
    expect(pagePath('/about')).toBe('/loom-site/about/');
    expect(pagePath('/')).toBe('/loom-site/');
    expect(sitePath('/media/hero.mp4')).toBe('/loom-site/media/hero.mp4');
  });

  it('leaves outside addresses alone', () => {
    for (const href of [
      'https://example.com/about',
      '//cdn.example.com/x',
      'mailto:hello@example.com',
      '#main-content',
    ]) {
      expect(pagePath(href)).toBe(href);
    }
  });
});
