import { siteFolders } from '../../src/checker/project-folders.ts';
import { validateConfig } from '../../src/checker/validate-config.ts';
import type { Page as PageConfig } from '../../src/generated/config-types.ts';
import { htmlErrors } from '../../src/build/built-site/html-validity.ts';
import { PHOTO_SITE_DIR, photoSiteDist, type PicturesMaker } from '../../src/testing/sites.ts';
import { expect, expectNoAxeViolations, test as base, visit, type Page } from '../fixtures.ts';

/** Who made the pictures' sizes of the photo site this project serves: its build, or a host's image service. */
const test = base.extend<{ pictures: PicturesMaker }>({ pictures: ['build', { option: true }] });

/**
 * The three photo sites' pages differ only in their pictures' addresses (and where a host's uncut picture sits in its
 * frame), and every picture's box is its frame's whatever the file (aspectRatio and objectFit,
 * src/ui/ResponsivePicture.tsx): what axe finds, and whether anything moves as the pictures arrive, are judged on the
 * build's pictures only. Addresses, loading, each picture's shape as drawn once loaded, link previews and valid HTML
 * are checked on every maker.
 */
const judgedOnce = (made: PicturesMaker) => made === 'build';
const SAME_FOR_EVERY_MAKER = "only the pictures' addresses differ, and each picture's box is its frame's";

/** Axe's verdict on the page as it is now, on the build's pictures (the same on every maker). */
async function expectNoAxeViolationsOnce(page: Page, made: PicturesMaker): Promise<void> {
  if (judgedOnce(made)) await expectNoAxeViolations(page);
}

/** The address of a picture of a shape ("square", "wide"), as the site's pictures are made. */
const addressOf = (pictures: PicturesMaker, shape: 'square' | 'wide') =>
  ({
    build: new RegExp(`/assets/pictures/[0-9a-f]{2}/[0-9a-f]{16}-${shape}-\\d+\\.webp$`),
    netlify: /\/\.netlify\/images\?url=%2Fmedia%2F[^&]+&w=\d+&fm=webp&q=\d+$/,
    cloudflare: /\/cdn-cgi\/image\/trim=[\d;]+,width=\d+,height=\d+,fit=cover,format=webp,quality=\d+\/media\//,
  })[pictures];
/** Where a profile's link preview is, under the site's address. */
const sharedAt = { build: '/assets/pictures/', netlify: '/.netlify/images?', cloudflare: '/cdn-cgi/image/' } as const;

// The live site with 30 generated creators, each with a photo, and its projects, each with an image
// (npm run build:photo-site). Every expectation comes from its config.
const { config: site } = validateConfig(siteFolders(PHOTO_SITE_DIR));
if (!site) throw new Error(`${PHOTO_SITE_DIR} does not hold a valid site: run npm run build:photo-site`);

const pageWith = (type: string) => site.pages.find((page) => page.sections.some((section) => section.type === type));
const routeOf = (page: PageConfig | undefined) => {
  if (!page) throw new Error('The photo site has no such page.');
  return page.route;
};
const directoryRoute = routeOf(pageWith('influencer-directory'));
const workRoute = routeOf(pageWith('project-gallery'));
const profileRoute = routeOf(pageWith('influencer-profile'));
const directory = pageWith('influencer-directory')!.sections.find((section) => section.type === 'influencer-directory');
const pageSize = directory && 'pageSize' in directory ? directory.pageSize : 0;

const cardPictures = (page: Page) => page.getByRole('main').getByRole('article').locator('picture img');

/** What the browser made of each picture once loaded: the file it chose, its size, and its attributes. */
async function loadedPictures(page: Page) {
  const images = cardPictures(page);
  const count = await images.count();
  for (let index = 0; index < count; index++) await images.nth(index).scrollIntoViewIfNeeded();
  await expect
    .poll(() => images.evaluateAll((all) => all.every((image) => (image as HTMLImageElement).complete)))
    .toBe(true);
  return images.evaluateAll((all) =>
    (all as HTMLImageElement[]).map((image) => ({
      alt: image.alt,
      chosen: image.currentSrc,
      loaded: image.naturalWidth > 0,
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      loading: image.getAttribute('loading'),
      priority: image.getAttribute('fetchpriority'),
      // As drawn: the frame's shape, whatever the shape of the file.
      shown: Math.round((image.getBoundingClientRect().width / image.getBoundingClientRect().height) * 100) / 100,
    })),
  );
}

