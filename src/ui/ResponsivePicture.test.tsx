// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PICTURE_USES } from '../content/pictures.ts';
import { ResponsivePicture } from './ResponsivePicture.tsx';

/** The markup as a document, to read it as a browser would. */
const drawn = (element: React.ReactElement) =>
  new DOMParser().parseFromString(renderToStaticMarkup(element), 'text/html').body;

describe('a picture', () => {
  it('from a build offers AVIF and WebP at every width of its use, then the fallback, in its frame', () => {
    const body = drawn(
      <ResponsivePicture
        picture={{ src: '/media/logo.png', alt: 'Our logo', files: { key: 'abc123', fallback: 'png' } }}
        use="cover"
      />,
    );
    const sources = [...body.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    const widths = PICTURE_USES.cover.widths;
    expect(sources[0]!.getAttribute('srcset')).toBe(
      widths.map((width) => `/assets/pictures/abc123-cover-${width}.avif ${width}w`).join(', '),
    );
    const image = body.querySelector('picture > img')!;
    expect(image.getAttribute('srcset')).toBe(
      widths.map((width) => `/assets/pictures/abc123-cover-${width}.png ${width}w`).join(', '),
    );
    expect(image.getAttribute('sizes')).toBe(PICTURE_USES.cover.sizes);
    expect([image.getAttribute('alt'), image.getAttribute('width'), image.getAttribute('height')]).toEqual([
      'Our logo',
      String(widths[widths.length - 1]),
      String(Math.round(widths[widths.length - 1]! / PICTURE_USES.cover.aspect)),
    ]);
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.hasAttribute('fetchpriority')).toBe(false);
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
