import { expect, test, visit, type Page } from '../fixtures.ts';
import type { Influencer } from '../../src/generated/config-types.ts';
import { countText, firstSection, influencersMatching, profilePage, profilePath, site } from './live-site.ts';
import { folderForm } from '../../src/content/site-folder.ts';

const directory = firstSection('influencer-directory');
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const names = (page: Page) => cards(page).getByRole('heading', { level: 3 });

test.describe('the influencer directory as config/ describes it', () => {
  test.skip(!directory, 'no page has an influencer-directory section');
  const { page: directoryPage, section } = directory!;
  // The directory shows one page of cards at a time; the count covers them all.
  const firstPageOf = (influencers: readonly Influencer[]) => influencers.slice(0, section.pageSize);

  test('lists every influencer in config with a card linking to their profile, and counts them', async ({ page }) => {
    await visit(page, directoryPage.route);
    await expect(page.getByRole('status')).toHaveText(countText(section, site.influencers.length));
    await expect(names(page)).toHaveText(firstPageOf(site.influencers).map((influencer) => influencer.name));
    if (profilePage) {
      for (const [index, influencer] of firstPageOf(site.influencers).entries())
        await expect(cards(page).nth(index).getByRole('link').first()).toHaveAttribute(
          'href',
          folderForm(profilePath(influencer)),
        );
    }
  });

  test('a search shows the influencers whose name, handle or niche contains it, and the count follows', async ({
    page,
  }) => {
    await visit(page, directoryPage.route);
    const search = page.getByRole('searchbox', { name: section.searchLabel, exact: true });
    const first = site.influencers[0]!;
    for (const text of [
      first.name.split(' ')[0]!.toUpperCase(),
      first.handle,
      first.niche,
      'zz-no-one-is-called-this',
    ]) {
      await search.fill(text);
      const expected = influencersMatching(text);
      await expect(page.getByRole('status')).toHaveText(countText(section, expected.length));
      await expect(names(page)).toHaveText(firstPageOf(expected).map((influencer) => influencer.name));
    }
    await expect(page.getByRole('main').getByText(section.emptyText, { exact: true })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: section.clearFiltersLabel, exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(countText(section, site.influencers.length));
  });

  test('each platform and niche button shows exactly the influencers of it', async ({ page }) => {
    await visit(page, directoryPage.route);
    for (const [groupLabel, options, field] of [
      [section.platformFilterLabel, site.platforms, 'platform'],
      [section.nicheFilterLabel, site.niches, 'niche'],
    ] as const) {
      const group = page.getByRole('group', { name: groupLabel, exact: true });
      await expect(group.getByRole('button')).toHaveText([section.allLabel, ...options.map((option) => option.label)]);
      for (const [index, option] of options.entries()) {
        await group
          .getByRole('button')
          .nth(index + 1)
          .click();
        const expected = site.influencers.filter((influencer) => influencer[field] === option.value);
        await expect(page.getByRole('status')).toHaveText(countText(section, expected.length));
        await expect(names(page)).toHaveText(firstPageOf(expected).map((influencer) => influencer.name));
      }
      await group.getByRole('button').first().click();
    }
  });
});