test.describe('creators with photos', () => {
  test("each card of the directory's first page shows its creator's photo, at a width of its shape, with its alt text", async ({
    page,
    pictures: made,
  }) => {
    await visit(page, directoryRoute);
    const pictures = await loadedPictures(page);
    expect(pictures.map((picture) => picture.alt)).toEqual(
      site.influencers.slice(0, pageSize).map((influencer) => influencer.photo!.alt),
    );
    for (const picture of pictures) {
      expect(picture.chosen).toMatch(addressOf(made, 'square'));
      expect(picture).toMatchObject({ loaded: true, width: '56', height: '56', loading: 'lazy', shown: 1 });
    }
    await expectNoAxeViolationsOnce(page, made);
  });

  test('the cards a search finds, drawn in the browser, show photos too', async ({ page }) => {
    await visit(page, directoryRoute);
    const wanted = site.influencers[site.influencers.length - 1]!;
    await page.getByRole('searchbox').fill(wanted.name);
    await expect(cardPictures(page)).toHaveCount(1);
    await expect(cardPictures(page).first()).toHaveAttribute('alt', wanted.photo!.alt);
    await expect
      .poll(() =>
        cardPictures(page)
          .first()
          .evaluate((image) => (image as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
  });

  test('a profile shows the photo at once, and shares it in link previews', async ({
    page,
    request,
    pictures: made,
  }) => {
    const influencer = site.influencers[2]!;
    await visit(page, profileRoute.replace(':id', String(influencer.id)));
    const photo = page.getByRole('main').getByRole('img', { name: influencer.photo!.alt });
    await expect(photo).toHaveAttribute('loading', 'eager');
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
    // Round, in a square frame, once the photo has loaded, whatever the shape of the file the host sent.
    await expect.poll(() => photo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const box = (await photo.boundingBox())!;
    expect(Math.round(box.width)).toBe(Math.round(box.height));
    await expect
      .poll(() => photo.evaluate((image) => (image as HTMLImageElement).currentSrc))
      .toMatch(addressOf(made, 'square'));
    const shared = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(shared!.startsWith(`${site.site.url}${sharedAt[made]}`)).toBe(true);
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', influencer.photo!.alt);
    const preview = await request.get(shared!.slice(site.site.url.length));
    expect(preview.headers()['content-type']).toBe('image/jpeg');
    await expectNoAxeViolationsOnce(page, made);
  });
});

test.describe('projects with images', () => {
  test('each card on the Work page shows its image; only the first is fetched at once', async ({
    page,
    pictures: made,
  }) => {
    await visit(page, workRoute);
    const pictures = await loadedPictures(page);
    expect(pictures.map((picture) => picture.alt)).toEqual(site.projects.map((project) => project.image!.alt));
    pictures.forEach((picture, index) => {
      expect(picture.chosen).toMatch(addressOf(made, 'wide'));
      expect(picture).toMatchObject({ loaded: true, width: '960', height: '540', shown: 1.78 });
      expect([picture.loading, picture.priority]).toEqual(index === 0 ? ['eager', 'high'] : ['lazy', null]);
    });
    await expectNoAxeViolationsOnce(page, made);
  });

  test('nothing moves as the pictures arrive, on the Work page, the directory and a profile', async ({
    page,
    pictures: made,
  }) => {
    test.skip(!judgedOnce(made), SAME_FOR_EVERY_MAKER);
    await page.addInitScript(() => {
      (window as unknown as { shifted: number }).shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          (window as unknown as { shifted: number }).shifted += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const route of [workRoute, directoryRoute, profileRoute.replace(':id', String(site.influencers[0]!.id))]) {
      await visit(page, route);
      const pictures = page.getByRole('main').locator('picture img');
      await expect(pictures.first()).toBeVisible();
      await expect
        .poll(() => pictures.first().evaluate((image) => (image as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted), route).toBe(0);
    }
  });
});

test('pages with pictures are valid HTML to the W3C Nu Html Checker', async ({ pictures }) => {
  test.setTimeout(120_000);
  const { errors } = await htmlErrors(photoSiteDist(pictures));
  expect(errors).toEqual([]);
});
