import { expect, test, visit, type Page } from '../fixtures.ts';

const names = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });
const count = (page: Page) => page.getByRole('status');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search influencers' });
const platforms = (page: Page) => page.getByRole('group', { name: 'Platform' });
const niches = (page: Page) => page.getByRole('group', { name: 'Niche' });

test.describe('influencer directory', () => {
  test('lists every influencer with a live count, and states the network claims', async ({ page }) => {
    await visit(page, '/influencers');
    await expect(count(page)).toHaveText('6 influencers found');
    await expect(names(page)).toHaveText([
      'Amara Okafor',
      'Kwame Mensah',
      'Efua Asante',
      'Kofi Boateng',
      'Ama Serwaa',
      'Yaw Darko',
    ]);
    await expect(page.getByRole('main')).toContainText('1000+ creators');
    await expect(page.getByRole('main')).toContainText('5M+ Gen Z users');
  });

  test('searches name, handle and niche, ignoring case', async ({ page }) => {
    await visit(page, '/influencers');
    const cases: [string, string[]][] = [
      ['AMARA', ['Amara Okafor']],
      ['mensah', ['Kwame Mensah']],
      ['@efua', ['Efua Asante']],
      ['kitchen', ['Ama Serwaa']],
      ['FITNESS', ['Kofi Boateng']],
      ['tiktok', []],
    ];
    for (const [text, expected] of cases) {
      await search(page).fill(text);
      await expect(names(page)).toHaveText(expected);
    }
    await expect(count(page)).toHaveText('0 influencers found');
    await search(page).fill('ama');
    await expect(count(page)).toHaveText('2 influencers found');
    await search(page).fill('yaw');
    await expect(count(page)).toHaveText('1 influencer found');
  });

  test('offers All and the nine platforms, and filters by platform exactly', async ({ page }) => {
    await visit(page, '/influencers');
    await expect(platforms(page).getByRole('button')).toHaveText([
      'All',
      'Instagram',
      'TikTok',
      'YouTube',
      'Facebook',
      'Twitter',
      'LinkedIn',
      'Twitch',
      'Snapchat',
      'Pinterest',
    ]);
    await platforms(page).getByRole('button', { name: 'YouTube' }).click();
    await expect(platforms(page).getByRole('button', { name: 'YouTube' })).toHaveAttribute('aria-pressed', 'true');
    await expect(names(page)).toHaveText(['Kwame Mensah', 'Ama Serwaa']);
    await platforms(page).getByRole('button', { name: 'Twitch' }).click();
    await expect(count(page)).toHaveText('0 influencers found');
    await platforms(page).getByRole('button', { name: 'All' }).click();
    await expect(count(page)).toHaveText('6 influencers found');
  });

  test('offers All and the six niches, and filters by niche exactly', async ({ page }) => {
    await visit(page, '/influencers');
    await expect(niches(page).getByRole('button')).toHaveText([
      'All',
      'Fashion',
      'Beauty',
      'Fitness',
      'Tech',
      'Lifestyle',
      'Food',
    ]);
    await niches(page).getByRole('button', { name: 'Beauty' }).click();
    await expect(names(page)).toHaveText(['Efua Asante']);
  });

  test('combines search, platform and niche, and can clear them when nothing matches', async ({ page }) => {
    await visit(page, '/influencers');
    await platforms(page).getByRole('button', { name: 'TikTok' }).click();
    await expect(names(page)).toHaveText(['Efua Asante', 'Yaw Darko']);
    await niches(page).getByRole('button', { name: 'Lifestyle' }).click();
    await expect(names(page)).toHaveText(['Yaw Darko']);
    await search(page).fill('efua');
    await expect(count(page)).toHaveText('0 influencers found');
    await expect(page.getByText('No influencers match your search.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(count(page)).toHaveText('6 influencers found');
    await expect(search(page)).toHaveValue('');
  });

  test('keeps the search and filters in the address, so a view can be shared and Back restores it', async ({
    page,
  }) => {
    await visit(page, '/influencers?q=a&platform=youtube');
    await expect(search(page)).toHaveValue('a');
    await expect(names(page)).toHaveText(['Kwame Mensah', 'Ama Serwaa']);
    await niches(page).getByRole('button', { name: 'Food' }).click();
    await expect(page).toHaveURL(/\?q=a&platform=youtube&niche=food$/);
    await expect(names(page)).toHaveText(['Ama Serwaa']);
    await page.getByRole('link', { name: 'Ama Serwaa' }).click();
    await expect(page).toHaveURL(/\/influencers\/5\/$/);
    await page.goBack();
    await expect(names(page)).toHaveText(['Ama Serwaa']);
    await expect(niches(page).getByRole('button', { name: 'Food' })).toHaveAttribute('aria-pressed', 'true');
    await page.goBack();
    await expect(names(page)).toHaveText(['Kwame Mensah', 'Ama Serwaa']);
  });

  test('typing keeps the address current without adding a history entry per letter', async ({ page }) => {
    await visit(page, '/influencers');
    await platforms(page).getByRole('button', { name: 'YouTube' }).click();
    await expect(page).toHaveURL(/\?platform=youtube$/);
    await search(page).pressSequentially('ama');
    await expect(page).toHaveURL(/\?q=ama&platform=youtube$/);
    await expect(names(page)).toHaveText(['Ama Serwaa']);
    // One Back undoes the platform choice (the typing changed that entry, it added none), and the box follows.
    await page.goBack();
    await expect(page).toHaveURL(/\/influencers\/$/);
    await expect(search(page)).toHaveValue('');
    await expect(count(page)).toHaveText('6 influencers found');
    await page.goForward();
    await expect(search(page)).toHaveValue('ama');
    await expect(names(page)).toHaveText(['Ama Serwaa']);
  });

  test('each card links to its profile', async ({ page }) => {
    await visit(page, '/influencers');
    for (const [name, id] of [
      ['Amara Okafor', 1],
      ['Yaw Darko', 6],
    ] as const) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', `/influencers/${id}/`);
    }
    await page.getByRole('main').getByRole('article').nth(2).click();
    await expect(page).toHaveURL(/\/influencers\/3\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Efua Asante');
  });

  test('invites creators to apply and brands to ask for recommendations', async ({ page }) => {
    await visit(page, '/influencers');
    await expect(page.getByRole('link', { name: 'Request Custom Recommendations' })).toHaveAttribute(
      'href',
      '/contact/',
    );
    await page.getByRole('link', { name: 'Apply to Join' }).click();
    await expect(page).toHaveURL(/\/influencers\/apply\/$/);
  });

  test('the verified mark explains itself in a tooltip after 700 ms', async ({ page }) => {
    await visit(page, '/influencers');
    const mark = page.getByRole('img', { name: 'Verified creator' }).first();
    // Scrolling closes tooltips, so bring the mark into view before resting the pointer on it.
    await mark.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    // The page notes when the pointer arrives and when the tooltip appears, so a busy machine cannot blur the wait.
    await page.evaluate(() => {
      const times: { enter?: number; shown?: number } = {};
      (window as unknown as { tooltipTimes: typeof times }).tooltipTimes = times;
      document.addEventListener('pointerover', () => (times.enter ??= performance.now()), { capture: true });
      new MutationObserver(() => {
        if (document.querySelector('[role="tooltip"]')) times.shown ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await mark.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Verified creator', { timeout: 3000 });
    const { enter, shown } = await page.evaluate(
      () => (window as unknown as { tooltipTimes: { enter: number; shown: number } }).tooltipTimes,
    );
    expect(shown - enter).toBeGreaterThanOrEqual(650);
  });
});

test.describe('influencer profile', () => {
  test('shows name, handle, verified mark, bio, tags, metrics, rates and the way to get in touch', async ({ page }) => {
    await visit(page, '/influencers/1');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Amara Okafor');
    await expect(main).toContainText('@amara.styles');
    await expect(main).toContainText('Verified');
    await expect(main).toContainText('Fashion creator blending contemporary streetwear');
    await expect(main).toContainText('Instagram');
    const metrics = main.locator('dl').first();
    await expect(metrics.locator('dt')).toHaveText(['Followers', 'Engagement', 'Avg. Reach', 'Audience']);
    await expect(metrics.locator('dd')).toHaveText(['180K', '4.8%', '50K-80K', '18-24, 70% Female']);
    await expect(main.getByRole('heading', { name: 'Collaboration Rates' })).toBeVisible();
    await expect(main).toContainText('$500 - $1,500');
    await expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact/');
  });

  test('always has Back to Directory', async ({ page }) => {
    await visit(page, '/influencers/4');
    await expect(page.getByRole('main')).not.toContainText('Verified');
    await page.getByRole('link', { name: 'Back to Directory' }).click();
    await expect(page).toHaveURL(/\/influencers\/$/);
  });

  for (const id of ['999', 'abc', '1.5']) {
    test(`shows Influencer Not Found for the id ${id}, with a way back`, async ({ page }) => {
      await visit(page, `/influencers/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Influencer Not Found');
      await page.getByRole('link', { name: 'Back to Directory' }).click();
      await expect(page).toHaveURL(/\/influencers\/$/);
      await expect(page.getByRole('status')).toHaveText('6 influencers found');
    });
  }
});
