import { describe, expect, it } from 'vitest';
import { siteModulesOf } from '../../build/site-modules.ts';
import { siteFolders } from '../../checker/project-folders.ts';
import { validateConfig } from '../../checker/validate-config.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { previewAddressesOf } from './preview-pages.ts';

const config = validateConfig(siteFolders(SPEC_SITE_DIR)).config!;

describe('the pages the preview offers beside a file', () => {
  const pageData = Object.fromEntries(siteModulesOf(config, { sending: false }).pageData);
  const paths = (path: string, data: unknown = {}) =>
    previewAddressesOf(path, data, config, pageData).map((address) => address.path);
  const routesWith = (type: string) =>
    config.pages.filter((page) => page.sections.some((section) => section.type === type)).map((page) => page.route);

  it('shows a page at its address, a profile page with an influencer, and any other address for the not-found page', () => {
    expect(paths('config/pages/work.json', { route: '/work' })).toEqual(['/work']);
    expect(paths('config/pages/influencer-profile.json', { route: '/influencers/:id' })).toEqual([
      `/influencers/${config.influencers[0]!.id}`,
    ]);
    expect(paths('config/pages/not-found.json', { route: '*' })).toEqual(['/this-address-has-no-page']);
  });

  it("shows an influencer's own profile first, then the directory", () => {
    const [profile] = routesWith('influencer-profile');
    expect(paths('config/collections/influencers/nana.json', { id: 4 })).toEqual([
      profile!.replace(':id', '4'),
      ...routesWith('influencer-directory'),
    ]);
  });

  it('in a list of influencers, shows the profile of the one the author is editing', () => {
    const [profile] = routesWith('influencer-profile');
    const list = { influencers: config.influencers };
    const third = config.influencers[2]!;
    expect(
      previewAddressesOf('config/collections/influencers.json', list, config, pageData, ['influencers', 2, 'bio']).map(
        (address) => address.path,
      ),
    ).toEqual([profile!.replace(':id', String(third.id)), ...routesWith('influencer-directory')]);
    expect(paths('config/collections/influencers.json', list)).toEqual(routesWith('influencer-directory'));
  });

  it("names a creator's profile by the creator, even one the config drawn does not hold yet (a large directory)", () => {
    const [profile] = routesWith('influencer-profile');
    const newcomer = { ...config.influencers[0]!, id: 999, name: 'Ama Serwaa' };
    const list = { influencers: [...config.influencers, newcomer] };
    const [first] = previewAddressesOf('config/collections/influencers.json', list, config, pageData, [
      'influencers',
      config.influencers.length,
      'name',
    ]);
    expect(first).toEqual({
      path: profile!.replace(':id', '999'),
      label: `Ama Serwaa (${profile!.replace(':id', '999')})`,
    });
  });

  it('shows a collection on every page that lists it, and a form on every page that shows it', () => {
    expect(paths('config/collections/projects.json')).toEqual(
      routesWith('project-gallery')
        .concat(routesWith('project-highlights'))
        .sort(
          (a, b) =>
            config.pages.findIndex((page) => page.route === a) - config.pages.findIndex((page) => page.route === b),
        ),
    );
    expect(paths('config/forms/contact-inquiry.json')).toEqual(
      config.pages
        .filter((page) => page.sections.some((section) => 'form' in section && section.form === 'contact-inquiry'))
        .map((page) => page.route),
    );
    expect(paths('config/collections/values.json')).toEqual(
      config.pages
        .filter((page) => page.sections.some((section) => section.type === 'point-grid' && section.source === 'values'))
        .map((page) => page.route),
    );
  });

  it('shows the home page for the settings and navigation every page shows', () => {
    expect(paths('config/site.json')).toEqual(['/']);
    expect(paths('config/navigation.json')).toEqual(['/']);
  });
});
