import { expect, sectionWithHeading, test, visit } from '../fixtures.ts';

test.describe('home', () => {
  test('plays a silent looping background video behind the headline', async ({ page }) => {
    await visit(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Weaving Stories Into Impact' })).toBeVisible();
    const video = page.locator('video');
    await expect(video).toHaveCount(1);
    expect(
      await video.evaluate((element: HTMLVideoElement) => ({
        muted: element.muted,
        loop: element.loop,
        autoplay: element.autoplay,
        playsInline: element.playsInline,
      })),
    ).toEqual({
      muted: true,
      loop: true,
      autoplay: true,
      playsInline: true,
    });
    await expect(video.locator('source[type="video/webm"]')).toHaveAttribute('src', '/media/hero.webm');
    await expect(video.locator('source[type="video/mp4"]')).toHaveAttribute('src', '/media/hero.mp4');
    await expect(video).toHaveAttribute('poster', '/media/hero-poster.jpg');
    const box = await page.locator('main section').first().boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(page.viewportSize()!.height - 1);
  });

  test('the video can be paused and played again', async ({ page }) => {
    await visit(page, '/');
    await page.getByRole('button', { name: 'Pause background video' }).click();
    expect(await page.locator('video').evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await page.getByRole('button', { name: 'Play background video' }).click();
    await expect.poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  });

  test('visitors who prefer reduced motion see the still picture only', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(page, '/');
    await expect(page.locator('img[src="/media/hero-poster.jpg"]')).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pause background video' })).toHaveCount(0);
  });

  test('Start Your Project and View Our Work lead to contact and work', async ({ page }) => {
    await visit(page, '/');
    const hero = page.locator('main section').first();
    await expect(hero.getByRole('link', { name: 'Start Your Project' })).toHaveAttribute('href', '/contact/');
    await hero.getByRole('link', { name: 'View Our Work' }).click();
    await expect(page).toHaveURL(/\/work\/$/);
  });

  test('Recent Work shows three project cards linking to the portfolio, and View All Projects', async ({ page }) => {
    await visit(page, '/');
    const section = sectionWithHeading(page, 'Recent Work');
    await expect(section.getByRole('article')).toHaveCount(3);
    for (const link of await section.getByRole('article').getByRole('link').all())
      await expect(link).toHaveAttribute('href', '/work/');
    await expect(section.getByRole('article').first()).toContainText('Sonic Waves Festival');
    await section.getByRole('link', { name: 'View All Projects' }).click();
    await expect(page).toHaveURL(/\/work\/$/);
  });

  test('What We Do shows the four services linking to the services page, and Explore Services', async ({ page }) => {
    await visit(page, '/');
    const section = sectionWithHeading(page, 'What We Do');
    const cards = section.getByRole('article');
    await expect(cards.getByRole('heading')).toHaveText([
      'Production',
      'Strategy',
      'Influencer Marketing',
      'Media Buying',
    ]);
    for (const link of await cards.getByRole('link').all()) await expect(link).toHaveAttribute('href', '/services/');
    await cards.first().click();
    await expect(page).toHaveURL(/\/services\/$/);
    await visit(page, '/');
    await sectionWithHeading(page, 'What We Do').getByRole('link', { name: 'Explore Services' }).click();
    await expect(page).toHaveURL(/\/services\/$/);
  });
});
