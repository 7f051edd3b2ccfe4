import { expect, expectNoAxeViolations, test, visit } from '../fixtures.ts';
import { addressesToVisit, fillInfluencer, profilePage, profilePath, site } from './live-site.ts';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

// One visit a page: opened as a phone opens it (the layout most likely to overflow), then widened to a desktop's
// screen, where its headings, landmarks and axe are checked; three visits proved nothing one does not.
for (const address of addressesToVisit()) {
  test(`${address.path} as config/ describes it: pre-rendered, fits a 375 px phone, one h1, landmarks, no axe violations`, async ({
    page,
    request,
    viewport,
  }) => {
    const response = await request.get(address.path);
    expect(response.status()).toBe(address.status);
    const html = await response.text();
    expect(html).toContain(`<title>${escapeHtml(address.title)}</title>`);
    expect(html).toContain(`<meta name="description" content="${escapeHtml(address.description)}"`);
    expect(html).toContain(escapeHtml(address.h1));

    await page.setViewportSize({ width: 375, height: 812 });
    await visit(page, address.path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'sideways scrolling on a 375 px phone').toBeLessThanOrEqual(0);
    await expect(
      page.getByRole('banner').getByRole('button', { name: site.site.labels.openMenu, exact: true }),
    ).toBeVisible();

    await page.setViewportSize(viewport!);
    await expect(page).toHaveTitle(address.title);
    await expect(page.locator('html')).toHaveAttribute('lang', site.site.language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(address.h1);
    await expect(page.locator('title')).toHaveCount(1);
    for (const landmark of ['banner', 'main', 'contentinfo'] as const)
      await expect(page.getByRole(landmark)).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('every influencer in config has a pre-rendered profile with their name, handle and rates', async ({ request }) => {
  test.skip(!profilePage, 'config/pages has no influencer profile page');
  for (const influencer of site.influencers) {
    const response = await request.get(profilePath(influencer));
    expect(response.status(), profilePath(influencer)).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${escapeHtml(fillInfluencer(profilePage!.title, influencer))}</title>`);
    for (const text of [influencer.name, influencer.handle, influencer.rates])
      expect(html, profilePath(influencer)).toContain(escapeHtml(text));
  }
});
