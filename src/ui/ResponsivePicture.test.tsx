// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PICTURE_USES } from '../content/pictures.ts';
import { ResponsivePicture } from './ResponsivePicture.tsx';

/** The markup as a document, to read it as a browser would. */
const drawn = (element: React.ReactElement) =>
  new DOMParser().parseFromString(renderToStaticMarkup(element), 'text/html').body;

describe('a picture', () => {
  it('from a build offers WebP at every width of its shape, in its frame', () => {
    const body = drawn(
      <ResponsivePicture picture={{ src: '/media/logo.png', alt: 'Our logo', files: { key: 'abc123' } }} use="cover" />,
    );
    expect(body.querySelectorAll('picture > source')).toHaveLength(0);
    const widths = PICTURE_USES.cover.widths;
    const image = body.querySelector('picture > img')!;
    expect(image.getAttribute('srcset')).toBe(
      widths.map((width) => `/assets/pictures/ab/abc123-wide-${width}.webp ${width}w`).join(', '),
    );
    expect(image.getAttribute('src')).toBe(`/assets/pictures/ab/abc123-wide-${widths[1]}.webp`);
    expect(image.getAttribute('sizes')).toBe(PICTURE_USES.cover.sizes);
    expect([image.getAttribute('alt'), image.getAttribute('width'), image.getAttribute('height')]).toEqual([
      'Our logo',
      String(widths[widths.length - 1]),
      String(Math.round(widths[widths.length - 1]! / PICTURE_USES.cover.aspect)),
    ]);
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.hasAttribute('fetchpriority')).toBe(false);
  });

  it("shows a card's avatar and a profile's portrait from the same files, each at its own size", () => {
    const files = { key: 'fe0912' };
    const avatar = drawn(<ResponsivePicture picture={{ alt: 'Ama', files }} use="avatar" width={56} />);
    const portrait = drawn(<ResponsivePicture picture={{ alt: 'Ama', files }} use="portrait" width={160} />);
    const srcsets = (body: HTMLElement) =>
      [...body.querySelectorAll('source, img')].map((element) => element.getAttribute('srcset'));
    expect(srcsets(avatar)).toEqual(srcsets(portrait));
    expect(avatar.querySelector('img')!.getAttribute('sizes')).toBe('56px');
    expect(portrait.querySelector('img')!.getAttribute('sizes')).toBe('160px');
  });

  it("through Netlify's Image CDN: the whole picture at the width that fills the frame, placed by its focus", () => {
    // 800 × 1000, cut square: the frame shows 800 of its width, so a 112-pixel frame asks for it 112 wide.
    const files = {
      service: 'netlify',
      src: '/media/ama.jpg',
      width: 800,
      height: 1000,
      focus: { x: 50, y: 20 },
    } as const;
    const body = drawn(<ResponsivePicture picture={{ alt: 'Ama', files }} use="avatar" width={56} />);
    const image = body.querySelector('picture > img')! as HTMLImageElement;
    expect(image.getAttribute('srcset')).toBe(
      PICTURE_USES.avatar.widths
        .map((width) => `/.netlify/images?url=%2Fmedia%2Fama.jpg&w=${width}&fm=webp&q=75 ${width}w`)
        .join(', '),
    );
    expect(image.style.objectPosition).toBe('50% 20%');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['56', '56']);
  });

  it("through Cloudflare's image transformations: the frame cut around the focus, then resized", () => {
    // 1600 × 900 cut square around a focus at the left quarter: 900 wide from (1600 - 900) × 25% = 175.
    const files = {
      service: 'cloudflare',
      src: '/media/ama.jpg',
      width: 1600,
      height: 900,
      focus: { x: 25, y: 50 },
    } as const;
    const body = drawn(<ResponsivePicture picture={{ alt: 'Ama', files }} use="portrait" width={160} eager />);
    expect(body.querySelector('img')!.getAttribute('srcset')).toContain(
      '/cdn-cgi/image/trim=0;525;0;175,width=480,height=480,fit=cover,format=webp,quality=75/media/ama.jpg 480w',
    );
    expect(body.querySelector('img')!.getAttribute('src')).toBe(
      '/cdn-cgi/image/trim=0;525;0;175,width=240,height=240,fit=cover,format=webp,quality=75/media/ama.jpg',
    );
  });

  it('not yet through the pipeline (the preview) shows the original, framed around its focus', () => {
    const body = drawn(
      <ResponsivePicture
        picture={{ src: '/media/amara.jpg', alt: 'Amara', focus: { x: 20, y: 30 } }}
        use="avatar"
        width={56}
        eager
      />,
    );
    expect(body.querySelector('picture')).toBeNull();
    const image = body.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/media/amara.jpg');
    expect((image as HTMLImageElement).style.objectPosition).toBe('20% 30%');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['56', '56']);
    expect([image.getAttribute('loading'), image.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
  });
});
