import { siteFolders } from '../../src/checker/project-folders.ts';
import { validateConfig } from '../../src/checker/validate-config.ts';
import { matchesDirectoryQuery, profilePathOf, type DirectoryQuery } from '../../src/influencers/search.ts';
import type { Influencer } from '../../src/generated/config-types.ts';
import { firstLoadScript } from '../../src/testing/page-weight.ts';
import { SCALE_SITE_DIR } from '../../src/testing/sites.ts';
import { expect, test, visit, type Page } from '../fixtures.ts';
import { countText, fillInfluencer, firstSection, site as liveSite } from '../live/live-site.ts';
import { LIVE_PORT, siteUrl } from '../ports.ts';
import { folderForm } from '../../src/content/site-folder.ts';

// The live site with 1,000 generated influencers (npm run build:scale-site); everything else is config/'s.
const { config: scaleSite } = validateConfig(siteFolders(SCALE_SITE_DIR));
if (!scaleSite) throw new Error(`${SCALE_SITE_DIR} does not hold a valid site: run npm run build:scale-site`);

const INFLUENCER_SECTIONS = new Set(['influencer-directory', 'influencer-profile']);
const pagesWithoutInfluencers = liveSite.pages.filter(
  (page) =>
    page.route !== '*' &&
    !page.route.includes(':') &&
    !page.sections.some((section) => INFLUENCER_SECTIONS.has(section.type)),
);

test.describe('pages that show no influencers cost the same with 1,000 of them', () => {
  for (const page of pagesWithoutInfluencers) {
    test(`${page.route} loads as much script as with config/'s ${liveSite.influencers.length}`, async ({ browser }) => {
      const live = await firstLoadScript(browser, `${siteUrl(LIVE_PORT)}${page.route}`);
      const scaled = await firstLoadScript(browser, `${test.info().project.use.baseURL}${page.route}`);
      // The same modules; names may differ where a module lists where the directory's data is (its hash changes).
      expect(scaled.files).toHaveLength(live.files.length);
      expect(Math.abs(scaled.bytes - live.bytes)).toBeLessThanOrEqual(1024);
    });
  }
});

const directory = firstSection('influencer-directory');
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const names = (page: Page) => cards(page).getByRole('heading', { level: 3 });
const influencers = scaleSite.influencers;

test.describe('the directory with 1,000 influencers', () => {
  test.skip(!directory, 'no page has an influencer-directory section');
  const { page: directoryPage, section } = directory!;
  const size = section.pageSize;
  const pagesOf = (count: number) => Math.max(1, Math.ceil(count / size));
  const pagination = (page: Page) => page.getByRole('navigation', { name: section.pagination.label, exact: true });
  const matching = (query: Partial<DirectoryQuery>) =>
    influencers.filter((influencer) =>
      matchesDirectoryQuery(influencer, { text: '', platform: 'all', niche: 'all', ...query }),
    );

  test('the pre-rendered page shows the first page of cards, the whole count and links to every page', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(directoryPage.route);
    await expect(page.getByRole('status')).toHaveText(countText(section, influencers.length));
    await expect(names(page)).toHaveText(influencers.slice(0, size).map((influencer) => influencer.name));
    await expect(pagination(page).getByRole('link', { name: section.pagination.next, exact: true })).toHaveAttribute(
      'href',
      folderForm(`${directoryPage.route}?page=2`),
    );
    const last = pagesOf(influencers.length);
    await expect(
      pagination(page).getByRole('link', {
        name: section.pagination.page.replace('{page}', String(last)),
        exact: true,
      }),
    ).toHaveAttribute('href', folderForm(`${directoryPage.route}?page=${last}`));
    await context.close();
  });

  test('a numbered page is a link that keeps its place on Back, and a profile is a page of its own that fetches nothing', async ({
    page,
  }) => {
    await visit(page, directoryPage.route);
    await pagination(page)
      .getByRole('link', { name: section.pagination.page.replace('{page}', '2'), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`\\?page=2$`));
    const second = influencers.slice(size, 2 * size);
    await expect(names(page)).toHaveText(second.map((influencer) => influencer.name));
    await expect(
      pagination(page).getByRole('link', { name: section.pagination.page.replace('{page}', '2'), exact: true }),
    ).toHaveAttribute('aria-current', 'page');

    const data: string[] = [];
    page.on('request', (request) => {
      if (['fetch', 'xhr'].includes(request.resourceType())) data.push(new URL(request.url()).pathname);
    });
    const chosen = second[0]!;
    await page.getByRole('link', { name: chosen.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${folderForm(profilePathOf(scaleSite.pages, chosen.id))}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen.name);
    expect(data).toEqual([]);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?page=2$`));
    await expect(names(page)).toHaveText(second.map((influencer) => influencer.name));
  });

  test('search and filters count every match and show one page of them at a time', async ({ page }) => {
    const search = page.getByRole('searchbox', { name: section.searchLabel, exact: true });
    const expectView = async (expected: Influencer[]) => {
      await expect(page.getByRole('status')).toHaveText(countText(section, expected.length));
      await expect(names(page)).toHaveText(expected.slice(0, size).map((influencer) => influencer.name));
      await expect(pagination(page)).toHaveCount(expected.length > size ? 1 : 0);
    };
    await visit(page, directoryPage.route);
    const text = influencers[influencers.length - 1]!.name.split(' ')[0]!.toLowerCase();
    await search.fill(text);
    await expectView(matching({ text }));
    for (const platform of scaleSite.platforms) {
      await page
        .getByRole('group', { name: section.platformFilterLabel })
        .getByRole('button', { name: platform.label, exact: true })
        .click();
      await expectView(matching({ text, platform: platform.value as DirectoryQuery['platform'] }));
    }
    await search.fill('');
    const niche = scaleSite.niches[0]!;
    await page
      .getByRole('group', { name: section.nicheFilterLabel })
      .getByRole('button', { name: niche.label, exact: true })
      .click();
    await expectView(
      matching({
        platform: scaleSite.platforms.at(-1)!.value as DirectoryQuery['platform'],
        niche: niche.value as DirectoryQuery['niche'],
      }),
    );
  });

  test('an address with a search, filter and page opens on that page of results', async ({ page }) => {
    const platform = scaleSite.platforms[0]!.value as DirectoryQuery['platform'];
    const expected = matching({ text: 'a', platform });
    const last = pagesOf(expected.length);
    await visit(page, `${directoryPage.route}?q=a&platform=${platform}&page=${last}`);
    await expect(page.getByRole('status')).toHaveText(countText(section, expected.length));
    await expect(names(page)).toHaveText(
      expected.slice((last - 1) * size, last * size).map((influencer) => influencer.name),
    );
  });
});

test('every influencer has a pre-rendered profile with its own title', async ({ browser }) => {
  const profilePage = scaleSite.pages.find(
    (page) => page.route.includes(':id') && page.sections.some((section) => section.type === 'influencer-profile'),
  );
  test.skip(!profilePage, 'no page shows profiles');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const influencer of [influencers[0]!, influencers[influencers.length - 1]!]) {
    await page.goto(profilePathOf(scaleSite.pages, influencer.id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(influencer.name);
    await expect(page).toHaveTitle(fillInfluencer(profilePage!.title, influencer));
  }
  await context.close();
});
