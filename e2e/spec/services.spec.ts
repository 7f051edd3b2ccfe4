import { expect, sectionWithHeading, test, visit } from '../fixtures.ts';

test.describe('services', () => {
  test('shows four services, each with a description and five features', async ({ page }) => {
    await visit(page, '/services');
    const services = page.getByRole('main').getByRole('article');
    await expect(services.getByRole('heading')).toHaveText([
      'Production',
      'Strategy',
      'Influencer Marketing',
      'Media Buying',
    ]);
    for (const service of await services.all()) {
      await expect(service.getByRole('paragraph')).not.toBeEmpty();
      await expect(service.getByRole('listitem')).toHaveCount(5);
    }
  });

  test('shows the five-step process in order and the four Why Choose points', async ({ page }) => {
    await visit(page, '/services');
    await expect(sectionWithHeading(page, 'Our Process').getByRole('listitem').getByRole('heading')).toHaveText([
      'Discovery',
      'Strategy',
      'Creation',
      'Launch',
      'Optimize',
    ]);
    await expect(sectionWithHeading(page, 'Why Choose Loom Media').getByRole('heading', { level: 3 })).toHaveText([
      'Cultural Insight',
      'Results-Driven',
      'Creator Network',
      'End-to-End',
    ]);
  });

  test('Book a Call goes to contact and See Our Work to work', async ({ page }) => {
    await visit(page, '/services');
    await expect(page.getByRole('link', { name: 'See Our Work' })).toHaveAttribute('href', '/work/');
    await page.getByRole('link', { name: 'Book a Call' }).click();
    await expect(page).toHaveURL(/\/contact\/$/);
  });
});

test.describe('about', () => {
  test('tells the story: founded 2024, the mission, and the four values', async ({ page }) => {
    await visit(page, '/about');
    const story = sectionWithHeading(page, 'Our Story');
    await expect(story).toContainText('founded in 2024');
    await expect(story).toContainText('authentic storytelling and influencer partnerships');
    await expect(sectionWithHeading(page, 'Our Values').getByRole('heading', { level: 3 })).toHaveText([
      'Authenticity First',
      'Creators Matter',
      'Innovation Always',
      'Results-Driven',
    ]);
  });

  test('closes with Start a Project (contact) and Join as Creator (influencers)', async ({ page }) => {
    await visit(page, '/about');
    await expect(page.getByRole('link', { name: 'Start a Project' })).toHaveAttribute('href', '/contact/');
    await page.getByRole('link', { name: 'Join as Creator' }).click();
    await expect(page).toHaveURL(/\/influencers\/$/);
  });
});
