import { expect, test, visit } from '../fixtures.ts';
import { firstSection, site } from './live-site.ts';

// Pictures are optional: an entry without one keeps its drawn artwork, and nothing of the image pipeline shows.
const directory = firstSection('influencer-directory');
const gallery = firstSection('project-gallery');

test('creators without a photo keep their initials, and projects without an image their artwork', async ({ page }) => {
  test.skip(!directory || !gallery, 'The site has no directory or no gallery.');
  await visit(page, directory!.page.route);
  const cards = page.getByRole('main').getByRole('article');
  const shown = site.influencers.slice(0, directory!.section.pageSize);
  await expect(cards).toHaveCount(shown.length);
  for (const [index, influencer] of shown.entries()) {
    const card = cards.nth(index);
    await expect(card.locator('img')).toHaveCount(influencer.photo ? 1 : 0);
    await expect(card.locator('svg[aria-hidden="true"] text')).toHaveCount(influencer.photo ? 0 : 1);
  }
  await visit(page, gallery!.page.route);
  for (const [index, project] of site.projects.entries()) {
    const card = page.getByRole('main').getByRole('article').nth(index);
    await expect(card.locator('img')).toHaveCount(project.image ? 1 : 0);
  }
});
