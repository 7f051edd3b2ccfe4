import { expect, test, visit, type Page } from '../fixtures.ts';

const cardTitles = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading');
const filters = (page: Page) => page.getByRole('group', { name: 'Filter projects' });

test.describe('work', () => {
  test('shows six project cards with client, title, description and tags', async ({ page }) => {
    await visit(page, '/work');
    await expect(cardTitles(page)).toHaveCount(6);
    const first = page.getByRole('main').getByRole('article').first();
    await expect(first).toContainText('Sonic Waves Festival');
    await expect(first.getByRole('heading')).toHaveText('Rhythm of Accra');
    await expect(first).toContainText('A cinematic festival film');
    await expect(first.getByRole('listitem')).toHaveText(['Video Production', 'Events', 'Music']);
  });

  test('offers the five filters, All Projects selected first', async ({ page }) => {
    await visit(page, '/work');
    await expect(filters(page).getByRole('button')).toHaveText([
      'All Projects',
      'Production',
      'Influencer Marketing',
      'Strategy',
      '2024',
    ]);
    await expect(filters(page).getByRole('button', { name: 'All Projects' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('filters by category, and by year for 2024', async ({ page }) => {
    await visit(page, '/work');
    const expected: [string, string[]][] = [
      ['Production', ['Rhythm of Accra', 'Taste of Home']],
      ['Influencer Marketing', ['Glow Naturally', 'Campus Ambassadors']],
      ['Strategy', ['Brand Reboot', 'Market Entry Playbook']],
      ['2024', ['Rhythm of Accra', 'Glow Naturally', 'Market Entry Playbook']],
    ];
    for (const [filter, titles] of expected) {
      await filters(page).getByRole('button', { name: filter }).click();
      await expect(filters(page).getByRole('button', { name: filter })).toHaveAttribute('aria-pressed', 'true');
      await expect(cardTitles(page)).toHaveText(titles);
    }
    await filters(page).getByRole('button', { name: 'All Projects' }).click();
    await expect(cardTitles(page)).toHaveCount(6);
  });

  test('keeps the filter bar under the navigation while scrolling', async ({ page }) => {
    await visit(page, '/work');
    await page.mouse.wheel(0, 1200);
    await expect(filters(page)).toBeInViewport();
    const bar = await filters(page).boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    expect(bar!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
  });

  test('closes with a call to action to the contact page', async ({ page }) => {
    await visit(page, '/work');
    await page.getByRole('main').getByRole('link', { name: 'Start Your Project' }).click();
    await expect(page).toHaveURL(/\/contact\/$/);
  });
});
