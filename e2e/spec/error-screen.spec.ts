import { expect, mainNav, test, visit } from '../fixtures.ts';

test.describe('unexpected failure', () => {
  // An island's script fails to load, as it would for a visitor whose tab outlived a new release.
  test.use({ expectedProblem: /InfluencerDirectory-[\w-]+\.js|dynamically imported module|status of 503/i });

  test('shows "Unexpected Application Error!" with a way home when a part of a page cannot load', async ({ page }) => {
    await page.route('**/assets/InfluencerDirectory-*.js', (route) =>
      route.fulfill({ status: 503, body: 'unavailable' }),
    );
    await visit(page, '/');
    await mainNav(page, 'Main').getByRole('link', { name: 'Influencers' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
    await expect(page).toHaveTitle('Unexpected Application Error!');
    await page.unroute('**/assets/InfluencerDirectory-*.js');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');
  });
});
