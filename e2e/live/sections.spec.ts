import { expect, test, visit } from '../fixtures.ts';
import { firstSection, site } from './live-site.ts';
import { folderForm } from '../../src/content/site-folder.ts';

test.describe('sections as config/ describes them', () => {
  test('the project gallery shows every project, and each filter the projects of its category or year', async ({
    page,
  }) => {
    const gallery = firstSection('project-gallery');
    test.skip(!gallery, 'no page has a project-gallery section');
    const { page: galleryPage, section } = gallery!;
    await visit(page, galleryPage.route);
    const group = page.getByRole('group', { name: section.filtersLabel, exact: true });
    const titles = page.getByRole('main').getByRole('article').getByRole('heading');
    await expect(group.getByRole('button')).toHaveText(section.filters.map((filter) => filter.label));
    await expect(group.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
    for (const [index, filter] of section.filters.entries()) {
      await group.getByRole('button').nth(index).click();
      await expect(group.getByRole('button').nth(index)).toHaveAttribute('aria-pressed', 'true');
      const shown = site.projects.filter(
        (project) =>
          filter.value === 'all' || project.category === filter.value || String(project.year) === filter.value,
      );
      await expect(titles).toHaveText(shown.map((project) => project.title));
      if (shown.length === 0)
        await expect(page.getByRole('main').getByText(section.emptyText, { exact: true })).toBeVisible();
    }
  });

  test('the chosen project filter stays in the address: a reload or a shared link opens with it, Back leaves the page', async ({
    page,
  }) => {
    const gallery = firstSection('project-gallery');
    test.skip(!gallery || gallery.section.filters.length < 2, 'no page has a project filter with two choices');
    const { page: galleryPage, section } = gallery!;
    const [first, second] = section.filters;
    await visit(page, '/');
    await visit(page, galleryPage.route);
    const group = page.getByRole('group', { name: section.filtersLabel, exact: true });
    await group.getByRole('button', { name: second!.label, exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('filter') === second!.value);
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(group.getByRole('button', { name: second!.label, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await group.getByRole('button', { name: first!.label, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === folderForm(galleryPage.route) && url.search === '');
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('the video opening plays its config video, muted and looping, with a pause button', async ({ page }) => {
    const hero = firstSection('video-hero');
    test.skip(!hero, 'no page has a video-hero section');
    const { page: heroPage, section } = hero!;
    await visit(page, heroPage.route);
    const video = page.locator('video');
    // The WebM copy is optional: the MP4 alone is a whole background video.
    if (section.video.webm)
      await expect(video.locator('source[type="video/webm"]')).toHaveAttribute('src', section.video.webm);
    else await expect(video.locator('source[type="video/webm"]')).toHaveCount(0);
    await expect(video.locator('source[type="video/mp4"]')).toHaveAttribute('src', section.video.mp4);
    await expect(video).toHaveAttribute('poster', section.video.poster);
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted && element.loop)).toBe(true);
    await page.getByRole('button', { name: section.video.pauseLabel, exact: true }).click();
    await expect(page.getByRole('button', { name: section.video.playLabel, exact: true })).toBeVisible();
  });
});
